/**
 * One signed document to ZATCA's reporting (simplified) or clearance
 * (standard) API, as ZATCA's developer portal documents them:
 * `POST {base}/invoices/reporting/single` with `Clearance-Status: 0`, or
 * `/invoices/clearance/single` with `Clearance-Status: 1`; Basic
 * credentials base64(binarySecurityToken:secret) of the production CSID;
 * `Accept-Version: V2`; the body `{invoiceHash, uuid, invoice}` where
 * `invoice` is base64 of the stored XML, byte for byte.
 *
 * This file only talks: it returns what came back (or that nothing did)
 * and leaves judging the answer to reporting-answer.ts. The timeout runs on
 * the caller's clock, so a test moves time instead of waiting for it.
 */
import type { Clock } from '../clock/index.ts';
import { readCappedBytes } from '../upstream/index.ts';

export type SubmissionTarget = 'reporting' | 'clearance';

const PATHS: Record<SubmissionTarget, string> = {
  reporting: '/invoices/reporting/single',
  clearance: '/invoices/clearance/single',
};

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

export interface DocumentToSubmit {
  /** base64 of the SHA-256 invoice hash, as stored. */
  hash: string;
  uuid: string;
  /** The signed XML exactly as stored; never rebuilt. */
  xml: string;
}

export type ZatcaReply = { answered: true; status: number; body: unknown; text: string; retryAfter: string | null } | { answered: false; reason: string };

export interface SubmitOptions {
  baseUrl: string;
  credentials: ZatcaCredentials;
  clock: Clock;
  timeoutMs?: number;
  /** The language of ZATCA's messages (en or ar). */
  language?: 'en' | 'ar';
}

/** The request body for a document: the same bytes on every try, since the XML and hash are stored. */
export function submissionBody(doc: DocumentToSubmit): string {
  return JSON.stringify({ invoiceHash: doc.hash, uuid: doc.uuid, invoice: Buffer.from(doc.xml, 'utf8').toString('base64') });
}

export function submissionUrl(baseUrl: string, target: SubmissionTarget): string {
  return `${baseUrl.replace(/\/+$/, '')}${PATHS[target]}`;
}

export async function submitDocument(target: SubmissionTarget, doc: DocumentToSubmit, options: SubmitOptions): Promise<ZatcaReply> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_ZATCA_TIMEOUT_MS;
  const { binarySecurityToken, secret } = options.credentials;
  const controller = new AbortController();
  let timedOut = false;
  const cancel = options.clock.after(timeoutMs, () => {
    timedOut = true;
    controller.abort();
  });
  try {
    const response = await fetch(submissionUrl(options.baseUrl, target), {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Accept-Language': options.language ?? 'en',
        'Accept-Version': 'V2',
        'Clearance-Status': target === 'clearance' ? '1' : '0',
        'Content-Type': 'application/json',
        Authorization: `Basic ${Buffer.from(`${binarySecurityToken}:${secret}`, 'utf8').toString('base64')}`,
      },
      body: submissionBody(doc),
      signal: controller.signal,
      // The credentials go to the configured host only.
      redirect: 'error',
    });
    const text = (await readCappedBytes(response, MAX_ANSWER_BYTES)).toString('utf8');
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      body = null;
    }
    return { answered: true, status: response.status, body, text, retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    const why = timedOut ? `no answer within ${timeoutMs} ms` : describe(error);
    return { answered: false, reason: `ZATCA could not be reached (${why})` };
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
