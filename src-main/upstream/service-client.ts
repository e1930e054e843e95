import { NEWEST_API_VERSION, type ApiVersion } from '../../src-shared/api-version.ts';
import { parseErrorEnvelope } from '../../src-shared/wire/index.ts';
import { encodeQuery, type QueryParams } from './encode-query.ts';
import { AnswerBuffers } from './answer-buffers.ts';
import { utf8Text } from '../text/index.ts';
import { MAX_RESPONSE_BYTES, readCappedBytes, ResponseTooLargeError } from './read-capped-body.ts';
import {
  BadRequestError,
  ForbiddenError,
  NetworkError,
  NotFoundError,
  ProtocolError,
  ServerError,
  UnauthenticatedError,
  ValidationError,
  VersionError,
  type ServiceError,
} from './service-errors.ts';
import { TillError } from '../../src-shared/errors/index.ts';

export interface ServiceConfig {
  /** The root of the v2 interface, e.g. `https://pos.example.com/api/v2`. */
  baseUrl: string;
  token: string;
  /** Sent as `X-API-Version`; defaults to the newest contract the client knows. */
  apiVersion?: ApiVersion;
  /** For the whole request, answer body included. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 20_000;

/**
 * JSON over HTTP to the service: bearer token, `X-API-Version`, timeouts,
 * and every failure turned into a typed ServiceError. Answers are returned
 * as parsed JSON; validating their shape is the caller's (per resource).
 */
export class ServiceClient {
  readonly baseUrl: string;
  readonly apiVersion: ApiVersion;
  private readonly token: string;
  private readonly timeoutMs: number;
  /** Where deferred answers' bytes are written, reused once each is read (a pull's pages). */
  private readonly answerBuffers = new AnswerBuffers();

