// Every local setting of a till, in one list: its key, what it holds, its
// default and what it is for, in both languages. The settings store
// (src-main/settings) reads and writes only these keys, `pos settings` lists
// them, and docs/configuration.md's table names them all. To add a setting, add one entry
// here; nothing else needs to know about it.

import { z } from 'zod';
import { parseDecimal, type HundredthsOfPercent } from '../money/index.ts';
import {
  amountKind,
  booleanKind,
  includeListKind,
  integerKind,
  internalKind,
  patternKind,
  timeZoneKind,
  percentKind,
  portListKind,
  programListKind,
  servicePathKind,
  textKind,
  type SettingKind,
} from './setting-kinds.ts';

export interface SettingDefinition<T> {
  kind: SettingKind<T>;
  /** The value when the key is not set; null means "not set": what applies then is in `unset`. */
  default: T | null;
  /** What the setting is for (shown by `pos settings` and any settings screen). */
  description: { en: string; ar: string };
  /** What applies when the key is not set and the default is null. */
  unset?: string;
  /** Written by the till itself (session, secrets): never listed, never set by hand. */
  internal?: true;
  /**
   * Set only by the operator on the till's machine (`pos settings set`): no
   * screen, paired device, service answer or other code path writes it.
   */
  operatorOnly?: true;
  /**
   * A secret (loyalty.api_token): kept in the secret store like the service
   * token (the OS keychain, or the 0600 file beside the database), never in
   * the settings table, never printed; `pos settings` shows only whether it is set.
   */
  secret?: true;
}

/** Keeps both the value type and whether the default is null, so getSetting's type says when a value may be missing. */
function define<T, const D extends T | null>(definition: SettingDefinition<T> & { default: D }): SettingDefinition<T> & { default: D } {
  return definition;
}

/** A VAT registration number as ZATCA issues it: 15 digits, first and last 3. */
export const VAT_NUMBER_PATTERN = /^3\d{13}3$/;

/** One or two capital Latin letters: printable on every ESC/POS code page and readable when called out. */
export const TILL_CODE_PATTERN = /^[A-Z]{1,2}$/;
/** The business day may start at most this many hours after midnight. */
export const MAX_CUTOFF_HOUR = 12;

const ID = textKind(100, 'a non-empty id of at most 100 characters');

