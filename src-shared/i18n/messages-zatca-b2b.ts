/**
 * Standard (B2B) tax invoices at checkout (issue 22): the buyer's fields,
 * clearance's outcomes and why one cannot be issued, in both languages;
 * spread into MESSAGES_EN and MESSAGES_AR. Each says what happened and what
 * to do.
 */
export const ZATCA_B2B_MESSAGES_EN = {
  'error.zatca_clearance': 'A tax invoice for a business cannot be issued right now.',
  'reason.zatca.b2bOffline':
    'ZATCA cannot be reached, and a tax invoice for a business must be cleared by ZATCA before it prints. Nothing was charged: issue a simplified invoice instead, or try again once online.',
  'reason.zatca.b2bNotOnboarded':
    "This till's ZATCA unit is not onboarded for tax invoices to businesses (B2B). A manager onboards it again (Branch → ZATCA) to issue them; meanwhile issue a simplified invoice.",
  'reason.zatca.b2bSellerMissing': 'The seller address or CRN is not set. A manager completes them (Branch → ZATCA); meanwhile issue a simplified invoice.',
  'reason.zatca.notReplaceable': 'Order {number} has no uncleared business invoice to replace; nothing was issued.',
  'b2b.toggle': 'Tax invoice for a business',
  'b2b.title': 'Business buyer (B2B tax invoice)',
  'b2b.note': 'Cleared by ZATCA before it prints; needs the internet.',
  'b2b.field.name': 'Business name',
  'b2b.field.vat_number': 'VAT number',
  'b2b.field.crn': 'CR number (optional)',
  'b2b.field.street': 'Street',
  'b2b.field.building': 'Building no.',
  'b2b.field.district': 'District',
  'b2b.field.city': 'City',
  'b2b.field.postal_code': 'Postal code',
  'b2b.problem.name': 'The business name is required.',
  'b2b.problem.vat_number': '15 digits that start and end with 3.',
  'b2b.problem.crn': '10 digits, or leave empty.',
  'b2b.problem.street': 'The street is required.',
  'b2b.problem.building': '4 digits.',
  'b2b.problem.district': 'The district is required.',
  'b2b.problem.city': 'The city is required.',
  'b2b.problem.postal_code': '5 digits.',
  'b2b.cleared': 'ZATCA cleared the tax invoice; the receipt is printing.',
  'b2b.refused': 'ZATCA refused to clear the tax invoice: {messages}. It is kept, not handed over. Issue a simplified invoice for this sale.',
  'b2b.unanswered': 'ZATCA did not answer the clearance ({messages}). Issue a simplified invoice for this sale; the till asks ZATCA once more first.',
  'b2b.simplified': 'A simplified invoice was issued for this sale instead; the receipt is printing.',
  'b2b.issueSimplified': 'Issue simplified invoice',
  'reason.zatca.creditOffline':
    "ZATCA cannot be reached. This sale's tax invoice was cleared by ZATCA, so its refund is a credit note ZATCA must clear before it prints (a simplified credit note cannot reverse a tax invoice). Nothing was refunded: give no money back yet, and refund again once online.",
  'reason.zatca.creditNotOnboarded':
    "This sale's tax invoice was cleared by ZATCA, so its refund is a credit note ZATCA must clear, and this till's ZATCA unit cannot issue one now. Nothing was refunded: a manager checks Branch → ZATCA (onboarding for tax invoices, the seller details), then refund again.",
  'reason.zatca.refundBeforeInvoice':
    'Order {number} has no invoice yet: ZATCA has not cleared its tax invoice. Issue its invoice first (its receipt: Issue simplified invoice), then refund it.',
  'reason.zatca.notReissuable': 'Order {number} has no credit note waiting for ZATCA; nothing was issued.',
  'reason.zatca.clearanceUnproven':
    "ZATCA's answer said cleared, but it is not counted as cleared: {problem}. The invoice keeps its number and is not printed. A manager checks where this till sends its invoices (Branch → ZATCA); meanwhile issue a simplified invoice for the sale.",
  'b2b.credit.cleared': 'ZATCA cleared the credit note; the receipt is printing. Give the money back.',
  'b2b.credit.refused':
    'ZATCA refused to clear the credit note: {messages}. Give no money back yet. The note keeps its number in the invoice chain and is not handed over. A manager fixes what ZATCA says, then issues the credit note again (it takes the next number).',
  'b2b.credit.unanswered':
    'ZATCA did not answer the clearance of the credit note ({messages}). Give no money back yet; issue it again once online (the till asks ZATCA about this one first).',
  'b2b.credit.simplified': 'The credit note was replaced by a simplified one.',
  'b2b.credit.retry': 'Issue the credit note again',
  'zatca.egs.invoiceTypes': 'Invoices',
  'zatca.egs.typesBoth': 'Standard (B2B, cleared) and simplified (reported)',
  'zatca.egs.typesSimplifiedOnly': 'Simplified only: onboard again (below) to issue tax invoices to businesses',
} as const;

