/**
 * One request to ZATCA's API (FATOORA), for every call the till makes
 * (onboarding's CSIDs and compliance checks, reporting, clearance): the
 * headers ZATCA's developer portal documents (`Accept-Version: V2`, JSON,
 * the language of its messages), Basic credentials of a CSID, a timeout on
 * the caller's clock (a test moves time instead of waiting for it), no
 * redirects (credentials and OTPs go to the configured host only) and the
 * answer read up to a cap.
 *
 * This file only talks: it returns what came back, or that nothing did.
 * What an answer proves is decided by its reader (reporting-answer.ts for
 * documents, zatca-api.ts for onboarding).
 */
import type { Clock } from '../clock/index.ts';
import { readCappedBytes } from '../upstream/index.ts';
import { zatcaUrlProblem } from './zatca-url.ts';

/** ZATCA's answers are small JSON; a cleared invoice carries the XML back, still far below this. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
export const DEFAULT_ZATCA_TIMEOUT_MS = 30_000;

export interface ZatcaCredentials {
  /** As ZATCA's CSID answer gives it: base64 of the certificate's base64 text. */
  binarySecurityToken: string;
  secret: string;
}

/** The Basic credentials of a unit whose certificate is stored as base64 DER (zatca_egs.certificate). */
export function credentialsOf(certificateBase64: string, secret: string): ZatcaCredentials {
  return { binarySecurityToken: Buffer.from(certificateBase64, 'utf8').toString('base64'), secret };
}

/** What came back: the HTTP answer (its body parsed as JSON, null when empty or not JSON), or why none came. */
export type ZatcaReply = { answered: true; status: number; body: unknown; text: string; retryAfter: string | null } | { answered: false; reason: string };

export interface ZatcaHttpOptions {
  baseUrl: string;
  clock: Clock;
  timeoutMs?: number;
  /** The language of ZATCA's messages (en or ar). */
  language?: 'en' | 'ar';
  /** The fetch to use (a test may put a network that changes requests in between). */
  fetch?: typeof fetch;
}

export interface ZatcaRequest {
  /** Omitted for the compliance CSID, which the OTP authorizes. */
  credentials?: ZatcaCredentials;
  /** ZATCA's own headers for the call (OTP, Clearance-Status). */
  headers?: Record<string, string>;
  body: unknown;
}

export async function postToZatca(path: string, request: ZatcaRequest, options: ZatcaHttpOptions): Promise<ZatcaReply> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_ZATCA_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': options.language ?? 'en',
    'Accept-Version': 'V2',
    'Content-Type': 'application/json',
    ...request.headers,
  };
  if (request.credentials) {
    // The secret never crosses the network in clear, whatever address was stored.
    const refused = zatcaUrlProblem(options.baseUrl);
    if (refused) return { answered: false, reason: `not sent: ${refused}` };
    const { binarySecurityToken, secret } = request.credentials;
    headers.Authorization = `Basic ${Buffer.from(`${binarySecurityToken}:${secret}`, 'utf8').toString('base64')}`;
  }
  const controller = new AbortController();
  let timedOut = false;
  const cancel = options.clock.after(timeoutMs, () => {
    timedOut = true;
    controller.abort();
  });
  try {
    const response = await doFetch(`${options.baseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(request.body),
      signal: controller.signal,
      redirect: 'error',
    });
    const text = (await readCappedBytes(response, MAX_ANSWER_BYTES)).toString('utf8');
    let body: unknown = null;
    try {
      body = text.trim() === '' ? null : JSON.parse(text);
    } catch {
      body = null;
    }
    return { answered: true, status: response.status, body, text, retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    return { answered: false, reason: timedOut ? `no answer within ${timeoutMs} ms` : describe(error) };
  } finally {
    cancel();
  }
}

/** A light request while offline: any HTTP answer at all means ZATCA's host is reachable again. */
export async function probeZatca(baseUrl: string, clock: Clock, timeoutMs = DEFAULT_ZATCA_TIMEOUT_MS): Promise<{ online: boolean; reason: string | null }> {
  const controller = new AbortController();
  let timedOut = false;
  const cancel = clock.after(timeoutMs, () => {
    timedOut = true;
    controller.abort();
  });
  try {
    const response = await fetch(baseUrl, { method: 'GET', signal: controller.signal, redirect: 'manual' });
    await response.body?.cancel().catch(() => undefined);
    return { online: true, reason: null };
  } catch (error) {
    return { online: false, reason: `ZATCA could not be reached (${timedOut ? `no answer within ${timeoutMs} ms` : describe(error)})` };
  } finally {
    cancel();
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  if (cause?.code) return cause.code;
  if (cause?.message) return cause.message;
  return error instanceof Error ? error.message : String(error);
}
