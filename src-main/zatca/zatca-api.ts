/**
 * Onboarding's calls to ZATCA's e-invoicing API (FATOORA): the compliance
 * CSID (with the portal's OTP), the compliance checks and the production
 * CSID. The requests go through zatca-http.ts, as reporting's do. Every
 * answer is checked with zod, tolerantly: unknown members are ignored. A
 * compliance check passes only on an answer that says REPORTED (a
 * simplified document) or CLEARED (a standard one) for the document
 * (reporting-answer.ts); a document ZATCA rejects (400 with validation
 * results) is an answer, not an error: its messages are kept.
 * Everything else that goes wrong is a ZatcaApiError saying, in English and
 * Arabic, what happened and what to do.
 */
import { z } from 'zod';
import { translate, type MessageKey, type MessageParams } from '../../src-shared/i18n/index.ts';
import { systemClock, type Clock } from '../clock/index.ts';
import type { ZatcaEnvironment } from './egs-csr.ts';
import { submissionBody, type DocumentToSubmit } from './report-document.ts';
import { judgeZatcaReply, type ZatcaMessages } from './reporting-answer.ts';
import { postToZatca, type ZatcaCredentials, type ZatcaHttpOptions, type ZatcaReply } from './zatca-http.ts';

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

export interface IssuedCsid extends ZatcaCredentials {
  requestId: string;
  /** The certificate as base64 of its DER (the token decoded once). */
  certificate: string;
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
  /** The clock a call's timeout runs on (default the system's). */
  clock?: Clock;
  /** How long one call may take before it counts as a network failure (default 30 s). */
  timeoutMs?: number;
}

/** A compliance check's outcome: passed (ZATCA said REPORTED) or failed with ZATCA's messages. */
export interface ComplianceResult {
  passed: boolean;
  messages: ZatcaMessages;
}

export interface ZatcaApi {
  complianceCsid(csrPem: string, otp: string): Promise<IssuedCsid>;
  /** `standard`: ZATCA answers a standard document's check as clearance does (clearanceStatus), a simplified one's as reporting. */
  complianceCheck(credentials: ZatcaCredentials, document: DocumentToSubmit, standard?: boolean): Promise<ComplianceResult>;
  productionCsid(credentials: ZatcaCredentials, complianceRequestId: string): Promise<IssuedCsid>;
}

type Answer = Extract<ZatcaReply, { answered: true }>;

/** The errors every call shares: credentials, throttling, ZATCA's own failures, anything unexpected. */
function failure(what: string, answer: Answer): ZatcaApiError {
  const refusals = refusalsOf(answer.body);
  const detail = describe(refusals, `HTTP ${answer.status}`);
  if (answer.status === 401 || answer.status === 403) return new ZatcaApiError('unauthorized', 'zatca.api.unauthorized', { what }, answer.status, refusals);
  if (answer.status === 429) return new ZatcaApiError('throttled', 'zatca.api.throttled', { what }, 429, refusals, answer.retryAfter);
  if (answer.status >= 500) return new ZatcaApiError('server', 'zatca.api.server', { what, status: answer.status }, answer.status, refusals);
  if (answer.status === 400 && refusals.some((e) => /otp/i.test(e.code) || /\botp\b/i.test(e.message))) {
    return new ZatcaApiError('invalid-otp', 'zatca.api.invalidOtp', { detail }, 400, refusals);
  }
  if (answer.status === 400) return new ZatcaApiError('refused', 'zatca.api.refused', { what, status: 400, detail }, 400, refusals);
  return new ZatcaApiError('unexpected', 'zatca.api.unexpected', { what, status: answer.status, detail }, answer.status, refusals);
}

export function createZatcaApi(options: ZatcaApiOptions): ZatcaApi {
  const http: ZatcaHttpOptions = {
    baseUrl: options.baseUrl,
    clock: options.clock ?? systemClock,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };

  /** One call; no answer at all, or a success that is not JSON, is an error here. */
  async function call(what: string, path: string, request: Parameters<typeof postToZatca>[1]): Promise<Answer> {
    const reply = await postToZatca(path, request, http);
    if (!reply.answered) throw new ZatcaApiError('network', 'zatca.api.network', { what, detail: reply.reason }, null);
    if (reply.status >= 200 && reply.status < 300 && reply.body === null && reply.text.trim() !== '') {
      throw new ZatcaApiError('unexpected', 'zatca.api.unexpected', { what, status: reply.status, detail: 'the answer is not JSON' }, reply.status);
    }
    return reply;
  }

  async function csid(what: string, path: string, request: Parameters<typeof postToZatca>[1]): Promise<IssuedCsid> {
    const answer = await call(what, path, request);
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

  async function complianceCheck(credentials: ZatcaCredentials, document: DocumentToSubmit, standard = false): Promise<ComplianceResult> {
    const what = 'the compliance check';
    const answer = await call(what, '/compliance/invoices', { credentials, body: submissionBody(document) });
    // ZATCA answers a simplified document's check as reporting does (REPORTED), a standard one's as clearance (CLEARED).
    const verdict = judgeZatcaReply(standard ? 'clearance' : 'reporting', answer);
    if (verdict.outcome === 'accepted') return { passed: true, messages: verdict.messages };
    if (verdict.outcome === 'rejected') return { passed: false, messages: verdict.messages };
    // A 400 with ZATCA's validation errors refuses the document even without NOT_REPORTED; one without them refuses the request.
    if (verdict.outcome === 'retry' && answer.status === 400 && verdict.messages && verdict.messages.errors.length > 0) {
      return { passed: false, messages: verdict.messages };
    }
    throw failure(what, answer);
  }

  return {
    complianceCsid: (csrPem, otp) =>
      csid('the compliance CSID request', '/compliance', { headers: { OTP: otp }, body: { csr: Buffer.from(csrPem, 'utf8').toString('base64') } }),
    complianceCheck,
    productionCsid: (credentials, complianceRequestId) =>
      csid('the production CSID request', '/production/csids', { credentials, body: { compliance_request_id: complianceRequestId } }),
  };
}
