/**
 * What a screen hears from a till that is not the branch's hub (issue 36):
 * the standby before it takes over, and an old hub after its standby took
 * over; spread into MESSAGES_EN and MESSAGES_AR. The Arabic object is typed
 * against the English keys, so a missing translation fails the build.
 */
export const STANDBY_MESSAGES_EN = {
  'reason.standby.notHub':
    'This till is the branch’s standby: it keeps a copy of the hub and takes no sale until it becomes the hub. Sell through the hub at {hub}.',
  'reason.standby.moved': 'The branch’s hub is now {hub}: this till was the hub before and takes no more sales. Open {hub} to keep selling.',
} as const;

export const STANDBY_MESSAGES_AR: Record<keyof typeof STANDBY_MESSAGES_EN, string> = {
  'reason.standby.notHub': 'هذا النظام هو الاحتياطي للفرع: يحتفظ بنسخة من المركز ولا يقبل أي بيع حتى يصبح هو المركز. بِع عبر المركز على \u2066{hub}\u2069.',
  'reason.standby.moved': 'مركز الفرع الآن هو \u2066{hub}\u2069: كان هذا النظام المركز من قبل ولم يعد يقبل البيع. افتح \u2066{hub}\u2069 لمتابعة البيع.',
};
