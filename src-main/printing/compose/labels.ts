// The fixed words of receipts and kitchen tickets, in both languages. Kept
// together so a translator (or ZATCA's required wording) changes one file.

export interface Label {
  en: string;
  ar: string;
}

export const LABELS = {
  simplifiedInvoice: { en: 'Simplified Tax Invoice', ar: 'فاتورة ضريبية مبسطة' },
  creditNote: { en: 'Credit Note (Refund)', ar: 'إشعار دائن (استرجاع)' },
  copy: { en: '** COPY **', ar: 'نسخة' },
  unpaid: { en: 'UNPAID - pay later', ar: 'غير مدفوع - الدفع لاحقاً' },
  vatNumber: { en: 'VAT No.', ar: 'الرقم الضريبي' },
  /** In place of the ZATCA QR when the seller has no VAT number (setting vat_number, or the service's /me). */
  noVatNumber: { en: 'No VAT number: no ZATCA QR code', ar: 'لا يوجد رقم ضريبي: بدون رمز الاستجابة السريعة' },
  order: { en: 'Order', ar: 'رقم الطلب' },
  date: { en: 'Date', ar: 'التاريخ' },
  table: { en: 'Table', ar: 'طاولة' },
  subtotal: { en: 'Subtotal', ar: 'المجموع الفرعي' },
  discount: { en: 'Discount', ar: 'الخصم' },
  vat: { en: 'VAT', ar: 'ضريبة القيمة المضافة' },
  total: { en: 'Total', ar: 'الإجمالي' },
  tendered: { en: 'Cash tendered', ar: 'المبلغ المستلم' },
  change: { en: 'Change', ar: 'الباقي' },
  note: { en: 'Note', ar: 'ملاحظة' },
  thanks: { en: 'Thank you for your visit', ar: 'شكراً لزيارتكم' },
  reverses: { en: 'Reverses invoice', ar: 'يعكس الفاتورة' },
  reason: { en: 'Reason', ar: 'السبب' },
  cashier: { en: 'Cashier', ar: 'الكاشير' },
} as const satisfies Record<string, Label>;

export const ORDER_TYPE_LABELS: Record<string, Label> = {
  DINE_IN: { en: 'Dine in', ar: 'محلي' },
  TAKEAWAY: { en: 'Takeaway', ar: 'سفري' },
  DELIVERY: { en: 'Delivery', ar: 'توصيل' },
};

/** Arabic names of the payment methods the spec names; others print their service name only. */
export const PAYMENT_METHOD_ARABIC: Record<string, string> = {
  CASH: 'نقداً',
  PAY_LATER: 'الدفع لاحقاً',
  MADA: 'مدى',
  VISA: 'فيزا',
  MASTERCARD: 'ماستركارد',
  APPLE_PAY: 'آبل باي',
};
