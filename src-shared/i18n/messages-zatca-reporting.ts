/**
 * Text of ZATCA reporting (issue 22): what a rejected document means and
 * what the manager issues next, and why reporting waits; spread into
 * MESSAGES_EN and MESSAGES_AR. The Arabic object is typed against the
 * English keys, so a missing translation fails the build.
 */
export const ZATCA_REPORTING_MESSAGES_EN = {
  'zatca.rejectedInvoice':
    'ZATCA rejected invoice {number} (ICV {icv}). It keeps its place in the invoice chain and cannot be changed or deleted. Issue a credit note for it (refund order {number} in full), then a corrected invoice (sell the order again).',
  'zatca.rejectedCredit':
    'ZATCA rejected credit note {number} (ICV {icv}). It keeps its place in the invoice chain and cannot be changed or deleted. Issue a debit note that reverses it, then a corrected credit note (with your accountant: the counter issues invoices and credit notes only).',
  'zatca.rejectedDebit':
    'ZATCA rejected debit note {number} (ICV {icv}). It keeps its place in the invoice chain and cannot be changed or deleted. Issue a credit note that reverses it, then a corrected debit note.',
  'zatca.reportingPaused':
    "ZATCA did not accept this till's CSID, so reporting is paused. Renew the CSID (onboard the EGS unit again); the documents wait and nothing is lost.",
} as const;

export type ZatcaReportingMessageKey = keyof typeof ZATCA_REPORTING_MESSAGES_EN;

export const ZATCA_REPORTING_MESSAGES_AR: Record<ZatcaReportingMessageKey, string> = {
  'zatca.rejectedInvoice':
    'رفضت هيئة الزكاة والضريبة والجمارك الفاتورة {number} (عداد الفاتورة {icv}). تبقى الفاتورة في مكانها في سلسلة الفواتير ولا يجوز تعديلها أو حذفها. أصدر إشعارًا دائنًا لها (استرجاع الطلب {number} بالكامل)، ثم فاتورة مصححة (بيع الطلب من جديد).',
  'zatca.rejectedCredit':
    'رفضت هيئة الزكاة والضريبة والجمارك الإشعار الدائن {number} (عداد الفاتورة {icv}). يبقى في مكانه في سلسلة الفواتير ولا يجوز تعديله أو حذفه. أصدر إشعارًا مدينًا يلغيه، ثم إشعارًا دائنًا مصححًا (مع محاسبك: نقطة البيع تصدر الفواتير والإشعارات الدائنة فقط).',
  'zatca.rejectedDebit':
    'رفضت هيئة الزكاة والضريبة والجمارك الإشعار المدين {number} (عداد الفاتورة {icv}). يبقى في مكانه في سلسلة الفواتير ولا يجوز تعديله أو حذفه. أصدر إشعارًا دائنًا يلغيه، ثم إشعارًا مدينًا مصححًا.',
  'zatca.reportingPaused':
    'لم تقبل هيئة الزكاة والضريبة والجمارك شهادة الختم (CSID) لهذه النقطة، لذلك توقف الإبلاغ. جدّد الشهادة (أعد تسجيل وحدة الفوترة)؛ تبقى المستندات بانتظار الإرسال ولا يضيع شيء.',
};
