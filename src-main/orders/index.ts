export {
  insertOrder,
  markRefunded,
  readOrder,
  readOrders,
  readUpload,
  QUEUED_UPLOAD,
  refundedSoFar,
  refundsOf,
  settleOrder,
  setZatcaQr,
  type OrderStamp,
  type RefundedLine,
  type Settlement,
  type SettlementRoute,
} from './order-store.ts';
export { readOrdersForUpload, type OrderForUpload, type OrderLineForUpload } from './order-upload-read.ts';
export { localSyncStatus, outboxCounts, type OutboxCounts } from './outbox-counts.ts';
export {
  businessDayOf,
  formatOrderNumber,
  MAX_CUTOFF_HOUR,
  readDayCutoffHour,
  readOrderNumbering,
  TILL_CODE_PATTERN,
  type OrderNumbering,
} from './order-numbering.ts';
export { latestOrders, allOrders, type OrderListing } from './order-list.ts';
export {
  listRejected,
  selectDue,
  freezeBodies,
  earliestPendingAt,
  recordOutcome,
  makePendingDue,
  pendingReasons,
  pendingOrderUuids,
  ordersHeld,
  selectDueAmong,
  earliestPendingAmong,
  makePendingDueAmong,
  outboxCountsAmong,
  orderNumbersOf,
  orderNumbersTaken,
  type BatchOutcome,
  type DueEntry,
  type RejectedOrder,
} from './outbox-queries.ts';
export { shiftPayments, shiftSales, type ShiftSale } from './shift-sales.ts';
export { settlementBody, type SettlementBody } from './settlement-record.ts';
export { chosenModifiers, cartView, checkModifiers, findLine, newLine, priceOf, emptyCart, headerOf, withEdit } from './cart.ts';
export type { Cart, CartLine, CartHeader, CartEdit, DiscountSetting } from './cart.ts';
export { checkLineCount, checkQuantity, checkTotal, orderLimits, type OrderLimits } from './order-limits.ts';
export { orderWithPromotion } from './order-promotions.ts';
export { discountViews, reasonText, refusePick, replicaCoupon } from './service-discount-picks.ts';
export {
  setAsideOwnOrders,
  setAsideOrderStatus,
  describeSetAsideOrders,
  keepNeverAnswered,
  keepNeverAnsweredIn,
  NEVER_ANSWERED,
  type SetAsideOrdersWaiting,
} from './set-aside-orders.ts';
