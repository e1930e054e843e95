import type { IncomingMessage, ServerResponse } from 'node:http';

const MAX_BODY = 4096;

/** A small JSON body from the peer, or null (too big, not JSON, not an object). */
export function readJson(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => {
      try {
        const value = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
        resolve(value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
      } catch {
        resolve(null);
      }
    });
    request.on('error', () => resolve(null));
  });
}

export function sendJson(response: ServerResponse, status: number, body: unknown): true {
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
  return true;
}

/** GET a peer's JSON with a deadline; null when it does not answer in time or answers nonsense. */
export async function fetchJson(
  url: string,
  timeoutMs: number,
  init: RequestInit = {},
): Promise<{ status: number; body: Record<string, unknown> | null } | null> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let body: Record<string, unknown> | null = null;
    try {
      const value = JSON.parse(text) as unknown;
      if (value && typeof value === 'object' && !Array.isArray(value)) body = value as Record<string, unknown>;
    } catch {
      body = null;
    }
    return { status: response.status, body };
  } catch {
    return null;
  }
}
