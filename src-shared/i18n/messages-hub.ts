/**
 * What a station says when the hub (the till host it works through: the
 * Electron till or `pos serve`) cannot be reached, in both languages; spread
 * into MESSAGES_EN and MESSAGES_AR. The Arabic object is typed against the
 * English keys, so a missing translation fails the build.
 */
export const HUB_MESSAGES_EN = {
  'hub.lost': 'The hub cannot be reached. This cart stays on screen, but payment waits until the hub is back. Reconnecting…',
  'hub.back': 'Connected to the hub again.',
  'hub.payOff': 'No payment while the hub cannot be reached: a sale taken now could not be recorded. Payment comes back with the hub.',
  'error.hub_unreachable': 'The hub cannot be reached: check that the till running as the hub is on and on the same network. The cart stays on screen.',
  'reason.hub.notSent': 'Nothing was sent: this screen is not connected to the hub. Try again when it is back.',
  'reason.hub.noAnswer':
    'The hub went away before it answered. When it is back, look at the cart: an empty cart means the sale was recorded (see Orders); the same cart means it was not.',
  'error.not_durable':
    'The hub could not confirm that this was saved to its disk. Do not hand over a receipt yet: look at the cart and Orders, and tell a manager to check the hub computer’s disk.',
  'reason.hub.notDurable':
    'The hub wrote this but its disk did not confirm it was saved, so it may be lost if the power goes. Look at the cart and Orders before going on, and tell a manager to check the hub computer’s disk (full or failing).',
  'pairQr.title': 'Pair a tablet',
  'pairQr.how': 'Point the tablet’s camera at the code, or open the address on the tablet and type the code.',
  'pairQr.label': 'QR code to pair a tablet: opens {address} with the code {code}',
  'pairQr.address': 'Address',
  'pairQr.code': 'Pairing code',
  'pairQr.station': 'It will be station {station}.',
  'hubChoice.title': 'Use another till as hub',
  'hubChoice.isHub': 'This computer is the branch’s hub: it keeps the orders, their numbers and the uploads, and the other screens connect to it.',
  'hubChoice.isStation': 'This computer is a station of the hub at {hub}: it sells through that hub and writes nothing here.',
  'hubChoice.intro':
    'To make this computer a counter of another till instead, type that till’s address and a pairing code made on its Stations tab. The app restarts as its station, then shows the hub’s pairing page with the code filled in: tap Pair.',
  'hubChoice.address': 'Hub address',
  'hubChoice.addressHint': 'As the hub’s Stations tab shows it, like 192.168.1.20:4780',
  'hubChoice.code': 'Pairing code',
  'hubChoice.codeHint': 'Six digits, made on the hub’s Stations tab; good for five minutes',
  'hubChoice.connect': 'Connect',
  'hubChoice.restarting': 'Restarting as a station of {hub}…',
  'hubChoice.beHub': 'Be the hub again',
  'hubChoice.beHubWarning':
    'This computer will stop being a station of {hub} and sell on its own database again, apart from that hub. Do this only if it is to be the branch’s hub.',
  'reason.hubChoice.request': 'The app did not take that request: close the Branch screen, open it again and try once more.',
  'reason.hubChoice.address.invalid': 'That is not an address: type the hub’s address as its Stations tab shows it, like 192.168.1.20:4780.',
  'reason.hubChoice.address.scheme': 'The hub is reached over http or https: type its address like 192.168.1.20:4780.',
  'reason.hubChoice.address.path': 'Type only the hub’s address and port, like 192.168.1.20:4780, without a path.',
  'reason.hubChoice.address.not_lan': 'That address is not on the branch’s network: type the hub’s local address, like 192.168.1.20:4780.',
  'reason.hubChoice.code': 'The pairing code is six digits: make one on the hub’s Stations tab.',
  'hubChoice.role': 'This computer will be',
  'hubChoice.roleStation': 'A station of that hub: it sells through the hub and keeps nothing here',
  'hubChoice.roleStandby': 'The standby of that hub: it keeps a full copy of the hub’s database, ready to take over if the hub dies',
  'hubChoice.standbyCode': 'Standby code',
  'hubChoice.standbyCodeHint': 'Six digits, made with “Standby code” on the hub’s Stations tab; good for five minutes',
  'hubChoice.beStandby': 'Be the standby',
  'hubChoice.isStandby':
    'This computer is the standby of the hub at {hub}: it keeps a copy of the hub’s database and sells nothing. If the hub dies, a manager makes it the hub with pos standby promote (see docs/standby.md).',
  'hubChoice.restartingStandby': 'Restarting as the standby of {hub}…',
  'hubChoice.standbyFailed':
    'This computer could not start as the standby of {hub}: {error}. Check that the hub is on, make a new standby code on its Stations tab and choose "Be the standby" again, or start the app with --be-hub.',
  'hubChoice.startFailed': 'The till could not start: {error}.',
  'reason.hubChoice.standbyCode': 'The standby code is six digits: make one with “Standby code” on the hub’s Stations tab.',
  'reason.hubChoice.pending':
    '{count} orders of this till still wait to be uploaded: connect to the internet and wait until the status bar shows none waiting, then connect to the hub.',
};