export const SETTING_KEYS = {
  seller_name: define({
    kind: textKind(200),
    default: null,
    unset: "the market's Arabic name from the service (/me), else its English name",
    description: {
      en: "The seller's registered name (Arabic) on receipts and in the ZATCA QR; Branch screen → Receipt",
      ar: 'اسم البائع المسجل في الإيصال ورمز الاستجابة السريعة',
    },
  }),
  'receipt.seller_name_en': define({
    kind: textKind(200),
    default: null,
    unset: "the market's English name from the service (/me)",
    description: { en: "The seller's name in English on receipts; Branch screen → Receipt", ar: 'اسم البائع بالإنجليزية في الإيصال' },
  }),
  'receipt.header_en': define({
    kind: textKind(200),
    default: null,
    unset: 'no header line',
    description: { en: 'A line printed under the seller on every receipt, in English; Branch screen → Receipt', ar: 'سطر أعلى الإيصال بالإنجليزية' },
  }),
  'receipt.header_ar': define({
    kind: textKind(200),
    default: null,
    unset: 'no header line',
    description: { en: 'A line printed under the seller on every receipt, in Arabic; Branch screen → Receipt', ar: 'سطر أعلى الإيصال بالعربية' },
  }),
  'receipt.footer_en': define({
    kind: textKind(200),
    default: null,
    unset: 'the usual thanks only',
    description: { en: 'A line printed at the foot of every receipt, in English; Branch screen → Receipt', ar: 'سطر أسفل الإيصال بالإنجليزية' },
  }),
  'receipt.footer_ar': define({
    kind: textKind(200),
    default: null,
    unset: 'the usual thanks only',
    description: { en: 'A line printed at the foot of every receipt, in Arabic; Branch screen → Receipt', ar: 'سطر أسفل الإيصال بالعربية' },
  }),
  vat_number: define({
    kind: patternKind(VAT_NUMBER_PATTERN, 'a VAT number of 15 digits that starts and ends with 3'),
    default: null,
    unset: "the market's VAT number from the service (/me); without one, receipts carry no ZATCA QR",
    description: { en: 'VAT registration number (15 digits, starts and ends with 3)', ar: 'الرقم الضريبي (15 رقماً يبدأ وينتهي بالرقم 3)' },
  }),
  // The seller's address and commercial registration as ZATCA's phase-2 documents state them (BR-KSA-37, -66, -08).
  'seller.crn': define({
    kind: patternKind(/^\d{10}$/, 'a commercial registration number of 10 digits'),
    default: null,
    unset: 'no phase-2 e-invoicing: the EGS unit cannot be onboarded without it',
    description: { en: 'Commercial registration number (CRN, 10 digits), for ZATCA e-invoices', ar: 'رقم السجل التجاري (10 أرقام) للفواتير الإلكترونية' },
  }),
  'seller.street': define({
    kind: textKind(127),
    default: null,
    unset: 'no phase-2 e-invoicing until it is set',
    description: { en: "The seller's street, for ZATCA e-invoices", ar: 'اسم الشارع للبائع في الفواتير الإلكترونية' },
  }),
  'seller.building': define({
    kind: patternKind(/^\d{4}$/, 'a building number of 4 digits'),
    default: null,
    unset: 'no phase-2 e-invoicing until it is set',
    description: { en: "The seller's building number (4 digits), for ZATCA e-invoices", ar: 'رقم المبنى (4 أرقام) في الفواتير الإلكترونية' },
  }),
  'seller.district': define({
    kind: textKind(127),
    default: null,
    unset: 'no phase-2 e-invoicing until it is set',
    description: { en: "The seller's district, for ZATCA e-invoices", ar: 'الحي في عنوان البائع للفواتير الإلكترونية' },
  }),
  'seller.city': define({
    kind: textKind(127),
    default: null,
    unset: 'no phase-2 e-invoicing until it is set',
    description: { en: "The seller's city, for ZATCA e-invoices", ar: 'المدينة في عنوان البائع للفواتير الإلكترونية' },
  }),
  'seller.postal_code': define({
    kind: patternKind(/^\d{5}$/, 'a postal code of 5 digits'),
    default: null,
    unset: 'no phase-2 e-invoicing until it is set',
    description: { en: "The seller's postal code (5 digits), for ZATCA e-invoices", ar: 'الرمز البريدي (5 أرقام) للفواتير الإلكترونية' },
  }),
  'tax.rate': define({
    kind: percentKind(),
    default: null,
    unset: "the branch's VAT rate from the service (/me), else 15%",
    description: { en: 'VAT rate, in percent', ar: 'نسبة ضريبة القيمة المضافة' },
  }),
  'tax.prices_include_tax': define({
    kind: booleanKind(),
    default: null,
    unset: 'what the service (/me) says, else true',
    description: { en: 'Whether catalog prices already include VAT', ar: 'هل تشمل أسعار القائمة ضريبة القيمة المضافة' },
  }),
  market_id: define({
    kind: ID,
    default: null,
    unset: "the market of the service's /me, else the --market-id of the pull",
    description: { en: 'The market (tenant) this till sells for', ar: 'السوق الذي تبيع له نقطة البيع' },
  }),
  branch_id: define({
    kind: ID,
    default: null,
    unset:
      "the branch of the service's /me, else the --branch-id of the pull; none: the till refuses to sell (orders always carry the branch they were sold in)",
    description: { en: 'The branch this till stands in', ar: 'الفرع الذي تعمل فيه نقطة البيع' },
  }),
  'upload.path': define({
    kind: servicePathKind(),
    default: '/orders/sync',
    description: { en: 'Path of the Orders Sync operation on the service', ar: 'مسار رفع الطلبات في الخدمة' },
  }),
  'upload.batch_size': define({
    kind: integerKind(1, 50),
    default: 50,
    description: {
      en: 'Most orders sent in one upload request (lowered by the till itself when the service refuses a batch as too large)',
      ar: 'أكبر عدد من الطلبات في طلب رفع واحد (تخفّضه نقطة البيع تلقائياً إذا رفضت الخدمة دفعة لكبرها)',
    },
  }),
  'upload.attendance_path': define({
    kind: servicePathKind(),
    default: null,
    unset: 'closed shifts wait on this till (the spec shows no path for attendance)',
    description: { en: 'Path where closed shifts are sent as attendance records', ar: 'مسار رفع الحضور والورديات في الخدمة' },
  }),
  'upload.customer_path': define({
    kind: servicePathKind(),
    default: '/customers',
    description: { en: 'Path where a customer added at the counter is created (Customers Create)', ar: 'مسار إنشاء عميل أضيف عند الكاشير في الخدمة' },
  }),
  'upload.customer_update_path': define({
    kind: servicePathKind(),
    default: '/customers',
    description: {
      en: "Path under which a customer corrected at the counter is updated (Customers Update): POST PATH/the service's id",
      ar: 'المسار الذي يُحدَّث تحته عميل صُحّحت بياناته عند الكاشير في الخدمة',
    },
  }),
  'upload.settlement_path': define({
    kind: servicePathKind(),
    default: null,
    unset: 'late payments of orders already uploaded wait on this till (the spec shows no path for them)',
    description: { en: 'Path where a later payment of an order already uploaded is sent', ar: 'مسار رفع الدفعات اللاحقة لطلبات مرفوعة' },
  }),
  // Coupons and loyalty rewards at the counter (issue 35, items 2 and 3). The contract names Discounts Verify without its path or shape.
  'coupons.verify_path': define({
    kind: servicePathKind(),
    default: '/discounts/verify',
    description: {
      en: 'Path of the Discounts Verify operation a coupon code is checked with (POST, the code in a JSON body); the contract does not show it',
      ar: 'مسار عملية التحقق من القسائم في الخدمة (POST والرمز في جسم JSON)',
    },
  }),
  'coupons.code_field': define({
    kind: patternKind(/^[a-z_][a-z0-9_]{0,39}$/, 'a JSON member name in lower case, like code'),
    default: 'code',
    description: { en: 'Name of the member that carries the coupon code in the Verify request', ar: 'اسم الحقل الذي يحمل رمز القسيمة في طلب التحقق' },
  }),
  'coupons.offline': define({
    kind: patternKind(/^(refuse|replica)$/, 'refuse or replica'),
    default: 'refuse',
    description: {
      en: "A coupon when the service is unreachable: refuse (the sale goes on without it), or replica (a code among the replica's discounts is accepted, once an order, marked unverified for the service to judge)",
      ar: 'القسيمة عند تعذّر الوصول إلى الخدمة: refuse (يستمر البيع بدونها) أو replica (يُقبل رمز موجود في خصومات نقطة البيع مرة واحدة لكل طلب ويُعلَّم غير مُتحقق منه)',
    },
  }),
  'loyalty.provider': define({
    kind: patternKind(
      /^(?!\.{1,2}$)[A-Za-z0-9._~-]{1,64}$/,
      'the loyalty provider as it stands in the path /sync/<provider>/check_reward (letters, digits, . _ ~ -)',
    ),
    default: null,
    unset: 'no loyalty rewards: a reward code is refused with the reason, the sale goes on',
    description: {
      en: 'The loyalty provider, as the path segment of POST /sync/<provider>/check_reward',
      ar: 'مزوّد الولاء كما يظهر في المسار /sync/<provider>/check_reward',
    },
  }),
  'loyalty.api_token': define({
    kind: textKind(500, 'the loyalty api-token, 1 to 500 characters'),
    default: null,
    secret: true,
    unset: 'no loyalty rewards: a reward code is refused with the reason, the sale goes on',
    description: {
      en: 'The api-token header of the loyalty check; kept in the secret store like the service token (never in the database, never shown)',
      ar: 'رمز api-token لفحص مكافآت الولاء؛ يُحفظ في مخزن الأسرار مثل رمز الخدمة (لا في قاعدة البيانات ولا يُعرض)',
    },
  }),
  'loyalty.business_reference': define({
    kind: textKind(200, 'the business reference the loyalty provider knows this business by, 1 to 200 characters'),
    default: null,
    unset: "the market's id (from the service's /me, or market_id)",
    description: {
      en: 'What a reward check sends as business_refrence (spelled so by the contract)',
      ar: 'مرجع النشاط التجاري الذي يُرسل في فحص المكافأة (business_refrence)',
    },
  }),
  'sync.concurrency': define({
    kind: integerKind(1, 16),
    default: 4,
    description: { en: 'How many catalog requests a pull keeps in flight', ar: 'عدد طلبات مزامنة القائمة المتزامنة' },
  }),
  'currency.decimals': define({
    kind: integerKind(0, 4),
    default: null,
    unset: "from the market's currency when /me names it (3 for KWD, BHD, OMR, JOD, IQD, LYD, TND), else 2",
    description: {
      en: "Decimal places of the market's currency: prices, totals, receipts and uploaded amounts carry this many (takes effect at the next pull)",
      ar: 'عدد المنازل العشرية لعملة السوق: للأسعار والإجماليات والإيصالات والمبالغ المرسلة (يسري من المزامنة التالية)',
    },
  }),
  'sync.includes': define({
    kind: includeListKind(),
    default: ['modifiers', 'prices'],
    description: {
      en: 'What the products list is asked to include (includes[]); "none" sends none, and prices and modifiers are then read per product from the routes the spec shows',
      ar: 'ما يطلب تضمينه مع قائمة المنتجات؛ "none" لا شيء، وتقرأ الأسعار والإضافات لكل منتج على حدة',
    },
  }),
  'till.code': define({
    kind: patternKind(TILL_CODE_PATTERN, 'one or two capital letters A–Z, like A or TK'),
    default: null,
    unset: 'no prefix: order numbers 001, 002, …',
    description: {
      en: 'The code of the first counter when the database is made (A-001); after that each station has its own code: Branch screen → Stations, or pos stations',
      ar: 'رمز الكاونتر الأول عند إنشاء قاعدة البيانات (\u2066A-001\u2069)؛ بعد ذلك لكل محطة رمزها: شاشة الفرع ← المحطات، أو الأمر pos stations',
    },
  }),
  'till.day_cutoff_hour': define({
    kind: integerKind(0, MAX_CUTOFF_HOUR),
    default: 0,
    description: { en: 'Hour (local time, 0–12) at which the next business day begins; Branch screen → Till', ar: 'الساعة التي يبدأ عندها يوم العمل التالي' },
  }),
  'branch.time_zone': define({
    kind: timeZoneKind(),
    default: null,
    unset: "the till machine's own time zone",
    description: {
      en: "The branch's time zone (an IANA name like Asia/Riyadh): when a discount's dates, days and hours hold",
      ar: 'المنطقة الزمنية للفرع (مثل Asia/Riyadh): متى تسري تواريخ الخصم وأيامه وساعاته',
    },
  }),
  'till.idle_lock_minutes': define({
    kind: integerKind(0, 240),
    default: 5,
    description: { en: 'Minutes without use before the till locks (0 = never); Branch screen → Till', ar: 'دقائق عدم الاستخدام قبل قفل نقطة البيع (0 = أبداً)' },
  }),
  'customer_display.thank_you_seconds': define({
    kind: integerKind(3, 600),
    default: 20,
    description: {
      en: 'Seconds a customer display shows the change due, the thank-you and the receipt QR before it goes back to the branch logo (the next sale ends it sooner)',
      ar: 'عدد الثواني التي تعرض فيها شاشة العميل الباقي والشكر ورمز الإيصال قبل أن تعود إلى شعار الفرع (وتنتهي أسرع عند بدء البيع التالي)',
    },
  }),
  'kitchen.warn_minutes': define({
    kind: integerKind(1, 240),
    default: 10,
    description: {
      en: 'Minutes after which a ticket’s age on a kitchen display shows in the warning colour',
      ar: 'الدقائق التي يظهر بعدها عمر الطلب على شاشة المطبخ بلون التنبيه',
    },
  }),
  'kitchen.late_minutes': define({
    kind: integerKind(1, 480),
    default: 20,
    description: {
      en: 'Minutes after which a ticket’s age on a kitchen display shows in the alarm colour (late)',
      ar: 'الدقائق التي يظهر بعدها عمر الطلب على شاشة المطبخ بلون الإنذار (متأخر)',
    },
  }),
  'discount.limit_percent': define({
    kind: percentKind(),
    default: '20.00',
    description: { en: 'Largest discount a cashier may give without approval, in percent', ar: 'أكبر خصم يمنحه الكاشير دون موافقة' },
  }),
  'approvals.void_unsent': define({
    kind: booleanKind(),
    default: false,
    description: {
      en: "Whether clearing a cart, or taking away its last line, needs a manager's approval though nothing of it went to the kitchen or was paid",
      ar: 'هل يحتاج إفراغ السلة أو حذف آخر سطر فيها إلى موافقة المدير مع أنه لم يُرسل منها شيء إلى المطبخ ولم يُدفع',
    },
  }),
  'cash.out_limit': define({
    kind: amountKind(),
    default: '500.00',
    description: {
      en: 'Largest cash out (paid out of the drawer) a cashier may record without a manager, in the currency',
      ar: 'أكبر مبلغ نقدي يسحبه الكاشير من الدرج دون موافقة المدير',
    },
  }),
  // Limits on one order (issue 32): a screen, a paired tablet or a script cannot ring up an order no restaurant sells.
  'hub.failover_seconds': define({
    kind: integerKind(1, 600),
    default: 10,
    description: {
      en: "Seconds the hub may be silent before its standby takes over (only while a majority of the branch's stations have come to the standby); see docs/standby.md",
      ar: 'عدد الثواني التي قد يصمت فيها المركز قبل أن يتولى الاحتياطي مكانه (فقط إذا وصلت إليه أغلبية محطات الفرع)؛ انظر docs/standby.md',
    },
  }),
  'hub.standby_ack_seconds': define({
    kind: integerKind(1, 600),
    default: 3,
    description: {
      en: 'Seconds the hub waits for its standby to acknowledge a change before it answers alone (and says so); see docs/standby.md',
      ar: 'عدد الثواني التي ينتظر فيها المركز تأكيد الاحتياطي لتغيير قبل أن يجيب وحده (ويقول ذلك)؛ انظر docs/standby.md',
    },
  }),
  'hub.desktop_standby_port': define({
    kind: integerKind(0, 65_535),
    default: 0,
    description: {
      en: "The port the desktop till listens on for its standby (the standby's routes only, on the branch network; read at start); 0: the desktop till takes no standby and listens on nothing. pos serve ignores it; see docs/standby.md",
      ar: 'المنفذ الذي يستمع عليه نظام سطح المكتب لجهازه الاحتياطي (مسارات الاحتياطي فقط، على شبكة الفرع؛ يُقرأ عند التشغيل)؛ 0: لا يقبل نظام سطح المكتب جهازاً احتياطياً ولا يستمع على أي منفذ. يتجاهله pos serve؛ انظر docs/standby.md',
    },
  }),
  'limits.cart_lines': define({
    kind: integerKind(1, 1000),
    default: 200,
    description: {
      en: 'Most lines one cart or one tab may hold; a line over it is refused (ring up a quantity, or split the order)',
      ar: 'أكبر عدد من الأسطر في سلة واحدة أو حساب طاولة واحد؛ يُرفض السطر الزائد (أدخل الكمية أو قسّم الطلب)',
    },
  }),
  'limits.line_quantity': define({
    kind: integerKind(1, 999),
    default: 500,
    description: {
      en: 'Largest quantity of one line of a cart or a tab',
      ar: 'أكبر كمية في سطر واحد من السلة أو من حساب الطاولة',
    },
  }),
  'limits.order_total': define({
    // Up to ten trillion: an operator may lift it far, never to "no limit".
    kind: amountKind(10_000_000_000_000),
    default: '100000.00',
    description: {
      en: 'Largest total of one order, in the currency (a cart, a tab or a checkout over it is refused)',
      ar: 'أكبر إجمالي لطلب واحد بعملة السوق (تُرفض السلة أو حساب الطاولة أو الدفع إذا تجاوزه)',
    },
  }),
  'printing.allowed_ports': define({
    kind: portListKind(),
    default: null,
    unset: 'only the printer ports 9100–9109, 515 and 631',
    description: { en: 'TCP ports a network printer may use besides 9100–9109, 515 and 631', ar: 'منافذ TCP إضافية مسموح بها للطابعات الشبكية' },
  }),
  'printing.app_programs': define({
    kind: programListKind(),
    default: null,
    operatorOnly: true,
    unset: 'no program: APP_TO_APP printers print nothing until the operator lists one',
    description: {
      en: 'Programs (absolute paths) an APP_TO_APP printer may be bound to; set only with pos settings set on the till’s machine',
      ar: 'البرامج (مسارات كاملة) التي يمكن ربط طابعة APP_TO_APP بها؛ تُضبط فقط بالأمر pos settings set على جهاز نقطة البيع',
    },
  }),
  'zatca.ca_file': define({
    kind: textKind(1000, 'a PEM file path of at most 1000 characters'),
    default: null,
    operatorOnly: true,
    unset:
      "ZATCA's stamp on a cleared invoice is checked (its signature, digests and QR, and that no EGS unit made it) without its chain: the answer came over https from ZATCA's own gateway",
    description: {
      en: "PEM file of ZATCA's CA certificates (as ZATCA gives them for the unit's environment): a cleared invoice then counts only with a stamp issued by one of them; set only with pos settings set on the till's machine",
      ar: 'ملف PEM لشهادات جهة التصديق لدى هيئة الزكاة: لا تُعتمد الفاتورة المعتمدة إلا بختم صادر عن إحداها؛ يُضبط فقط بالأمر pos settings set على جهاز نقطة البيع',
    },
  }),
  'zatca.stand_in_ca_file': define({
    kind: textKind(1000, 'a PEM file path of at most 1000 characters'),
    default: null,
    operatorOnly: true,
    unset: "only ZATCA's own CA certificates, and only for a unit onboarded at ZATCA's gateway",
    description: {
      en: "PEM file of the CA whose stamp on a cleared invoice counts for a unit onboarded at a ZATCA stand-in (never at ZATCA's gateway); set only with pos settings set on the till's machine",
      ar: 'ملف PEM لجهة التصديق التي يُعتمد ختمها على الفاتورة المعتمدة لوحدة مسجلة لدى بديل تجريبي لهيئة الزكاة (لا لدى بوابة الهيئة)؛ يُضبط فقط بالأمر pos settings set على جهاز نقطة البيع',
    },
  }),
  'printing.receipts_dir': define({
    kind: textKind(1000, 'a folder path of at most 1000 characters'),
    default: null,
    unset: 'receipts/ beside the database file',
    description: { en: 'Folder where PDF receipts are written', ar: 'مجلد حفظ الإيصالات بصيغة PDF' },
  }),
  'printing.logo_file': define({
    kind: textKind(1000, 'a PNG file path of at most 1000 characters'),
    default: null,
    unset: 'no logo (the demo sets the one shipped in resources/printing)',
    description: { en: 'PNG logo printed on receipts (PRINT_IMAGE printers)', ar: 'شعار PNG يطبع على الإيصالات' },
  }),
  api_version_accepted: define({
    kind: patternKind(/^2\.\d+\.\d+$/, 'an API version like 2.3.0'),
    default: null,
    unset: 'the version asked for (pos sync --api-version, or the newest this till knows)',
    description: { en: 'API version the service accepted after refusing a newer one (found by the pull)', ar: 'إصدار الواجهة الذي قبلته الخدمة' },
  }),
  session: define({
    kind: internalKind(z.object({ base_url: z.string(), api_version: z.string() })),
    default: null,
    internal: true,
    description: { en: 'The service this till is signed in to', ar: 'الخدمة المتصلة بها نقطة البيع' },
  }),
  'demo.service_url': define({
    kind: internalKind(z.string()),
    default: null,
    internal: true,
    description: {
      en: "Where the demo's service listened last time (`pos serve --demo`): it comes back on that address",
      ar: 'العنوان الذي عملت عليه خدمة العرض التجريبي آخر مرة',
    },
  }),
} as const;

