// The fixed words of receipts, kitchen tickets and shift reports, in both
// languages. Kept together so a translator (or ZATCA's required wording)
// changes one file.

export interface Label {
  en: string;
  ar: string;
}

export const LABELS = {
  simplifiedInvoice: { en: 'Simplified Tax Invoice', ar: 'فاتورة ضريبية مبسطة' },
  /** A standard (B2B) invoice ZATCA cleared: it names its buyer. */
  taxInvoice: { en: 'Tax Invoice', ar: 'فاتورة ضريبية' },
  buyer: { en: 'Buyer', ar: 'المشتري' },
  crn: { en: 'CRN', ar: 'السجل التجاري' },
  address: { en: 'Address', ar: 'العنوان' },
  creditNote: { en: 'Credit Note (Refund)', ar: 'إشعار دائن (استرجاع)' },
  /** The standard credit note ZATCA cleared for a tax invoice's refund: it names the same buyer. */
  taxCreditNote: { en: 'Tax Credit Note', ar: 'إشعار دائن للفاتورة الضريبية' },
  copy: { en: '** COPY **', ar: 'نسخة' },
  displayOffline: { en: 'DISPLAY OFFLINE - paper instead', ar: 'شاشة المطبخ غير متصلة - ورقة بدلاً منها' },
  unpaid: { en: 'UNPAID - pay later', ar: 'غير مدفوع - الدفع لاحقاً' },
  settled: { en: 'PAID - settled', ar: 'مدفوع - تمت التسوية' },
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
  // The X, Z and business-day reports.
  xReport: { en: 'X report (shift so far)', ar: 'تقرير X (الوردية حتى الآن)' },
  zReport: { en: 'Z report (shift closed)', ar: 'تقرير Z (إغلاق الوردية)' },
  dayReport: { en: 'Business day report', ar: 'تقرير يوم العمل' },
  day: { en: 'Business day', ar: 'يوم العمل' },
  opened: { en: 'Opened', ar: 'الفتح' },
  closed: { en: 'Closed', ar: 'الإغلاق' },
  closedBy: { en: 'Closed by', ar: 'أغلقها' },
  orders: { en: 'Orders', ar: 'الطلبات' },
  refundCount: { en: 'Refunds (count)', ar: 'المرتجعات (عدد)' },
  gross: { en: 'Gross sales', ar: 'إجمالي المبيعات' },
  discounts: { en: 'Discounts', ar: 'الخصومات' },
  refunds: { en: 'Refunds', ar: 'المرتجعات' },
  net: { en: 'Net sales', ar: 'صافي المبيعات' },
  payLaterOwed: { en: 'Pay later (owed)', ar: 'الدفع لاحقاً (مستحق)' },
  byMethod: { en: 'By payment method', ar: 'حسب طريقة الدفع' },
  byCategory: { en: 'By category', ar: 'حسب الفئة' },
  byCashier: { en: 'By cashier', ar: 'حسب الكاشير' },
  float: { en: 'Opening float', ar: 'رصيد الافتتاح' },
  cashIn: { en: 'Cash in', ar: 'إيداع نقدي' },
  cashOut: { en: 'Cash out', ar: 'سحب نقدي' },
  expected: { en: 'Cash expected', ar: 'النقد المتوقع' },
  counted: { en: 'Cash counted', ar: 'النقد المعدود' },
  overShort: { en: 'Over / short', ar: 'زيادة / عجز' },
  pending: { en: 'Orders waiting to upload', ar: 'طلبات بانتظار الرفع' },
  shifts: { en: 'Shifts', ar: 'الورديات' },
  station: { en: 'Station', ar: 'المحطة' },
  byStation: { en: 'By station', ar: 'حسب المحطة' },
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