export type HubMessageKey = keyof typeof HUB_MESSAGES_EN;

export const HUB_MESSAGES_AR: Record<HubMessageKey, string> = {
  'hub.lost': 'تعذّر الوصول إلى الجهاز الرئيسي. تبقى هذه السلة على الشاشة، لكن الدفع ينتظر عودة الجهاز الرئيسي. جارٍ إعادة الاتصال…',
  'hub.back': 'عاد الاتصال بالجهاز الرئيسي.',
  'hub.payOff': 'لا دفع ما دام الجهاز الرئيسي غير متاح: لا يمكن تسجيل بيع يُؤخذ الآن. يعود الدفع بعودة الجهاز الرئيسي.',
  'error.hub_unreachable': 'تعذّر الوصول إلى الجهاز الرئيسي: تأكد من أن نظام الكاشير العامل كجهاز رئيسي يعمل وعلى الشبكة نفسها. تبقى السلة على الشاشة.',
  'reason.hub.notSent': 'لم يُرسل شيء: هذه الشاشة غير متصلة بالجهاز الرئيسي. حاول مرة أخرى عند عودته.',
  'reason.hub.noAnswer':
    'انقطع الجهاز الرئيسي قبل أن يجيب. عند عودته انظر إلى السلة: السلة الفارغة تعني أن البيع سُجّل (انظر الطلبات)، والسلة نفسها تعني أنه لم يُسجّل.',
  'error.not_durable': 'لم يتمكن الجهاز الرئيسي من تأكيد حفظ هذا على قرصه. لا تسلّم إيصالاً بعد: انظر إلى السلة والطلبات، وأبلغ المدير ليفحص قرص جهاز المركز.',
  'reason.hub.notDurable':
    'كتب الجهاز الرئيسي هذا لكن قرصه لم يؤكد حفظه، فقد يضيع إذا انقطعت الكهرباء. انظر إلى السلة والطلبات قبل المتابعة، وأبلغ المدير ليفحص قرص جهاز المركز (ممتلئ أو معطّل).',
  'pairQr.title': 'إقران جهاز لوحي',
  'pairQr.how': 'وجّه كاميرا الجهاز اللوحي إلى الرمز، أو افتح العنوان على الجهاز اللوحي واكتب الرمز.',
  'pairQr.label': 'رمز QR لإقران جهاز لوحي: يفتح \u2066{address}\u2069 بالرمز {code}',
  'pairQr.address': 'العنوان',
  'pairQr.code': 'رمز الإقران',
  'pairQr.station': 'سيكون المحطة \u2066{station}\u2069.',
  'hubChoice.title': 'استخدام نظام كاشير آخر كجهاز رئيسي',
  'hubChoice.isHub': 'هذا الحاسوب هو الجهاز الرئيسي للفرع: يحفظ الطلبات وأرقامها ويرفعها، وتتصل به الشاشات الأخرى.',
  'hubChoice.isStation': 'هذا الحاسوب محطة للجهاز الرئيسي على العنوان \u2066{hub}\u2069: يبيع من خلاله ولا يكتب شيئاً هنا.',
  'hubChoice.intro':
    'لجعل هذا الحاسوب كاونتراً لنظام كاشير آخر، اكتب عنوان ذلك النظام ورمز إقران أُنشئ من تبويب المحطات فيه. يُعاد تشغيل التطبيق كمحطة له، ثم تظهر صفحة الإقران في الجهاز الرئيسي والرمز مكتوب فيها: اضغط «إقران».',
  'hubChoice.address': 'عنوان الجهاز الرئيسي',
  'hubChoice.addressHint': 'كما يظهر في تبويب المحطات في الجهاز الرئيسي، مثل \u2066192.168.1.20:4780\u2069',
  'hubChoice.code': 'رمز الإقران',
  'hubChoice.codeHint': 'ستة أرقام تُنشأ من تبويب المحطات في الجهاز الرئيسي؛ صالح خمس دقائق',
  'hubChoice.connect': 'اتصال',
  'hubChoice.restarting': 'جارٍ إعادة التشغيل كمحطة للجهاز \u2066{hub}\u2069…',
  'hubChoice.beHub': 'العودة جهازاً رئيسياً',
  'hubChoice.beHubWarning':
    'سيتوقف هذا الحاسوب عن كونه محطة للجهاز \u2066{hub}\u2069 ويعود إلى البيع من قاعدة بياناته الخاصة بمعزل عن ذلك الجهاز. افعل ذلك فقط إن كان سيصبح الجهاز الرئيسي للفرع.',
  'reason.hubChoice.request': 'لم يقبل التطبيق هذا الطلب: أغلق شاشة الفرع وافتحها من جديد ثم حاول مرة أخرى.',
  'reason.hubChoice.address.invalid': 'هذا ليس عنواناً: اكتب عنوان الجهاز الرئيسي كما يظهر في تبويب المحطات فيه، مثل \u2066192.168.1.20:4780\u2069.',
  'reason.hubChoice.address.scheme': 'يُوصل إلى الجهاز الرئيسي عبر http أو https: اكتب عنوانه مثل \u2066192.168.1.20:4780\u2069.',
  'reason.hubChoice.address.path': 'اكتب عنوان الجهاز الرئيسي ومنفذه فقط، مثل \u2066192.168.1.20:4780\u2069، دون مسار.',
  'reason.hubChoice.address.not_lan': 'هذا العنوان ليس على شبكة الفرع: اكتب العنوان المحلي للجهاز الرئيسي، مثل \u2066192.168.1.20:4780\u2069.',
  'reason.hubChoice.code': 'رمز الإقران ستة أرقام: أنشئ رمزاً من تبويب المحطات في الجهاز الرئيسي.',
  'hubChoice.role': 'سيكون هذا الحاسوب',
  'hubChoice.roleStation': 'محطة لذلك الجهاز الرئيسي: يبيع من خلاله ولا يحفظ شيئاً هنا',
  'hubChoice.roleStandby': 'الجهاز الاحتياطي لذلك الجهاز الرئيسي: يحفظ نسخة كاملة من قاعدة بياناته، جاهزاً لتولي العمل إذا توقف',
  'hubChoice.standbyCode': 'رمز الاحتياطي',
  'hubChoice.standbyCodeHint': 'ستة أرقام تُنشأ بزر «رمز الاحتياطي» في تبويب المحطات في الجهاز الرئيسي؛ صالح خمس دقائق',
  'hubChoice.beStandby': 'العمل كجهاز احتياطي',
  'hubChoice.isStandby':
    'هذا الحاسوب هو الجهاز الاحتياطي للجهاز الرئيسي على العنوان \u2066{hub}\u2069: يحفظ نسخة من قاعدة بياناته ولا يبيع شيئاً. إذا توقف الجهاز الرئيسي يجعله المدير الجهاز الرئيسي بالأمر \u2066pos standby promote\u2069 (انظر docs/standby.md).',
  'hubChoice.restartingStandby': 'جارٍ إعادة التشغيل كجهاز احتياطي للجهاز \u2066{hub}\u2069…',
  'hubChoice.standbyFailed':
    'تعذّر تشغيل هذا الحاسوب كجهاز احتياطي للجهاز \u2066{hub}\u2069: {error}. تأكد من أن الجهاز الرئيسي يعمل، وأنشئ رمز احتياطي جديداً من تبويب المحطات فيه واختر «العمل كجهاز احتياطي» مرة أخرى، أو شغّل التطبيق بالخيار \u2066--be-hub\u2069.',
  'hubChoice.startFailed': 'تعذّر تشغيل نظام الكاشير: {error}.',
  'reason.hubChoice.standbyCode': 'رمز الاحتياطي ستة أرقام: أنشئ رمزاً بزر «رمز الاحتياطي» في تبويب المحطات في الجهاز الرئيسي.',
  'reason.hubChoice.pending':
    'ما زال {count} من طلبات هذا النظام بانتظار الرفع: اتصل بالإنترنت وانتظر حتى يُظهر شريط الحالة أنه لا شيء ينتظر، ثم اتصل بالجهاز الرئيسي.',
};
