export { businessDayOf, insertOrder, markRefunded, readOrder, readOrders, readUpload, refundedSoFar, settleOrder, type RefundedLine, type Settlement } from './order-store.ts';
export { localSyncStatus, outboxCounts, type OutboxCounts } from './outbox-counts.ts';
