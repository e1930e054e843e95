/**
 * What ZATCA's answer to one document proves. Only an answer that says so
 * for this document is evidence (issue 22: act only on evidence):
 *
 * - reported: 200 or 202 with `reportingStatus: REPORTED` (202: with
 *   warnings), or 409 naming the document a duplicate of one ZATCA already
 *   has (its hash "previously submitted" / "already reported successfully";
 *   ZATCA's guidance is to count it as reported and stop sending it). A 2xx
 *   without REPORTED proves nothing and the document goes again.
 * - rejected: 400 with `reportingStatus: NOT_REPORTED` and ZATCA's errors.
 *   Final: the same bytes would be refused again, and the document keeps
 *   its counter (ICV) in the chain whatever ZATCA says of it.
 * - unauthenticated: 401, the CSID was not accepted; the queue pauses.
 * - retry: anything else (no answer, 5xx, 429, another 4xx, an unreadable
 *   body) leaves the document pending, to be sent again unchanged.
 *
 * Clearance reads the same way with `clearanceStatus` CLEARED / NOT_CLEARED
 * (and 208, ZATCA's answer to a document it already cleared, with the
 * cleared document again); clear-document.ts then checks that the cleared
 * document is this one before it counts.
 */
import type { SubmissionTarget } from './report-document.ts';
import type { ZatcaReply } from './zatca-http.ts';

export interface ZatcaMessage {
  type: string;
  code: string;
  category: string;
  message: string;
  status: string;
}

/** ZATCA's validation results for one document, as kept in zatca_documents.messages. */
export interface ZatcaMessages {
  info: ZatcaMessage[];
  warnings: ZatcaMessage[];
  errors: ZatcaMessage[];
}

export type ZatcaVerdict =
  | { outcome: 'accepted'; zatcaStatus: string; messages: ZatcaMessages; note: string | null; clearedInvoice: string | null }
  | { outcome: 'rejected'; zatcaStatus: string; messages: ZatcaMessages; reason: string }
  | { outcome: 'unauthenticated'; reason: string }
  | { outcome: 'retry'; online: boolean; reason: string; messages: ZatcaMessages | null; retryAfter: string | null };

const ACCEPTED: Record<SubmissionTarget, string> = { reporting: 'REPORTED', clearance: 'CLEARED' };
const REFUSED: Record<SubmissionTarget, string> = { reporting: 'NOT_REPORTED', clearance: 'NOT_CLEARED' };
const STATUS_FIELD: Record<SubmissionTarget, string> = { reporting: 'reportingStatus', clearance: 'clearanceStatus' };

export const EMPTY_MESSAGES: ZatcaMessages = { info: [], warnings: [], errors: [] };

export function judgeZatcaReply(target: SubmissionTarget, reply: ZatcaReply): ZatcaVerdict {
  if (!reply.answered) return { outcome: 'retry', online: false, reason: reply.reason, messages: null, retryAfter: null };
  const { status } = reply;
  if (status === 401) {
    return {
      outcome: 'unauthenticated',
      reason: "ZATCA did not accept the EGS unit's CSID (401): renew the CSID (onboard the unit again); documents wait until then",
    };
  }
  const body = isObject(reply.body) ? reply.body : null;
  const messages = body ? readMessages(body) : null;
  const said = body && typeof body[STATUS_FIELD[target]] === 'string' ? (body[STATUS_FIELD[target]] as string) : null;
  const words = messages ? summarize(messages) : oneLine(reply.text, 200);

  // Clearance answers a document it already cleared with 208 and the cleared document again (ZATCA's "already reported" for clearance).
  const answeredOk = status === 200 || status === 202 || (target === 'clearance' && status === 208);
  if (answeredOk && said === ACCEPTED[target]) {
    const cleared = target === 'clearance' && typeof body?.clearedInvoice === 'string' ? body.clearedInvoice : null;
    return { outcome: 'accepted', zatcaStatus: said, messages: messages ?? EMPTY_MESSAGES, note: null, clearedInvoice: cleared };
  }
  if (status === 409 && messages && isDuplicate(messages, said)) {
    return {
      outcome: 'accepted',
      zatcaStatus: said === ACCEPTED[target] ? said : `${ACCEPTED[target]} (409 duplicate)`,
      messages,
      note: `ZATCA already had this document (409: ${words}); counted as ${ACCEPTED[target].toLowerCase()}`,
      clearedInvoice: null,
    };
  }
  if (status === 400 && said === REFUSED[target]) {
    return {
      outcome: 'rejected',
      zatcaStatus: said,
      messages: messages ?? EMPTY_MESSAGES,
      reason: `ZATCA ${target === 'reporting' ? 'rejected' : 'refused to clear'} the document (400 ${said})${words ? `: ${words}` : ''}`,
    };
  }
  const retryAfter = reply.retryAfter;
  if (status >= 200 && status < 300) {
    return {
      outcome: 'retry',
      online: true,
      reason: `ZATCA answered ${status} without ${STATUS_FIELD[target]} ${ACCEPTED[target]}; not counted, the document goes again`,
      messages,
      retryAfter,
    };
  }
  const what = status >= 500 ? 'ZATCA failed' : status === 429 ? 'ZATCA asked to slow down' : 'ZATCA refused the request';
  return {
    outcome: 'retry',
    online: true,
    reason: `${what} (HTTP ${status}${words ? `: ${words}` : ''}); the document goes again later`,
    messages,
    retryAfter,
  };
}

/** ZATCA's words for an answer: its errors, else its warnings, one line. */
export function summarize(messages: ZatcaMessages): string {
  const list = messages.errors.length > 0 ? messages.errors : messages.warnings;
  return oneLine(list.map((m) => [m.code, m.message].filter(Boolean).join(': ')).join('; '), 400);
}

function isDuplicate(messages: ZatcaMessages, said: string | null): boolean {
  if (said === 'REPORTED' || said === 'REPORTED_SUCCESSFULLY_EARLIER' || said === 'CLEARED') return true;
  return messages.errors.some((m) => /duplicate/i.test(m.category) || /previously submitted|already reported/i.test(m.message));
}

function readMessages(body: Record<string, unknown>): ZatcaMessages | null {
  const results = isObject(body.validationResults) ? body.validationResults : null;
  // Some answers put the lists at the top (ZATCA's 409 examples): read either place.
  const from = results ?? body;
  if (!('errorMessages' in from) && !('warningMessages' in from) && !('infoMessages' in from)) return null;
  return { info: list(from.infoMessages), warnings: list(from.warningMessages), errors: list(from.errorMessages) };
}

/** ZATCA sends a list, or a single object where there is one message (its info messages). */
function list(value: unknown): ZatcaMessage[] {
  const items = Array.isArray(value) ? value : isObject(value) ? [value] : [];
  return items.filter(isObject).map((m) => ({
    type: text(m.type),
    code: text(m.code),
    category: text(m.category),
    message: text(m.message),
    status: text(m.status),
  }));
}

function text(value: unknown): string {
  return typeof value === 'string' ? oneLine(value, 500) : '';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function oneLine(value: string, max: number): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
