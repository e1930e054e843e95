/**
 * What went wrong talking to the service, as types the rest of the till can
 * act on: `retryable` errors are tried again later, the others need a
 * person. Every message says what happened and what to do next.
 */
export abstract class ServiceError extends Error {
  abstract readonly retryable: boolean;
  constructor(
    message: string,
    /** The HTTP status, or null when no answer came. */
    readonly status: number | null,
    /** Method and path of the request, for logs. */
    readonly request: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class UnauthenticatedError extends ServiceError {
  readonly retryable = false;
  constructor(request: string, serviceMessage: string) {
    super(`The service did not accept the token (401 ${serviceMessage}): sign in again or pass a new token.`, 401, request);
  }
}

export class ForbiddenError extends ServiceError {
  readonly retryable = false;
  constructor(request: string, serviceMessage: string) {
    super(
      `The service refused ${request} (403 ${serviceMessage}): this account may not do that; ask the market's owner for the permission or check the market and branch ids.`,
      403,
      request,
    );
  }
}

export class NotFoundError extends ServiceError {
  readonly retryable = false;
  constructor(request: string, serviceMessage: string) {
    super(`The service has no ${request} (404 ${serviceMessage}): check the base URL and the ids.`, 404, request);
  }
}

/** " — field: message; field: message", or nothing when the service named no field. */
function fieldMessages(errors: Record<string, string[]>): string {
  const fields = Object.entries(errors).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
  return fields.length ? ` — ${fields.join('; ')}` : '';
}

export class ValidationError extends ServiceError {
  readonly retryable = false;
  constructor(
    request: string,
    /** The service's own message, as it said it. */
    readonly serviceMessage: string,
    /** Per field, the service's messages. */
    readonly errors: Record<string, string[]>,
  ) {
    super(`The service rejected ${request} as invalid (422 ${serviceMessage})${fieldMessages(errors)}.`, 422, request);
  }
}

/**
 * 400: the service refused the request as malformed, often a strict query
 * builder naming a parameter it does not take (an include, a page size).
 * The till adjusts a list request when the message names what to change;
 * otherwise a person must look at what was asked.
 */
export class BadRequestError extends ServiceError {
  readonly retryable = false;
  constructor(
    request: string,
    /** The service's own message, as it said it. */
    readonly serviceMessage: string,
    /** Per field, the service's messages (when it sends them). */
    readonly errors: Record<string, string[]>,
  ) {
    super(
      `The service refused ${request} as a bad request (400 ${serviceMessage})${fieldMessages(errors)}; the till asked for something this service does not take: check the settings sync.includes and --per-page, or ask the service's team what it expects.`,
      400,
      request,
    );
  }
}

/** A refusal that says which parameter was wrong: a 422, or a 400 from a strict service. */
export function isParameterRefusal(error: unknown): error is ValidationError | BadRequestError {
  return error instanceof ValidationError || error instanceof BadRequestError;
}

/** The replacement endpoints a 426 or 410 answer points to. */
export interface ReplacementLinks {
  import_url?: string;
  template_url?: string;
  upload_url?: string;
  status_url?: string;
  removed_in?: string;
}

/** 426: this contract version is too old for the operation; 410: the operation is gone at this version. */
export class VersionError extends ServiceError {
  readonly retryable = false;
  constructor(
    request: string,
    status: 426 | 410,
    serviceMessage: string,
    readonly links: ReplacementLinks,
  ) {
    const what = status === 426 ? 'needs a newer API version' : 'was removed from this API version';
    const replacement = Object.entries(links)
      .filter(([, value]) => value)
      .map(([key, value]) => `${key}=${value}`)
      .join(', ');
    super(`The service says ${request} ${what} (${status} ${serviceMessage})${replacement ? `; use instead: ${replacement}` : ''}.`, status, request);
  }
}

export class ServerError extends ServiceError {
  readonly retryable = true;
  constructor(
    request: string,
    status: number,
    serviceMessage: string,
    /** The answer's `Retry-After` header as sent (seconds or an HTTP date), or null. */
    readonly retryAfter: string | null = null,
  ) {
    const what = status === 429 ? 'is asking the till to slow down' : 'failed';
    super(`The service ${what} on ${request} (${status} ${serviceMessage}); this is on the service's side, try again in a moment.`, status, request);
  }
}

/** No usable answer: refused, reset, DNS, or timed out. */
export class NetworkError extends ServiceError {
  readonly retryable = true;
  constructor(request: string, reason: string) {
    super(`Could not reach the service for ${request} (${reason}); check the internet connection and the base URL, then try again.`, null, request);
  }
}

/** An answer that is not the service's JSON: a proxy page, a wrong base URL, a broken body. */
export class ProtocolError extends ServiceError {
  readonly retryable: boolean;
  constructor(request: string, status: number | null, reason: string, retryable = false) {
    super(`The answer to ${request} is not what the service sends (${reason}): check the base URL.`, status, request);
    this.retryable = retryable;
  }
}
