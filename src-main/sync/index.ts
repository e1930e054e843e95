export {
  pullCatalog,
  writeListToReplica,
  CatalogChangedError,
  type PullOptions,
  type PullProgress,
  type PullSummary,
  type SkippedList,
} from './pull-catalog.ts';
export { MissingMarketError, resolveScope, accountAsMe, type ResolvedScope } from './account-scope.ts';
export { TooManyBadRecordsError, allowedBadRecords } from './quarantine.ts';
export { API_VERSION_SETTING, acceptedApiVersion, negotiateApiVersion, isVersionRefusal } from './api-version-step-down.ts';
export { readAccountFacts } from './read-account.ts';
export { adjustAfterRefusal, type ListRequest } from './list-request-adjustment.ts';
export { readReplicaMeta, type LastPull, type ReplicaMeta } from '../catalog/index.ts';
export { REPLICA_TABLES, type ReplicaTable } from './replica-tables.ts';
export { CATALOG_RESOURCES, type CatalogResource } from './catalog-resources.ts';
export {
  OrderUploader,
  ORDER_SYNC_PATH,
  DEFAULT_UPLOAD_BACKOFF,
  DEFAULT_PROBE_INTERVAL_MS,
  SESSION_EXPIRED,
  buildSyncBatches,
  listRejected,
  orderToWire,
  outboxCounts,
  type OrderUploaderOptions,
  type OutboxCounts,
  type RejectedOrder,
  type StatusListener,
  type UploadReport,
  type UploadStatus,
} from './push/index.ts';
export { uploadRecords, RecordUploadLoop, RECORD_PATH_SETTINGS, type RecordUploadReport } from './push/index.ts';