export type SettingKey = keyof typeof SETTING_KEYS;
/** Secrets (the token) are stored as `secret.NAME`: encrypted in Electron, plain with `pos serve`; never listed. */
export type SecretSettingKey = `secret.${string}`;

type DefinitionOf<K extends SettingKey> = (typeof SETTING_KEYS)[K];
export type SettingValue<K extends SettingKey> = DefinitionOf<K> extends SettingDefinition<infer T> ? T : never;
/** What getSetting gives: the value type, or null where the key has no default. */
export type SettingInEffect<K extends SettingKey> = SettingValue<K> | (null extends DefinitionOf<K>['default'] ? null : never);

export const SECRET_PREFIX = 'secret.';

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_KEYS, key);
}

/** The name a secret setting (loyalty.api_token) has in the secret store. */
export function secretNameOf(key: SettingKey): string {
  return key.replace(/\./g, '_');
}

/** Keys a person may list and set (everything but the till's own session and secrets). */
export function publicSettingKeys(): SettingKey[] {
  return (Object.keys(SETTING_KEYS) as SettingKey[]).filter((key) => !SETTING_KEYS[key].internal);
}

/** "15.00" (a tax.rate or discount.limit_percent value) → 1500 hundredths of a percent. */
export function percentToHundredths(value: string): HundredthsOfPercent {
  return parseDecimal(value, 'a percentage setting');
}
