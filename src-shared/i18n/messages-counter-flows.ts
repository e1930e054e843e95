/**
 * Text of the refined counter's flows (issue 23): the shift gate at the first item,
 * the blind close, the keyboard sale, the orders and parked lists, the
 * approval sheet; spread into MESSAGES_EN and MESSAGES_AR. The Arabic object
 * is typed against the English keys, so a missing translation fails the build.
 */
export const COUNTER_FLOW_MESSAGES_EN = {
  'sell.noShiftTitle': 'No shift is open on this till',
  'sell.noShiftBody': 'Open a shift with a float before ringing up an order.',
  'sell.openShift': 'Open a shift',
  'shift.movedIn': 'Recorded: {amount} put into the drawer',
  'shift.movedOut': 'Recorded: {amount} taken out of the drawer',
  'shift.closeConfirmTitle': 'Close the shift?',
  'shift.closeConfirmYes': 'Close the shift',
  'report.blind': 'What the drawer should hold is shown only after it is counted at the close.',
  'orders.searchLabel': 'Find an order',
  'orders.searchPlaceholder': 'Order number or amount',
  'orders.filterLabel': 'Show',
  'orders.filter.all': 'All',
  'orders.filter.unpaid': 'Unpaid',
  'orders.filter.refunds': 'Refunds',
  'orders.filter.pending': 'Waiting to upload',
  'orders.filter.shift': 'This shift',
  'orders.noMatch': 'No order matches',
  'orders.refundedIn': 'Refunded in {number}',
  'orders.refundedQty': '{count} refunded',
  'orders.refundOfNumber': 'Refund of {number}',
  'parked.age': '{minutes} min ago',
  'parked.swap': 'Park the current order and resume this one',
  'parked.swapped': 'The order in progress was parked',
  'refund.tender': 'Give the money back by',
  'refund.asPaid': 'As it was paid ({methods})',
} as const;

export type CounterFlowMessageKey = keyof typeof COUNTER_FLOW_MESSAGES_EN;

export const COUNTER_FLOW_MESSAGES_AR: Record<CounterFlowMessageKey, string> = {
  'sell.noShiftTitle': 'لا توجد وردية مفتوحة على هذا الكاشير',
  'sell.noShiftBody': 'افتح وردية برصيد افتتاح قبل تسجيل أي طلب.',
  'sell.openShift': 'فتح وردية',
  'shift.movedIn': 'تم التسجيل: إدخال {amount} إلى الدرج',
  'shift.movedOut': 'تم التسجيل: سحب {amount} من الدرج',
  'shift.closeConfirmTitle': 'إغلاق الوردية؟',
  'shift.closeConfirmYes': 'إغلاق الوردية',
  'report.blind': 'لا يظهر ما يجب أن يحتويه الدرج إلا بعد عدّه عند الإغلاق.',
  'orders.searchLabel': 'البحث عن طلب',
  'orders.searchPlaceholder': 'رقم الطلب أو المبلغ',
  'orders.filterLabel': 'عرض',
  'orders.filter.all': 'الكل',
  'orders.filter.unpaid': 'غير مدفوعة',
  'orders.filter.refunds': 'المرتجعات',
  'orders.filter.pending': 'بانتظار الرفع',
  'orders.filter.shift': 'هذه الوردية',
  'orders.noMatch': 'لا يوجد طلب مطابق',
  'orders.refundedIn': 'مُسترجع في {number}',
  'orders.refundedQty': 'مُسترجع {count}',
  'orders.refundOfNumber': 'استرجاع للطلب {number}',
  'parked.age': 'منذ {minutes} دقيقة',
  'parked.swap': 'تعليق الطلب الحالي واستئناف هذا',
  'parked.swapped': 'تم تعليق الطلب الجاري',
  'refund.tender': 'إعادة المبلغ عبر',
  'refund.asPaid': 'كما دُفع ({methods})',
};
