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
  'standby.title': 'Hub and standby',
  'standby.hub': 'Hub',
  'standby.standby': 'Standby',
  'standby.alone': 'none connected: the hub answers alone',
  'standby.lagTitle': 'Behind the hub',
  'standby.lag': '{changes} changes, {seconds} s',
  'standby.zatcaWaitingTitle': 'ZATCA on the standby',
  'standby.zatcaWaiting': '{count} documents it signed as the hub wait to be reported; it reports them by itself (pos zatca status on that machine)',
  'standby.epochTitle': 'Epoch',
  'standby.isStandby': 'This till is the standby of {hub}: it takes over when the hub stops answering.',
  'standby.isFenced': 'This till was the hub; the branch’s hub is now {hub}.',
  'standby.code': 'Standby code',
  'standby.codeShown': 'On the standby machine: pos serve --db FILE --standby-of {hub} --code {code} (once, until {time}).',
  'standby.codeFailed': 'The hub made no standby code: try again.',
  'reason.standby.desktop':
    'This desktop till takes a standby once the setting hub.desktop_standby_port names a port and the app has restarted (see docs/standby.md).',
  'reason.standby.notManagerScreen': 'Only the manager’s screen (the address pos serve printed) makes a standby code.',
  'reason.standby.codeNotHub': 'Only the hub makes a standby code.',
  'reason.standby.unknown': 'The hub did not say whether it can take a standby: wait a moment.',
} as const;

export const STANDBY_MESSAGES_AR: Record<keyof typeof STANDBY_MESSAGES_EN, string> = {
  'reason.standby.notHub': 'هذا النظام هو الاحتياطي للفرع: يحتفظ بنسخة من المركز ولا يقبل أي بيع حتى يصبح هو المركز. بِع عبر المركز على \u2066{hub}\u2069.',
  'reason.standby.moved': 'مركز الفرع الآن هو \u2066{hub}\u2069: كان هذا النظام المركز من قبل ولم يعد يقبل البيع. افتح \u2066{hub}\u2069 لمتابعة البيع.',
  'standby.title': 'المركز والاحتياطي',
  'standby.hub': 'المركز',
  'standby.standby': 'الاحتياطي',
  'standby.alone': 'لا يوجد احتياطي متصل: المركز يعمل وحده',
  'standby.lagTitle': 'التأخر عن المركز',
  'standby.lag': '{changes} تغييرات، {seconds} ث',
  'standby.zatcaWaitingTitle': 'هيئة الزكاة على الاحتياطي',
  'standby.zatcaWaiting': '{count} مستندات وقّعها حين كان المركز تنتظر الإبلاغ؛ يبلغ عنها بنفسه (pos zatca status على ذلك الجهاز)',
  'standby.epochTitle': 'الحقبة',
  'standby.isStandby': 'هذا النظام هو احتياطي \u2066{hub}\u2069: يتولى المهمة عندما يتوقف المركز عن الرد.',
  'standby.isFenced': 'كان هذا النظام هو المركز؛ مركز الفرع الآن هو \u2066{hub}\u2069.',
  'standby.code': 'رمز الاحتياطي',
  'standby.codeShown': 'على جهاز الاحتياطي: \u2066pos serve --db FILE --standby-of {hub} --code {code}\u2069 (مرة واحدة، حتى {time}).',
  'standby.codeFailed': 'لم يصدر المركز رمز احتياطي: حاول مرة أخرى.',
  'reason.standby.desktop':
    'يقبل نظام سطح المكتب هذا جهازاً احتياطياً بعد أن يحدد الإعداد \u2066hub.desktop_standby_port\u2069 منفذاً ويُعاد تشغيل التطبيق (انظر docs/standby.md).',
  'reason.standby.notManagerScreen': 'لا يصدر رمز الاحتياطي إلا من شاشة المدير (العنوان الذي طبعه pos serve).',
  'reason.standby.codeNotHub': 'لا يصدر رمز الاحتياطي إلا من المركز.',
  'reason.standby.unknown': 'لم يذكر المركز بعد إن كان يقبل احتياطياً: انتظر لحظة.',
};
