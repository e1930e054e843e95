export { businessDayOf, insertOrder, readOrder, readUpload } from './order-store.ts';
export { outboxCounts, type OutboxCounts } from './outbox-counts.ts';
