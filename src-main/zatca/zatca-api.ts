/**
 * ZATCA's e-invoicing API (FATOORA) as the till calls it: the compliance
 * CSID (with the portal's OTP), the compliance checks, the production
 * CSID, reporting (simplified documents) and clearance (standard ones).
 * Every answer is checked with zod, tolerantly: unknown members are
 * ignored, missing message lists read as empty. A document ZATCA rejects
 * (400 with validation results) is an answer, not an error: its messages
 * are kept. Everything else that goes wrong is a ZatcaApiError saying, in
 * English and Arabic, what happened and what to do.
 */
import { z } from 'zod';
import { translate, type MessageKey, type MessageParams } from '../../src-shared/i18n/index.ts';
import type { ZatcaEnvironment } from './egs-csr.ts';
import { CSID_SECRET, type SecretStore } from './egs-secrets.ts';
import type { EgsState } from './zatca-store.ts';

/** ZATCA's published base URLs (the FATOORA gateway). */
export const ZATCA_BASE_URLS: Record<ZatcaEnvironment, string> = {
  sandbox: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal',
  simulation: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation',
  production: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core',
};

/** The environment a base URL's path names (…/developer-portal, …/simulation, …/core), or null. */
export function environmentOfUrl(baseUrl: string): ZatcaEnvironment | null {
  const path = baseUrl.replace(/\/+$/, '');
  if (path.endsWith('/developer-portal')) return 'sandbox';
  if (path.endsWith('/simulation')) return 'simulation';
  if (path.endsWith('/core')) return 'production';
  return null;
}

export interface ZatcaCredentials {
  binarySecurityToken: string;
  secret: string;
}

export interface IssuedCsid extends ZatcaCredentials {
  requestId: string;
  /** The certificate as base64 of its DER (the token decoded once). */
  certificate: string;
}

export interface ZatcaApiMessage {
  type: string;
  code: string;
  category: string;
  message: string;
  status: string;
}

export interface SubmissionResult {
  httpStatus: number;
  /** PASS, WARNING or ERROR (ZATCA's validationResults.status). */
  status: string;
  reportingStatus: string | null;
  clearanceStatus: string | null;
  /** Clearance: the cleared document (base64 XML) ZATCA hands back. */
  clearedInvoice: string | null;
  infoMessages: ZatcaApiMessage[];
  warningMessages: ZatcaApiMessage[];
  errorMessages: ZatcaApiMessage[];
  /** ZATCA already had this document (reporting 409, clearance 208): it was accepted before. */
  duplicate: boolean;
}

/** What a document submission sends: the signed XML, its hash and uuid. */
export interface Submission {
  xml: string;
  hash: string;
  uuid: string;
}

export type ZatcaApiErrorKind = 'invalid-otp' | 'refused' | 'unauthorized' | 'throttled' | 'server' | 'network' | 'unexpected';

export class ZatcaApiError extends Error {
  override readonly name = 'ZatcaApiError';
  /** The same message in Arabic, for the screen. */
  readonly arabic: string;
  constructor(
    readonly kind: ZatcaApiErrorKind,
    readonly key: MessageKey,
    readonly params: MessageParams,
    /** The HTTP status, or null when no answer came. */
    readonly status: number | null,
    /** ZATCA's own errors, as it sent them. */
    readonly zatcaErrors: { code: string; message: string }[] = [],
    /** A 429's Retry-After, as sent. */
    readonly retryAfter: string | null = null,
  ) {
    super(translate('en', key, params));
    this.arabic = translate('ar', key, params);
  }

  /** Worth trying again later as it is: ZATCA or the network was in the way, not the request. */
  get retryable(): boolean {
    return this.kind === 'throttled' || this.kind === 'server' || this.kind === 'network';
  }
}

const text = z.string().nullish();
const messageSchema = z.object({ type: text, code: text, category: text, message: text, status: text });
const messages = z
  .array(messageSchema)
  .nullish()
  .transform((list) =>
    (list ?? []).map((m) => ({ type: m.type ?? '', code: m.code ?? '', category: m.category ?? '', message: m.message ?? '', status: m.status ?? '' })),
  );
