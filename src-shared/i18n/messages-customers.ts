/**
 * Text of customers added (issue 35, item 4) and corrected at the counter:
 * the forms, and why an add or an edit was refused; spread into MESSAGES_EN and MESSAGES_AR. The
 * Arabic object is typed against the English keys, so a missing
 * translation fails the build.
 */
export const CUSTOMER_ADD_MESSAGES_EN = {
  'error.customer_exists': 'A customer with this phone is already known: choose them instead',
  'reason.customer_exists': '{name} already has this phone number: choose them instead of adding a new customer.',
  'reason.customer_phone_format': 'Type the phone with its country code: + then 8 to 15 digits, like +966 50 123 4567.',
  'reason.customer_phone_prefix': 'Till does not know this country code: put a space after it, like +966 501234567.',
  'customerAdd.title': 'New customer',
  'customerAdd.name': 'Name',
  'customerAdd.phone': 'Phone with country code',
  'customerAdd.email': 'Email (optional)',
  'customerAdd.save': 'Add and choose',
  'customerAdd.useExisting': 'Choose {name}',
  'reason.customer_phone_taken': '{name} already has this phone number: a phone belongs to one customer.',
  'reason.customer_unknown': 'This till does not know that customer any more: search again.',
  'customerEdit.open': 'Edit customer',
  'customerEdit.title': 'Edit {name}',
  'customerEdit.save': 'Save changes',
  'customerEdit.saved': 'Saved here; the service gets the change with the next sync.',
  'customerEdit.unchanged': 'Nothing changed.',
};

export type CustomerAddMessageKey = keyof typeof CUSTOMER_ADD_MESSAGES_EN;

export const CUSTOMER_ADD_MESSAGES_AR: Record<CustomerAddMessageKey, string> = {
  'error.customer_exists': 'يوجد عميل بهذا الرقم: اختره بدلاً من إضافة عميل جديد',
  'reason.customer_exists': 'رقم الهاتف هذا مسجّل باسم {name}: اختره بدلاً من إضافة عميل جديد.',
  'reason.customer_phone_format': 'اكتب رقم الهاتف مع رمز الدولة: + ثم من 8 إلى 15 رقماً، مثل ‎+966 50 123 4567.',
  'reason.customer_phone_prefix': 'رمز الدولة هذا غير معروف: ضع مسافة بعده، مثل ‎+966 501234567.',
  'customerAdd.title': 'عميل جديد',
  'customerAdd.name': 'الاسم',
  'customerAdd.phone': 'الهاتف مع رمز الدولة',
  'customerAdd.email': 'البريد الإلكتروني (اختياري)',
  'customerAdd.save': 'أضف واختر',
  'customerAdd.useExisting': 'اختر {name}',
  'reason.customer_phone_taken': 'رقم الهاتف هذا مسجّل باسم {name}: الرقم لعميل واحد فقط.',
  'reason.customer_unknown': 'لم يعد هذا العميل معروفاً على هذا الجهاز: ابحث مجدداً.',
  'customerEdit.open': 'تعديل العميل',
  'customerEdit.title': 'تعديل {name}',
  'customerEdit.save': 'احفظ التعديلات',
  'customerEdit.saved': 'حُفظ هنا؛ تصل التعديلات إلى الخدمة مع المزامنة التالية.',
  'customerEdit.unchanged': 'لم يتغير شيء.',
};
