import type { MessageKey, MessageParams } from '../../src-shared/i18n/index.ts';

/** What the cashier reads for an error: a translated message, and one line of detail where it helps. */
export interface ErrorText {
  key: MessageKey;
  params?: MessageParams;
  /** One line of the host's own (English) wording; never a stack trace. */
  detail?: string;
}

const CODE_KEYS: Record<string, MessageKey> = {
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
  unauthorized: 'error.unauthorized',
  unauthenticated: 'error.session_expired',
  wrong_pin: 'error.wrong_pin',
  pin_throttled: 'error.pin_throttled',
  locked: 'error.locked',
  no_shift: 'error.no_shift',
  shift_open: 'error.shift_open',
  over_refund: 'error.over_refund',
  not_allowed: 'error.not_allowed',
  needs_customer: 'error.needs_customer',
  unknown_method: 'error.unknown_method',
};

// An error that crossed Comlink may arrive as a plain object (name, message)
// and lose its class, so the code is read from a property or, failing that,
// recognized from the host's message.
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
  if (typeof code === 'string' && code in CODE_KEYS) {
    const key = CODE_KEYS[code]!;
    // Which field was wrong is worth showing; for the other codes the translated text says it all.
    return (key === 'error.invalid_input' || key === 'error.not_allowed') && detail ? { key, detail } : { key };
  }
  if (name === 'TillInputError') return detail ? { key: 'error.invalid_input', detail } : { key: 'error.invalid_input' };
  for (const [pattern, key] of MESSAGE_KEYS) {
    if (pattern.test(message)) return key === 'error.version' ? { key, params: { detail: detail ?? '' } } : { key };
  }
  return { key: 'error.unknown', params: { detail: detail || String(name ?? 'unknown error') } };
}
