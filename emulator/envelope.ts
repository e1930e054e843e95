/**
 * The service's two body shapes (spec, "General conventions" and "Errors"):
 * `{meta, data}` on success, `{meta, data: null}` plus any documented extra
 * members on failure. `meta.code` always equals the HTTP status.
 */
export const MESSAGES = {
  loaded: 'Data Loaded Successfully',
  created: 'Data Created Successfully',
  updated: 'Data Updated Successfully',
  saved: 'Data Saved Successfully',
  synced: 'Data Synced Successfully',
  unauthenticated: 'Unauthenticated.',
  forbiddenRead: 'This action is unauthorized.',
  forbiddenModifierWrite: 'Unauthorized.',
  notFound: 'Resource not found.',
  serverError: 'Internal server error.',
  tooManyRequests: 'Too Many Attempts.',
  badJson: 'The request body is not valid JSON.',
} as const;

export interface SuccessBody<T> {
  meta: { code: number; status: 'success'; message: string };
  data: T;
}

export interface ErrorBody {
  meta: { code: number; status: 'error'; message: string };
  data: null;
  [extra: string]: unknown;
}

export function successBody<T>(code: number, message: string, data: T): SuccessBody<T> {
  return { meta: { code, status: 'success', message }, data };
}

export function errorBody(code: number, message: string, extra: Record<string, unknown> = {}): ErrorBody {
  return { meta: { code, status: 'error', message }, data: null, ...extra };
}

/** Thrown by handlers; the server turns it into the error envelope with this status. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Members beside `meta` and `data` (`errors` on 422, the bulk-import urls on 426/410). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  body(): ErrorBody {
    return errorBody(this.status, this.message, this.extra);
  }
}

export const notFound = (): ServiceError => new ServiceError(404, MESSAGES.notFound);
