export { businessDayOf, insertOrder, readOrder, readOrders, readUpload } from './order-store.ts';
export { localSyncStatus, outboxCounts, type OutboxCounts } from './outbox-counts.ts';
