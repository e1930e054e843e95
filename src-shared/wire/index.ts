// The wire module: zod schemas of the service's answers per contract version,
// normalizers to the canonical catalog records, and the parse entry points
// the sync calls. Everything else in this folder is internal.

export { DECIMAL_PATTERN } from './primitives.ts';
export { successEnvelopeSchema, successMetaSchema, paginationSchema, pageLinkSchema } from './envelope.ts';
export type { PageInfo } from './envelope.ts';
export { errorEnvelopeSchema, parseErrorEnvelope } from './error-envelope.ts';
export type { ErrorEnvelope } from './error-envelope.ts';
export { WireValidationError } from './wire-validation-error.ts';
export type { WireSubject } from './wire-validation-error.ts';

export { LIST_RESOURCES } from './list-resource.ts';
export type { ListResource, CanonicalRecordOf, CanonicalRecords } from './list-resource.ts';
export { parseListPage, readListPage, recordSchema, listPageSchema } from './list-page.ts';
export type { ParsedPage, PageContext, QuarantinedRecord } from './list-page.ts';
export { MEMBER_TABLE, WIRE_OBJECTS, ACCOUNTING_MEMBER, objectTable } from './member-table.ts';
export type { MemberKind, MemberRule, WireObjectName, WireObjectTable } from './member-table.ts';
export { schemaOf, membersAt, memberApplies } from './schema-from-table.ts';
export { memberTableMarkdown, README_TABLE_START, README_TABLE_END } from './member-table-readme.ts';
export { readMe, ME_MEMBER_PATHS, NO_ACCOUNT_FACTS } from './read-me.ts';
export type { AccountFacts, AccountFact } from './read-me.ts';
export { ReadTally } from './read-tally.ts';
export { accountingMember, accountingReference } from './product.ts';

// Each record's schema and normalizer stay inside: lists are read through parseListPage/readListPage.
export { parseCategory } from './category.ts';
// parseMe: the emulator's own /me shape, for checking the emulator; the till reads /me with readMe.
export { normalizeMe, parseMe } from './me.ts';

export { MAX_ORDERS_PER_SYNC, ORDER_SYNC_STATUSES, orderSchema, orderSyncRequestSchema, orderSyncResultSchema, parseOrderSyncResults } from './order-sync.ts';
export type { Order, OrderLine, OrderLineModifier, OrderPayment, OrderSyncRequest, OrderSyncResult, OrderSyncStatus } from './order-sync.ts';
