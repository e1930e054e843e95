import { request as httpRequest } from 'node:http';
import type { RunningEmulator } from '../../../emulator/index.ts';

/** A JSON answer of the emulator. `body` is whatever JSON came back. */
export interface Reply {
  status: number;
  // Tests read arbitrary members of the answer; the assertions are the checks.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface CallOptions {
  /** Defaults to the emulator's start token; null sends no Authorization header. */
  token?: string | null;
  /** Sent as X-API-Version; undefined sends none (the service then serves 2.0.0). */
  version?: string;
  headers?: Record<string, string>;
}

function headersFor(emulator: RunningEmulator, options: CallOptions): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.token === undefined ? emulator.token : options.token;
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  if (options.version !== undefined) headers['X-API-Version'] = options.version;
  return headers;
}

/** Real HTTP over loopback with global fetch; `path` is relative to the v2 root and may carry a query. */
export async function call(emulator: RunningEmulator, method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Reply> {
  const headers = headersFor(emulator, options);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${emulator.baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

export const get = (emulator: RunningEmulator, path: string, options: CallOptions = {}) => call(emulator, 'GET', path, undefined, options);

export const post = (emulator: RunningEmulator, path: string, body: unknown, options: CallOptions = {}) => call(emulator, 'POST', path, body, options);

/** The SUBSCRIBER scope the demo token must send on /products. */
export function scope(emulator: RunningEmulator): string {
  return `filter[market_id]=${emulator.marketId}&filter[branch_id]=${emulator.branchId}`;
}

/** A GET with a JSON body (fetch refuses one; the spec allows list parameters there). */
export function getWithJsonBody(emulator: RunningEmulator, path: string, body: unknown, options: CallOptions = {}): Promise<Reply> {
  const url = new URL(`${emulator.baseUrl}${path}`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'GET',
        headers: { ...headersFor(emulator, options), 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
