export { businessDayOf, insertOrder, readOrder, readOrders, readUpload } from './order-store.ts';
export { outboxCounts, type OutboxCounts } from './outbox-counts.ts';
