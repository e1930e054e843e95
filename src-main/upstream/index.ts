export { ServiceClient, errorFor, type ServiceConfig } from './service-client.ts';
export { encodeQuery, type QueryParams, type QueryValue } from './encode-query.ts';
export { MAX_RESPONSE_BYTES, ResponseTooLargeError, readCappedBytes } from './read-capped-body.ts';
export { checkListLimits, LIST_LIMITS } from './list-limits.ts';
export { paginate, DEFAULT_PAGE_RETRY, MAX_RETRY_AFTER_MS, MAX_THROTTLED_ANSWERS, type Page, type PaginatedRead } from './paginate.ts';
export { RequestWindow } from './request-window.ts';
export { retryAfterMs } from './retry-after.ts';
export { backoffDelay, withRetry, type BackoffPolicy, type RetryPolicy } from './retry.ts';
export {
  BadRequestError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  ProtocolError,
  ServerError,
  ServiceError,
  UnauthenticatedError,
  ValidationError,
  VersionError,
  isParameterRefusal,
  type ReplacementLinks,
} from './service-errors.ts';
