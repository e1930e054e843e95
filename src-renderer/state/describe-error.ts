import { isMessageKey, type MessageKey, type MessageParams } from '../../src-shared/i18n/index.ts';
import type { TillErrorCode } from '../../src-shared/errors/index.ts';

/** One line of detail, worded by the UI: a message, its values, and values that are themselves messages (a field's name). */
export interface DetailLine {
  key: MessageKey;
  params?: MessageParams;
  keys?: Record<string, MessageKey>;
}

/** What the cashier reads for an error: a translated message, and lines of detail where they help. */
export interface ErrorText {
  key: MessageKey;
  params?: MessageParams;
  /** What exactly was wrong, from the host's reason codes, worded in the UI's language. */
  lines?: DetailLine[];
  /** One line of the host's own English wording, for an error that came with no reason code; shown only in English. */
  detail?: string;
}

// Values that are addresses or paths read left to right inside an Arabic sentence: isolated as LTR (U+2066 … U+2069).
const LTR_PARAMS = new Set(['address', 'path']);

/** A detail line in the given language (the `t` of a LocaleState). */
export function wordLine(t: (key: MessageKey, params?: MessageParams) => string, line: DetailLine): string {
  const params: MessageParams = {};
  for (const [name, value] of Object.entries(line.params ?? {})) params[name] = LTR_PARAMS.has(name) ? `\u2066${value}\u2069` : value;
  for (const [name, key] of Object.entries(line.keys ?? {})) params[name] = t(key, line.params);
  return t(line.key, params);
}

const FIELD_HINTS: Record<string, MessageKey> = { vat_number: 'hint.vat_number', code: 'hint.code', address: 'hint.address' };

/** One wrong field of a call's input, as the host sent it (path, zod's problem code, its bounds). */
export function issueLine(issue: { path?: unknown; problem?: unknown; params?: unknown }): DetailLine {
  const path = typeof issue.path === 'string' ? issue.path : '';
  // The last named part of the path ("payments.0.amount" → amount); indexes and method names never reach the screen.
  const field =
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? '';
  const fieldKey = `field.${field}`;
  const problem = typeof issue.problem === 'string' ? issue.problem : 'other';
  const problemKey = FIELD_HINTS[field] && (problem === 'custom' || problem === 'invalid_format') ? FIELD_HINTS[field] : `problem.${problem}`;
  const params = typeof issue.params === 'object' && issue.params !== null ? (issue.params as MessageParams) : undefined;
  return {
    key: 'detail.issue',
    params,
    keys: {
      field: isMessageKey(fieldKey) ? fieldKey : 'field.other',
      problem: isMessageKey(problemKey) ? problemKey : 'problem.other',
    },
  };
}

/** The reason code the host sent, as a line; a privileged action's name is itself a message. */
function reasonLine(reason: unknown): DetailLine | null {
  if (typeof reason !== 'object' || reason === null) return null;
  const { code, params } = reason as { code?: unknown; params?: unknown };
  const key = `reason.${String(code)}`;
  if (!isMessageKey(key)) return null;
  const values = typeof params === 'object' && params !== null ? { ...(params as MessageParams) } : {};
  const keys: Record<string, MessageKey> = {};
  if (typeof values.action === 'string') {
    const action = `action.${values.action}`;
    keys.action = isMessageKey(action) ? action : 'action.other';
    delete values.action;
  }
  if (typeof values.field === 'string') {
    const field = `field.${values.field}`;
    keys.field = isMessageKey(field) ? field : 'field.other';
    delete values.field;
  }
  return { key, params: values, keys };
}

/** The detail lines an error carries as codes: its reason, or each wrong field of its input (at most three). */
function linesOf(error: unknown): DetailLine[] | undefined {
  const reason = reasonLine(fieldOf(error, 'reason'));
  if (reason) return [reason];
  const issues = fieldOf(error, 'issues');
  if (Array.isArray(issues) && issues.length > 0) return issues.slice(0, 3).map((issue) => issueLine(issue as Record<string, unknown>));
  return undefined;
}

