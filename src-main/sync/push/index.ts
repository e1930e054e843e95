export { orderToWire, buildSyncBatches } from './order-to-wire.ts';
export {
  OrderUploader,
  ORDER_SYNC_PATH,
  DEFAULT_UPLOAD_BACKOFF,
  DEFAULT_PROBE_INTERVAL_MS,
  type OrderUploaderOptions,
  type UploadReport,
} from './order-uploader.ts';
export { SESSION_EXPIRED } from './connectivity.ts';
export type { UploadStatus, StatusListener } from './upload-status.ts';
export { uploadRecords, RECORD_PATH_SETTINGS, type RecordUploadReport } from './record-uploader.ts';
export { RecordUploadLoop } from './record-upload-loop.ts';
