export { pullCatalog, writeListToReplica, CatalogChangedError, type PullOptions, type PullProgress, type PullSummary } from './pull-catalog.ts';
export { readReplicaMeta, type LastPull, type ReplicaMeta } from '../catalog/index.ts';
export { REPLICA_TABLES, type ReplicaTable } from './replica-tables.ts';
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
