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
  'pairQr.title': 'Pair a tablet',
  'pairQr.how': 'Point the tablet’s camera at the code, or open the address on the tablet and type the code.',
  'pairQr.label': 'QR code to pair a tablet: opens {address} with the code {code}',
  'pairQr.address': 'Address',
  'pairQr.code': 'Pairing code',
  'pairQr.station': 'It will be station {station}.',
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
  'pairQr.title': 'إقران جهاز لوحي',
  'pairQr.how': 'وجّه كاميرا الجهاز اللوحي إلى الرمز، أو افتح العنوان على الجهاز اللوحي واكتب الرمز.',
  'pairQr.label': 'رمز QR لإقران جهاز لوحي: يفتح \u2066{address}\u2069 بالرمز {code}',
  'pairQr.address': 'العنوان',
  'pairQr.code': 'رمز الإقران',
  'pairQr.station': 'سيكون المحطة \u2066{station}\u2069.',
};