  constructor(config: ServiceConfig) {
    let url: URL;
    try {
      url = new URL(config.baseUrl);
    } catch {
      throw new TillError('invalid_input', `base URL "${config.baseUrl}" is not a URL; give the service's root, e.g. https://pos.example.com/api/v2`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TillError('invalid_input', `base URL "${config.baseUrl}" must start with http:// or https://`);
    }
    // The token and every order cross this connection: plain HTTP only to this machine.
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      throw new TillError(
        'invalid_input',
        `base URL "${config.baseUrl}" must use https:// (plain http:// is allowed only for this machine, e.g. http://127.0.0.1:PORT)`,
      );
    }
    if (url.username || url.password)
      throw new TillError('invalid_input', `base URL "${config.baseUrl}" must not carry a user name or password; pass the token instead`);
    if (config.token.trim() === '') throw new TillError('invalid_input', 'the token is empty; pass the access token the service gave at login');
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.token = config.token;
    this.apiVersion = config.apiVersion ?? NEWEST_API_VERSION;
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** The same service with another token (after a new sign-in). */
  withToken(token: string): ServiceClient {
    return new ServiceClient({ baseUrl: this.baseUrl, token, apiVersion: this.apiVersion, timeoutMs: this.timeoutMs });
  }

  /** The same service asked for another contract version (after the service refused this one). */
  withApiVersion(apiVersion: ApiVersion): ServiceClient {
    return new ServiceClient({ baseUrl: this.baseUrl, token: this.token, apiVersion, timeoutMs: this.timeoutMs });
  }

  get(path: string, query: QueryParams = {}): Promise<unknown> {
    const encoded = encodeQuery(query);
    return this.send('GET', encoded ? `${path}?${encoded}` : path);
  }

  post(path: string, body: unknown): Promise<unknown> {
    return this.send('POST', path, body);
  }

  /**
   * Like `get`, but the answer's text is parsed only when the returned
   * function is called: a page that waits its turn behind others is held as
   * text, a fraction of its parsed size. Failures (HTTP, network) still
   * reject the promise; a body that is not JSON throws when parsed.
   */
  async getDeferred(path: string, query: QueryParams = {}): Promise<() => unknown> {
    const encoded = encodeQuery(query);
    const { request, status, body } = await this.exchange('GET', encoded ? `${path}?${encoded}` : path, undefined, this.answerBuffers);
    let read = false;
    return () => {
      // Once decoded, the bytes' memory holds a later answer: a second read would find that one's.
      if (read) throw new Error(`the answer to GET ${path} was already read`);
      read = true;
      try {
        return parseBody(request, status, utf8Text(body));
      } finally {
        this.answerBuffers.give(body);
      }
    };
  }

  /**
   * Like getDeferred, for an answer read elsewhere (another thread): the
   * function gives the body's bytes as they came, in memory of their own
   * (so they can be transferred), and the answer's buffer goes round again.
   */
  async getDeferredBytes(path: string, query: QueryParams = {}): Promise<() => Uint8Array> {
    const encoded = encodeQuery(query);
    const { body } = await this.exchange('GET', encoded ? `${path}?${encoded}` : path, undefined, this.answerBuffers);
    let read = false;
    return () => {
      if (read) throw new Error(`the answer to GET ${path} was already read`);
      read = true;
      try {
        return new Uint8Array(body);
      } finally {
        this.answerBuffers.give(body);
      }
    };
  }

  private async send(method: string, pathAndQuery: string, body?: unknown): Promise<unknown> {
    const answer = await this.exchange(method, pathAndQuery, body);
    return parseBody(answer.request, answer.status, utf8Text(answer.body));
  }

  /** One request: a 2xx answer's bytes, or the typed error of any other outcome. */
  private async exchange(
    method: string,
    pathAndQuery: string,
    body?: unknown,
    buffers?: AnswerBuffers,
  ): Promise<{ request: string; status: number; body: Buffer }> {
    const request = `${method} ${pathAndQuery.split('?')[0]}`;
    let response: Response;
    let answer: Buffer;
    try {
      response = await fetch(`${this.baseUrl}${pathAndQuery}`, {
        method,
        headers: {
          Accept: 'application/json',
          Authorization: `Bearer ${this.token}`,
          'X-API-Version': this.apiVersion,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
        // A redirect could send the token elsewhere (or to plain HTTP): the base URL is the service.
        redirect: 'error',
      });
      answer = await readCappedBytes(response, MAX_RESPONSE_BYTES, buffers);
    } catch (error) {
      if (error instanceof ResponseTooLargeError) throw new ProtocolError(request, null, error.message);
      throw new NetworkError(request, describeNetworkFailure(error, this.timeoutMs));
    }
    if (response.ok) return { request, status: response.status, body: answer };
    const text = utf8Text(answer);
    let refusal: unknown;
    try {
      refusal = parseBody(request, response.status, text);
    } catch (error) {
      // A strict service may explain a 400 in plain words; that is still the service speaking.
      if (response.status !== 400) throw error;
      refusal = text;
    }
    throw errorFor(request, response.status, refusal, response.headers.get('retry-after'));
  }
}

function parseBody(request: string, status: number, text: string): unknown {
  try {
    return text === '' ? null : JSON.parse(text);
  } catch {
    throw new ProtocolError(request, status, `HTTP ${status} with a body that is not JSON`, status >= 500);
  }
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A service's own words are shown to people: one bounded line each. */
const serviceWords = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 500);

/**
 * What a refusal says, from the spec's error envelope or from the shapes
 * other services send: Laravel's own `{message, errors}`, `{error}`, a
 * field's messages as one string instead of a list.
 */
export function readRefusal(body: unknown, status: number): { message: string; errors: Record<string, string[]> } {
  const envelope = parseErrorEnvelope(body);
  if (envelope) return { message: envelope.meta.message, errors: envelope.errors ?? {} };
  if (typeof body === 'string') {
    const plain = /^\s*</.test(body) ? '' : serviceWords(body);
    return { message: plain || `HTTP ${status}`, errors: {} };
  }
  const object = isObject(body) ? body : {};
  const meta = isObject(object.meta) ? object.meta : {};
  const said = [meta.message, object.message, object.error].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  const errors: Record<string, string[]> = {};
  if (isObject(object.errors)) {
    for (const [field, messages] of Object.entries(object.errors)) {
      const list = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === 'string').map(serviceWords);
      if (list.length > 0) errors[serviceWords(field)] = list;
    }
  }
  return { message: said !== undefined ? serviceWords(said) : `HTTP ${status}`, errors };
}

export function errorFor(request: string, status: number, body: unknown, retryAfter: string | null): ServiceError {
  const envelope = parseErrorEnvelope(body);
  const { message, errors } = readRefusal(body, status);
  switch (status) {
    case 401:
      return new UnauthenticatedError(request, message);
    case 403:
      return new ForbiddenError(request, message);
    case 404:
      return new NotFoundError(request, message);
    case 400:
      return new BadRequestError(request, message, errors);
    case 422:
      return new ValidationError(request, message, errors);
    case 426:
    case 410:
      return new VersionError(request, status, message, {
        import_url: envelope?.import_url,
        template_url: envelope?.template_url,
        upload_url: envelope?.upload_url,
        status_url: envelope?.status_url,
        removed_in: envelope?.removed_in,
      });
  }
  if (status >= 500 || status === 408 || status === 429) return new ServerError(request, status, message, retryAfter);
  return new ProtocolError(request, status, `unexpected HTTP ${status}: ${message}`);
}

function describeNetworkFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs} ms`;
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused';
  if (cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET') return 'connection reset';
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return 'host not found';
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
