/**
 * What ZATCA onboarding and ZATCA's API say to the person at the till
 * (src-main/zatca/zatca-api.ts, onboard-egs.ts), in both languages; spread
 * into MESSAGES_EN and MESSAGES_AR. Each says what happened and what to do.
 */
export const ZATCA_ONBOARD_MESSAGES_EN = {
  'zatca.api.invalidOtp':
    'ZATCA did not accept the one-time password ({detail}). Take a new OTP from the FATOORA portal (fatoora.zatca.gov.sa, "Onboard new solution unit/device") and onboard again.',
  'zatca.api.refused': 'ZATCA refused {what} ({status}: {detail}). Check the seller settings (VAT number, CRN, address) and onboard again with a new OTP.',
  'zatca.api.unauthorized': "ZATCA did not accept the EGS unit's credentials for {what} (401). Onboard the till again with a new OTP from the FATOORA portal.",
  'zatca.api.throttled': 'ZATCA asked the till to slow down on {what} (429). Try again in a minute.',
  'zatca.api.server': "ZATCA failed on {what} ({status}). This is on ZATCA's side: try again in a few minutes.",
  'zatca.api.network': 'Could not reach ZATCA for {what} ({detail}). Check the internet connection and the ZATCA address, then try again.',
  'zatca.api.unexpected':
    "ZATCA's answer to {what} is not what the till expects ({status}: {detail}). Check the ZATCA address (--env or --url); if it is right, report this to Till's support.",
  'zatca.onboard.sellerMissing': 'Set the seller settings ZATCA needs first ({missing}), then onboard again.',
  'zatca.onboard.checkFailed':
    "ZATCA's compliance check of the {document} failed: {messages}. Correct what ZATCA names (usually a seller setting) and onboard again with a new OTP.",
  'zatca.onboard.document.invoice': 'simplified tax invoice',
  'zatca.onboard.document.credit': 'credit note',
  'zatca.onboard.document.debit': 'debit note',
  'zatca.onboard.document.standard.invoice': 'standard tax invoice',
  'zatca.onboard.document.standard.credit': 'standard credit note',
  'zatca.onboard.document.standard.debit': 'standard debit note',
} as const;

export type ZatcaOnboardMessageKey = keyof typeof ZATCA_ONBOARD_MESSAGES_EN;

export const ZATCA_ONBOARD_MESSAGES_AR: Record<ZatcaOnboardMessageKey, string> = {
  'zatca.api.invalidOtp':
    'لم تقبل هيئة الزكاة والضريبة والجمارك رمز التحقق لمرة واحدة ({detail}). احصل على رمز جديد من بوابة فاتورة (fatoora.zatca.gov.sa، "تسجيل وحدة حل/جهاز جديد") ثم أعد التسجيل.',
  'zatca.api.refused':
    'رفضت هيئة الزكاة والضريبة والجمارك {what} ({status}: {detail}). راجع إعدادات البائع (الرقم الضريبي والسجل التجاري والعنوان) ثم أعد التسجيل برمز تحقق جديد.',
  'zatca.api.unauthorized':
    'لم تقبل هيئة الزكاة والضريبة والجمارك بيانات اعتماد وحدة الفوترة لـ {what} (401). أعد تسجيل الكاشير برمز تحقق جديد من بوابة فاتورة.',
  'zatca.api.throttled': 'طلبت هيئة الزكاة والضريبة والجمارك من الكاشير الإبطاء في {what} (429). حاول مرة أخرى بعد دقيقة.',
  'zatca.api.server': 'حدث خطأ لدى هيئة الزكاة والضريبة والجمارك في {what} ({status}). المشكلة من جهة الهيئة: حاول مرة أخرى بعد بضع دقائق.',
  'zatca.api.network': 'تعذر الوصول إلى هيئة الزكاة والضريبة والجمارك لـ {what} ({detail}). تحقق من الاتصال بالإنترنت ومن عنوان الهيئة ثم حاول مرة أخرى.',
  'zatca.api.unexpected':
    'رد هيئة الزكاة والضريبة والجمارك على {what} ليس كما يتوقعه الكاشير ({status}: {detail}). تحقق من عنوان الهيئة (--env أو --url)؛ وإن كان صحيحاً فأبلغ دعم الكاشير.',
  'zatca.onboard.sellerMissing': 'اضبط أولاً إعدادات البائع التي تطلبها الهيئة ({missing}) ثم أعد التسجيل.',
  'zatca.onboard.checkFailed':
    'لم ينجح فحص الامتثال لدى الهيئة لـ {document}: {messages}. صحح ما تذكره الهيئة (غالباً أحد إعدادات البائع) ثم أعد التسجيل برمز تحقق جديد.',
  'zatca.onboard.document.invoice': 'الفاتورة الضريبية المبسطة',
  'zatca.onboard.document.credit': 'الإشعار الدائن',
  'zatca.onboard.document.debit': 'الإشعار المدين',
  'zatca.onboard.document.standard.invoice': 'الفاتورة الضريبية (للمنشآت)',
  'zatca.onboard.document.standard.credit': 'الإشعار الدائن (للمنشآت)',
  'zatca.onboard.document.standard.debit': 'الإشعار المدين (للمنشآت)',
};
