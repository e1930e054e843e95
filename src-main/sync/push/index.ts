export { orderToWire, buildSyncBatches } from './order-to-wire.ts';
export {
  UploadEngine,
  DEFAULT_UPLOAD_BACKOFF,
  DEFAULT_PROBE_INTERVAL_MS,
  type UploadEngineOptions,
  type UploadKind,
  type UploadContext,
  type UploadCounts,
  type UploadReport,
} from './upload-engine.ts';
export { OrderKind, ORDER_SYNC_PATH } from './order-kind.ts';
export { OrderUploader, type OrderUploaderOptions } from './order-uploader.ts';
export { SESSION_EXPIRED } from './connectivity.ts';
export type { UploadStatus, StatusListener } from './upload-status.ts';
export { ATTENDANCE, SETTLEMENT, RECORD_PATH_SETTINGS, RecordUploadKind, recordKinds, recordOutboxCounts, type RecordKindConfig } from './record-kind.ts';
export { tillUploadKinds } from './upload-kinds.ts';
export { CustomerKind, customerOutboxCounts, createdCustomerId, customerCreateBody } from './customer-kind.ts';
export { CustomerEditKind, customerEditOutboxCounts, customerUpdateBody } from './customer-edit-kind.ts';
export { SetAsideUploader, orderSetAsideWork } from './set-aside-upload.ts';
