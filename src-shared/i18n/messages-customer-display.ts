/**
 * Text of the customer display (issue 21, part 5): what the customer reads
 * while the cashier rings up, after paying and while nothing is going on,
 * its refusals, and the Stations tab's choice of counter; in both
 * languages, spread into MESSAGES_EN and MESSAGES_AR.
 */
export const CUSTOMER_DISPLAY_MESSAGES_EN = {
  'reason.station.displayOnly': 'This screen is a display ({code}): it only shows, and cannot do this. Use a counter.',
  'reason.station.notCustomerDisplay': 'Only a customer display shows a counter’s cart; station {code} is not one.',
  'reason.station.notACounter': 'A customer display shows the cart of a counter in use, and {code} is none.',
  'reason.customerDisplay.notADisplay': 'Only a customer display station shows this: pair this screen as one on the Stations tab of the Branch screen.',
  'cdisplay.title': 'Your order',
  'cdisplay.welcome': 'Welcome',
  'cdisplay.item': 'Item',
  'cdisplay.quantity': 'Qty',
  'cdisplay.price': 'Price',
  'cdisplay.subtotal': 'Subtotal',
  'cdisplay.discount': 'Discount',
  'cdisplay.tax': 'VAT',
  'cdisplay.taxIncluded': 'Including VAT',
  'cdisplay.total': 'Total',
  'cdisplay.paid': 'Paid',
  'cdisplay.change': 'Your change',
  'cdisplay.thanks': 'Thank you!',
  'cdisplay.order': 'Order {number}',
  'cdisplay.qr': 'Scan for your tax invoice',
  'cdisplay.noCounter': 'This display shows no counter yet: a manager chooses one on the Branch screen’s Stations tab.',
  'stations.showsCartOf': 'Shows the cart of',
  'stations.showsNone': 'No counter (idle)',
  'stations.showsSaved': '{display} now shows the cart of {counter}',
};
export type CustomerDisplayMessageKey = keyof typeof CUSTOMER_DISPLAY_MESSAGES_EN;

export const CUSTOMER_DISPLAY_MESSAGES_AR: Record<CustomerDisplayMessageKey, string> = {
  'reason.station.displayOnly': 'هذه الشاشة شاشة عرض (\u2066{code}\u2069): تعرض فقط ولا يمكنها القيام بذلك. استخدم الكاونتر.',
  'reason.station.notCustomerDisplay': 'شاشة العملاء وحدها تعرض سلة الكاونتر، والمحطة \u2066{code}\u2069 ليست كذلك.',
  'reason.station.notACounter': 'تعرض شاشة العملاء سلة كاونتر مستخدم، و\u2066{code}\u2069 ليس كاونتر.',
  'reason.customerDisplay.notADisplay': 'هذا لمحطة شاشة العملاء فقط: اقرن هذه الشاشة كشاشة عملاء من تبويب المحطات في شاشة الفرع.',
  'cdisplay.title': 'طلبك',
  'cdisplay.welcome': 'أهلاً وسهلاً',
  'cdisplay.item': 'الصنف',
  'cdisplay.quantity': 'الكمية',
  'cdisplay.price': 'السعر',
  'cdisplay.subtotal': 'المجموع الفرعي',
  'cdisplay.discount': 'الخصم',
  'cdisplay.tax': 'ضريبة القيمة المضافة',
  'cdisplay.taxIncluded': 'شامل ضريبة القيمة المضافة',
  'cdisplay.total': 'الإجمالي',
  'cdisplay.paid': 'المدفوع',
  'cdisplay.change': 'الباقي لك',
  'cdisplay.thanks': 'شكراً لك!',
  'cdisplay.order': 'الطلب \u2066{number}\u2069',
  'cdisplay.qr': 'امسح الرمز لفاتورتك الضريبية',
  'cdisplay.noCounter': 'لا تعرض هذه الشاشة أي كاونتر بعد: يختاره المدير من تبويب المحطات في شاشة الفرع.',
  'stations.showsCartOf': 'تعرض سلة',
  'stations.showsNone': 'لا كاونتر (خاملة)',
  'stations.showsSaved': '\u2066{display}\u2069 تعرض الآن سلة \u2066{counter}\u2069',
};
