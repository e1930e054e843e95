/**
 * Option groups (issue 34 item 2) in both languages: the picker's group
 * headings and rules, what keeps Add back, and the host's refusal of a line
 * that breaks a group's rule; spread into MESSAGES_EN and MESSAGES_AR. The
 * refusal's params name the product and the group in both languages.
 */
export const OPTION_GROUP_MESSAGES_EN = {
  'error.option_choice': 'Choose the options this product needs first.',
  'reason.optionGroup.required': '{name}: choose {group} first (required).',
  'reason.optionGroup.atLeast': '{name}: choose at least {min} of {group}.',
  'reason.optionGroup.tooMany': '{name}: at most {max} of {group}.',
  'optionGroup.addOns': 'Add-ons',
  'optionGroup.required': 'Required',
  'optionGroup.chooseOne': 'Choose 1',
  'optionGroup.upTo': 'Up to {max}',
  'optionGroup.atLeast': 'At least {min}',
  'optionGroup.between': '{min} to {max}',
  'optionGroup.needs': 'Choose {group} to add',
  'optionGroup.tapAdds': 'A tap on {group} adds it',
} as const;

export type OptionGroupMessageKey = keyof typeof OPTION_GROUP_MESSAGES_EN;

export const OPTION_GROUP_MESSAGES_AR: Record<OptionGroupMessageKey, string> = {
  'error.option_choice': 'اختر أولاً الخيارات المطلوبة لهذا الصنف.',
  'reason.optionGroup.required': '{name_ar}: اختر {group_ar} أولاً (مطلوب).',
  'reason.optionGroup.atLeast': '{name_ar}: اختر {min} على الأقل من {group_ar}.',
  'reason.optionGroup.tooMany': '{name_ar}: {max} على الأكثر من {group_ar}.',
  'optionGroup.addOns': 'إضافات',
  'optionGroup.required': 'مطلوب',
  'optionGroup.chooseOne': 'اختر واحداً',
  'optionGroup.upTo': 'حتى {max}',
  'optionGroup.atLeast': '{min} على الأقل',
  'optionGroup.between': 'من {min} إلى {max}',
  'optionGroup.needs': 'اختر {group} للإضافة',
  'optionGroup.tapAdds': 'النقر على {group} يضيفه',
};