// Every code the host can send has its words: a new code does not compile until it is added here (and the words exist in both languages).
const CODE_KEYS: Record<TillErrorCode, MessageKey> = {
  invalid_input: 'error.invalid_input',
  not_found: 'error.not_found',
  empty_cart: 'error.empty_cart',
  cannot_price: 'error.cannot_price',
  payment_mismatch: 'error.payment_mismatch',
  cart_not_empty: 'error.cart_not_empty',
  not_refundable: 'error.not_refundable',
  no_catalog: 'error.no_catalog',
  no_branch: 'error.no_branch',
  session_expired: 'error.session_expired',
  wrong_pin: 'error.wrong_pin',
  pin_throttled: 'error.pin_throttled',
  locked: 'error.locked',
  no_shift: 'error.no_shift',
  shift_open: 'error.shift_open',
  over_refund: 'error.over_refund',
  not_allowed: 'error.not_allowed',
  needs_customer: 'error.needs_customer',
  unknown_method: 'error.unknown_method',
  printer_error: 'error.printer',
  busy: 'error.busy',
  hub_unreachable: 'error.hub_unreachable',
  stale_tab: 'error.stale_tab',
  customer_exists: 'error.customer_exists',
  sold_out: 'error.sold_out',
  option_choice: 'error.option_choice',
  code_refused: 'error.code_refused',
  not_durable: 'error.not_durable',
  zatca_clearance: 'error.zatca_clearance',
  not_signed_in: 'error.not_signed_in',
  service_unreachable: 'error.unreachable',
  service_error: 'error.service',
  service_version: 'error.version',
};

function isTillErrorCode(code: unknown): code is TillErrorCode {
  return typeof code === 'string' && Object.hasOwn(CODE_KEYS, code);
}

// What the host sends carries a code (above). These patterns are for errors
// born outside the till API, with no code: the browser's own network and
// WebSocket failures, and a host too old to send codes.
const MESSAGE_KEYS: [RegExp, MessageKey][] = [
  [/session expired|sign in again/i, 'error.session_expired'],
  [/\b401\b|unauthori[sz]ed|token (was )?(refused|rejected|invalid)|invalid token/i, 'error.unauthorized'],
  [/\b(426|410)\b|no longer supported|upgrade required/i, 'error.version'],
  [/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|fetch failed|network|timed? ?out|unreachable|socket hang up/i, 'error.unreachable'],
  [/connection (was )?(closed|lost)|port closed|websocket/i, 'error.connection'],
  [/has no catalog/i, 'error.no_catalog'],
  [/knows its market but not its branch/i, 'error.no_branch'],
  [/the cart is empty/i, 'error.empty_cart'],
];

/** The first line of a message, without an "Error:" prefix or anything after a newline (stacks). */
export function firstLine(message: string): string {
  const line =
    message
      .split('\n')[0]
      ?.replace(/^\w*Error:\s*/, '')
      .trim() ?? '';
  return line.length > 240 ? `${line.slice(0, 237)}…` : line;
}

function fieldOf(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[name] : undefined;
}

export function describeError(error: unknown): ErrorText {
  const code = fieldOf(error, 'code');
  const name = fieldOf(error, 'name');
  const raw = fieldOf(error, 'message');
  const message = typeof raw === 'string' ? raw : typeof error === 'string' ? error : '';
  const detail = message ? firstLine(message) : undefined;
  const lines = linesOf(error);
  if (isTillErrorCode(code)) {
    const key = CODE_KEYS[code];
    if (lines) return { key, lines };
    if (key === 'error.version') return { key, params: { detail: detail ?? '' } };
    // Which field was wrong is worth showing; for the other codes the translated text says it all.
    return (key === 'error.invalid_input' || key === 'error.not_allowed' || key === 'error.printer' || key === 'error.service') && detail
      ? { key, detail }
      : { key };
  }
  if (lines) return { key: name === 'TillInputError' ? 'error.invalid_input' : 'error.unknown_reason', lines };
  if (name === 'TillInputError') return detail ? { key: 'error.invalid_input', detail } : { key: 'error.invalid_input' };
  for (const [pattern, key] of MESSAGE_KEYS) {
    if (pattern.test(message)) return key === 'error.version' ? { key, params: { detail: detail ?? '' } } : { key };
  }
  return { key: 'error.unknown', params: { detail: detail || String(name ?? 'unknown error') } };
}