const submissionSchema = z.object({
  validationResults: z
    .object({ infoMessages: messages, warningMessages: messages, errorMessages: messages, status: text })
    .nullish()
    .transform((v) => v ?? { infoMessages: [], warningMessages: [], errorMessages: [], status: null }),
  reportingStatus: text,
  clearanceStatus: text,
  clearedInvoice: text,
});
const csidSchema = z.object({
  requestID: z.union([z.string(), z.number()]),
  binarySecurityToken: z.string().min(1),
  secret: z.string().min(1),
});
/** ZATCA's refusals come as {errors: [{code, message}]}, {code, message} or {errorCode, errorMessage}. */
const refusalSchema = z.object({
  errors: z.array(z.object({ code: text, message: text, error: text })).nullish(),
  code: text,
  message: text,
  errorCode: text,
  errorMessage: text,
});

function refusalsOf(body: unknown): { code: string; message: string }[] {
  const parsed = refusalSchema.safeParse(body);
  if (!parsed.success) return [];
  const { errors, code, message, errorCode, errorMessage } = parsed.data;
  const list = (errors ?? []).map((e) => ({ code: e.code ?? '', message: e.message ?? e.error ?? '' }));
  if (code || message) list.push({ code: code ?? '', message: message ?? '' });
  if (errorCode || errorMessage) list.push({ code: errorCode ?? '', message: errorMessage ?? '' });
  return list;
}

const describe = (list: { code: string; message: string }[], fallback: string) =>
  list.length > 0 ? list.map((e) => [e.code, e.message].filter(Boolean).join(': ')).join('; ') : fallback;

export interface ZatcaApiOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /** How long one call may take before it counts as a network failure (default 30 s). */
  timeoutMs?: number;
}

export interface ZatcaApi {
  complianceCsid(csrPem: string, otp: string): Promise<IssuedCsid>;
  complianceCheck(credentials: ZatcaCredentials, submission: Submission): Promise<SubmissionResult>;
  productionCsid(credentials: ZatcaCredentials, complianceRequestId: string): Promise<IssuedCsid>;
  report(credentials: ZatcaCredentials, submission: Submission): Promise<SubmissionResult>;
  clear(credentials: ZatcaCredentials, submission: Submission): Promise<SubmissionResult>;
}

const basic = (c: ZatcaCredentials) => `Basic ${Buffer.from(`${c.binarySecurityToken}:${c.secret}`, 'utf8').toString('base64')}`;
const submissionBody = (s: Submission) => ({ invoiceHash: s.hash, uuid: s.uuid, invoice: Buffer.from(s.xml, 'utf8').toString('base64') });