export type ZatcaB2bMessageKey = keyof typeof ZATCA_B2B_MESSAGES_EN;

export const ZATCA_B2B_MESSAGES_AR: Record<ZatcaB2bMessageKey, string> = {
  'error.zatca_clearance': 'لا يمكن إصدار فاتورة ضريبية لمنشأة الآن.',
  'reason.zatca.b2bOffline':
    'تعذّر الوصول إلى هيئة الزكاة والضريبة والجمارك، والفاتورة الضريبية للمنشآت يجب أن تعتمدها الهيئة قبل طباعتها. لم يُحصَّل أي مبلغ: أصدر فاتورة مبسطة بدلاً منها، أو حاول مجدداً عند عودة الاتصال.',
  'reason.zatca.b2bNotOnboarded':
    'وحدة الفوترة في هذا الكاشير غير مسجلة لإصدار الفواتير الضريبية للمنشآت. يعيد المدير تسجيلها (الفرع ← الزكاة والضريبة) لإصدارها؛ وحتى ذلك الحين أصدر فاتورة مبسطة.',
  'reason.zatca.b2bSellerMissing': 'عنوان البائع أو سجله التجاري غير مضبوط. يكمله المدير (الفرع ← الزكاة والضريبة)؛ وحتى ذلك الحين أصدر فاتورة مبسطة.',
  'reason.zatca.notReplaceable': 'الطلب {number} ليس له فاتورة منشأة غير معتمدة لاستبدالها؛ لم يصدر شيء.',
  'b2b.toggle': 'فاتورة ضريبية لمنشأة',
  'b2b.title': 'المشتري (فاتورة ضريبية لمنشأة)',
  'b2b.note': 'تعتمدها الهيئة قبل الطباعة؛ تحتاج إلى الإنترنت.',
  'b2b.field.name': 'اسم المنشأة',
  'b2b.field.vat_number': 'الرقم الضريبي',
  'b2b.field.crn': 'رقم السجل التجاري (اختياري)',
  'b2b.field.street': 'الشارع',
  'b2b.field.building': 'رقم المبنى',
  'b2b.field.district': 'الحي',
  'b2b.field.city': 'المدينة',
  'b2b.field.postal_code': 'الرمز البريدي',
  'b2b.problem.name': 'اسم المنشأة مطلوب.',
  'b2b.problem.vat_number': '15 رقماً تبدأ وتنتهي بالرقم 3.',
  'b2b.problem.crn': '10 أرقام، أو اتركه فارغاً.',
  'b2b.problem.street': 'الشارع مطلوب.',
  'b2b.problem.building': '4 أرقام.',
  'b2b.problem.district': 'الحي مطلوب.',
  'b2b.problem.city': 'المدينة مطلوبة.',
  'b2b.problem.postal_code': '5 أرقام.',
  'b2b.cleared': 'اعتمدت الهيئة الفاتورة الضريبية؛ جارٍ طباعة الإيصال.',
  'b2b.refused': 'رفضت الهيئة اعتماد الفاتورة الضريبية: {messages}. تُحفظ ولا تُسلَّم. أصدر فاتورة مبسطة لهذا البيع.',
  'b2b.unanswered': 'لم ترد الهيئة على طلب الاعتماد ({messages}). أصدر فاتورة مبسطة لهذا البيع؛ يسأل الكاشير الهيئة مرة أخرى أولاً.',
  'b2b.simplified': 'صدرت فاتورة مبسطة لهذا البيع بدلاً منها؛ جارٍ طباعة الإيصال.',
  'b2b.issueSimplified': 'إصدار فاتورة مبسطة',
  'reason.zatca.creditOffline':
    'تعذّر الوصول إلى هيئة الزكاة والضريبة والجمارك. اعتمدت الهيئة الفاتورة الضريبية لهذا البيع، لذا يكون استرجاعه إشعاراً دائناً يجب أن تعتمده الهيئة قبل طباعته (لا يعكس الإشعار الدائن المبسط فاتورة ضريبية). لم يُسترجع شيء: لا تُعِد أي مبلغ الآن، وأعد الاسترجاع عند عودة الاتصال.',
  'reason.zatca.creditNotOnboarded':
    'اعتمدت الهيئة الفاتورة الضريبية لهذا البيع، لذا يكون استرجاعه إشعاراً دائناً تعتمده الهيئة، ووحدة الفوترة في هذا الكاشير لا تستطيع إصداره الآن. لم يُسترجع شيء: يراجع المدير (الفرع ← الزكاة والضريبة) التسجيل للفواتير الضريبية وبيانات البائع، ثم أعد الاسترجاع.',
  'reason.zatca.refundBeforeInvoice':
    'الطلب {number} ليس له فاتورة بعد: لم تعتمد الهيئة فاتورته الضريبية. أصدر فاتورته أولاً (من إيصاله: إصدار فاتورة مبسطة)، ثم استرجعه.',
  'reason.zatca.notReissuable': 'الطلب {number} ليس له إشعار دائن ينتظر اعتماد الهيئة؛ لم يصدر شيء.',
  'reason.zatca.clearanceUnproven':
    'قال الرد إن الفاتورة معتمدة، لكنها لا تُحتسب معتمدة: {problem}. تحتفظ الفاتورة برقمها ولا تُطبع. يتحقق المدير من الجهة التي ترسل إليها نقطة البيع فواتيرها (الفرع ← هيئة الزكاة)؛ وفي الأثناء أصدر فاتورة مبسطة لهذا البيع.',
  'b2b.credit.cleared': 'اعتمدت الهيئة الإشعار الدائن؛ جارٍ طباعة الإيصال. أعِد المبلغ.',
  'b2b.credit.refused':
    'رفضت الهيئة اعتماد الإشعار الدائن: {messages}. لا تُعِد أي مبلغ الآن. يحتفظ الإشعار برقمه في سلسلة الفواتير ولا يُسلَّم. يصحح المدير ما ذكرته الهيئة، ثم يُصدر الإشعار الدائن مجدداً (يأخذ الرقم التالي).',
  'b2b.credit.unanswered':
    'لم ترد الهيئة على طلب اعتماد الإشعار الدائن ({messages}). لا تُعِد أي مبلغ الآن؛ أصدره مجدداً عند عودة الاتصال (يسأل الكاشير الهيئة عن هذا الإشعار أولاً).',
  'b2b.credit.simplified': 'استُبدل الإشعار الدائن بإشعار مبسط.',
  'b2b.credit.retry': 'إصدار الإشعار الدائن مجدداً',
  'zatca.egs.invoiceTypes': 'الفواتير',
  'zatca.egs.typesBoth': 'الضريبية للمنشآت (تعتمدها الهيئة) والمبسطة (يُبلَّغ عنها)',
  'zatca.egs.typesSimplifiedOnly': 'المبسطة فقط: أعد التسجيل (أدناه) لإصدار الفواتير الضريبية للمنشآت',
};
