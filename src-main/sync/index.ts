export {
  pullCatalog,
  readPagesOffThreadHere,
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
export { adjustAfterRefusal, MAX_ADJUSTMENTS, type ListRequest } from './list-request-adjustment.ts';
export { CATALOG_RESOURCES, DEFAULT_PRODUCT_INCLUDES, type CatalogResource, type PullScope } from './catalog-resources.ts';
export {
  OrderUploader,
  ORDER_SYNC_PATH,
  DEFAULT_UPLOAD_BACKOFF,
  DEFAULT_PROBE_INTERVAL_MS,
  SESSION_EXPIRED,
  buildSyncBatches,
  orderToWire,
  type OrderUploaderOptions,
  type StatusListener,
  type UploadReport,
  type UploadStatus,
} from './push/index.ts';
export { UploadEngine, OrderKind, type UploadKind, type UploadContext, type UploadCounts } from './push/index.ts';
export { RECORD_PATH_SETTINGS, RecordUploadKind, recordKinds, recordOutboxCounts, tillUploadKinds } from './push/index.ts';
export { CustomerKind, customerEditOutboxCounts, customerOutboxCounts } from './push/index.ts';
export { SetAsideUploader, orderSetAsideWork } from './push/index.ts';
