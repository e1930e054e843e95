/**
 * Text of the Branch screen's saving model (a draft per tab, one Save and
 * Discard bar, asking before unsaved changes are left) and of the receipt
 * logo chosen as a file (issue 23, part 8), in both languages; spread into
 * MESSAGES_EN and MESSAGES_AR.
 */
export const BRANCH_SETUP_MESSAGES_EN = {
  'draft.unsaved': 'Unsaved changes',
  'draft.clean': 'No changes',
  'draft.toFix': 'Fix the fields marked in red to save',
  'draft.save': 'Save changes',
  'draft.saving': 'Saving…',
  'draft.discard': 'Discard changes',
  'draft.bar': 'Changes on this tab',
  'draft.leaveTitle': 'Leave without saving?',
  'draft.leaveBody': 'The changes on this tab are not saved. Stay to save them, or leave and lose them.',
  'draft.leave': 'Leave and lose the changes',
  'draft.stay': 'Stay',
  'hint.idle': 'whole minutes from 0 to 240',

  'logo.label': 'Receipt logo (PNG)',
  'logo.choose': 'Choose a PNG file',
  'logo.hint': 'A PNG of at most {max_kb} KB and {max_side} pixels wide and high; it prints on receipts of printers that print images.',
  'logo.current': 'Logo file on this till:',
  'logo.none': 'No logo',
  'logo.chosen': 'New logo {name}, {width} × {height} pixels: it is kept when you save.',
  'logo.remove': 'Remove the logo',
  'logo.removed': 'The logo is removed when you save.',
  'logo.alt': 'The logo',

  'reason.logo.empty': 'That file is empty. Choose a PNG image.',
  'reason.logo.too-large': 'That file is over {max_kb} KB. Choose a smaller PNG image.',
  'reason.logo.not-png': 'That file is not a PNG image. Choose a .png file (save it as PNG first if it is a JPEG or PDF).',
  'reason.logo.dimensions': 'That image is too big: a logo is at most {max_side} pixels wide and high. Make it smaller and choose it again.',
} as const;

export type BranchSetupMessageKey = keyof typeof BRANCH_SETUP_MESSAGES_EN;

export const BRANCH_SETUP_MESSAGES_AR: Record<BranchSetupMessageKey, string> = {
  'draft.unsaved': 'تغييرات غير محفوظة',
  'draft.clean': 'لا توجد تغييرات',
  'draft.toFix': 'صحّح الحقول المعلَّمة بالأحمر للحفظ',
  'draft.save': 'حفظ التغييرات',
  'draft.saving': 'جارٍ الحفظ…',
  'draft.discard': 'تجاهل التغييرات',
  'draft.bar': 'تغييرات هذا التبويب',
  'draft.leaveTitle': 'المغادرة دون حفظ؟',
  'draft.leaveBody': 'تغييرات هذا التبويب غير محفوظة. ابقَ لحفظها، أو غادر وتفقدها.',
  'draft.leave': 'المغادرة وفقدان التغييرات',
  'draft.stay': 'البقاء',
  'hint.idle': 'دقائق كاملة من 0 إلى 240',

  'logo.label': 'شعار الإيصال (PNG)',
  'logo.choose': 'اختر ملف PNG',
  'logo.hint': 'صورة PNG لا يزيد حجمها عن {max_kb} كيلوبايت وأبعادها عن {max_side} بكسل؛ تُطبع على إيصالات الطابعات التي تطبع الصور.',
  'logo.current': 'ملف الشعار على هذا الكاشير:',
  'logo.none': 'لا يوجد شعار',
  'logo.chosen': 'شعار جديد {name}، {width} × {height} بكسل: يُحفظ عند الحفظ.',
  'logo.remove': 'إزالة الشعار',
  'logo.removed': 'سيُزال الشعار عند الحفظ.',
  'logo.alt': 'الشعار',

  'reason.logo.empty': 'هذا الملف فارغ. اختر صورة PNG.',
  'reason.logo.too-large': 'حجم هذا الملف أكبر من {max_kb} كيلوبايت. اختر صورة PNG أصغر.',
  'reason.logo.not-png': 'هذا الملف ليس صورة PNG. اختر ملفاً بامتداد ‎.png (احفظه بصيغة PNG أولاً إن كان JPEG أو PDF).',
  'reason.logo.dimensions': 'هذه الصورة كبيرة جداً: لا يزيد عرض الشعار وارتفاعه عن {max_side} بكسل. صغّرها ثم اخترها مرة أخرى.',
};