export function createZatcaApi(options: ZatcaApiOptions): ZatcaApi {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function call(
    what: string,
    path: string,
    headers: Record<string, string>,
    body: unknown,
  ): Promise<{ status: number; body: unknown; headers: Headers }> {
    let response: Response;
    let raw: string;
    try {
      response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'accept-language': 'en', 'accept-version': 'V2', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      raw = await response.text();
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${Math.round(timeoutMs / 1000)} s` : (error as Error).message;
      throw new ZatcaApiError('network', 'zatca.api.network', { what, detail: reason }, null);
    }
    let parsed: unknown;
    try {
      parsed = raw.trim() === '' ? undefined : JSON.parse(raw);
    } catch {
      parsed = undefined;
      if (response.ok)
        throw new ZatcaApiError('unexpected', 'zatca.api.unexpected', { what, status: response.status, detail: 'the answer is not JSON' }, response.status);
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  /** The errors every call shares: credentials, throttling, ZATCA's own failures, anything unexpected. */
  function failure(what: string, answer: { status: number; body: unknown; headers: Headers }): ZatcaApiError {
    const refusals = refusalsOf(answer.body);
    const detail = describe(refusals, `HTTP ${answer.status}`);
    if (answer.status === 401 || answer.status === 403) return new ZatcaApiError('unauthorized', 'zatca.api.unauthorized', { what }, answer.status, refusals);
    if (answer.status === 429) return new ZatcaApiError('throttled', 'zatca.api.throttled', { what }, 429, refusals, answer.headers.get('retry-after'));
    if (answer.status >= 500) return new ZatcaApiError('server', 'zatca.api.server', { what, status: answer.status }, answer.status, refusals);
    if (answer.status === 400 && refusals.some((e) => /otp/i.test(e.code) || /\botp\b/i.test(e.message))) {
      return new ZatcaApiError('invalid-otp', 'zatca.api.invalidOtp', { detail }, 400, refusals);
    }
    if (answer.status === 400) return new ZatcaApiError('refused', 'zatca.api.refused', { what, status: 400, detail }, 400, refusals);
    return new ZatcaApiError('unexpected', 'zatca.api.unexpected', { what, status: answer.status, detail }, answer.status, refusals);
  }

  async function csid(what: string, path: string, headers: Record<string, string>, body: unknown): Promise<IssuedCsid> {
    const answer = await call(what, path, headers, body);
    if (answer.status !== 200) throw failure(what, answer);
    const parsed = csidSchema.safeParse(answer.body);
    if (!parsed.success) {
      const refusals = refusalsOf(answer.body);
      if (refusals.length > 0) throw new ZatcaApiError('refused', 'zatca.api.refused', { what, status: 200, detail: describe(refusals, '') }, 200, refusals);
      throw new ZatcaApiError('unexpected', 'zatca.api.unexpected', { what, status: 200, detail: parsed.error.issues[0]?.message ?? 'no CSID' }, 200);
    }
    const certificate = Buffer.from(parsed.data.binarySecurityToken, 'base64').toString('utf8').replace(/\s+/g, '');
    return { requestId: String(parsed.data.requestID), binarySecurityToken: parsed.data.binarySecurityToken, secret: parsed.data.secret, certificate };
  }

  async function submit(what: string, path: string, headers: Record<string, string>, submission: Submission): Promise<SubmissionResult> {
    const answer = await call(what, path, headers, submissionBody(submission));
    const accepted = answer.status === 200 || answer.status === 202 || answer.status === 208 || answer.status === 409 || answer.status === 400;
    const parsed = accepted ? submissionSchema.safeParse(answer.body) : null;
    // A 400 without validation results is a refusal of the request itself, not of the document.
    if (!parsed?.success || (answer.status === 400 && !(answer.body as { validationResults?: unknown } | undefined)?.validationResults)) {
      throw failure(what, answer);
    }
    const { validationResults: v, reportingStatus, clearanceStatus, clearedInvoice } = parsed.data;
    const status = v.status ?? (v.errorMessages.length > 0 ? 'ERROR' : v.warningMessages.length > 0 ? 'WARNING' : 'PASS');
    return {
      httpStatus: answer.status,
      status,
      reportingStatus: reportingStatus ?? null,
      clearanceStatus: clearanceStatus ?? null,
      clearedInvoice: clearedInvoice ?? null,
      infoMessages: v.infoMessages,
      warningMessages: v.warningMessages,
      errorMessages: v.errorMessages,
      duplicate: answer.status === 409 || answer.status === 208,
    };
  }

  return {
    complianceCsid: (csrPem, otp) => csid('the compliance CSID request', '/compliance', { otp }, { csr: Buffer.from(csrPem, 'utf8').toString('base64') }),
    complianceCheck: (credentials, submission) => submit('the compliance check', '/compliance/invoices', { authorization: basic(credentials) }, submission),
    productionCsid: (credentials, complianceRequestId) =>
      csid('the production CSID request', '/production/csids', { authorization: basic(credentials) }, { compliance_request_id: complianceRequestId }),
    report: (credentials, submission) =>
      submit('reporting', '/invoices/reporting/single', { authorization: basic(credentials), 'clearance-status': '0' }, submission),
    clear: (credentials, submission) =>
      submit('clearance', '/invoices/clearance/single', { authorization: basic(credentials), 'clearance-status': '1' }, submission),
  };
}

/**
 * The Basic credentials of reporting and clearance: the production CSID's
 * certificate as ZATCA sent it (base64 of its base64 text) and its secret
 * from the secret store. Null before onboarding or without the secret.
 */
export function reportingCredentials(egs: EgsState | null, secrets: SecretStore): ZatcaCredentials | null {
  const secret = secrets.get(CSID_SECRET);
  if (!egs || !secret) return null;
  return { binarySecurityToken: Buffer.from(egs.certificate, 'utf8').toString('base64'), secret };
}
