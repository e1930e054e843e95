/** Documents ZATCA refused, with ZATCA's own messages, for the ZATCA tab (newest first). */
import type { ZatcaMessageView, ZatcaRejectedView } from '../../src-shared/till/index.ts';
import { all, q, type TillDatabase } from '../db/index.ts';

const KINDS = new Set(['invoice', 'credit', 'debit']);
const MAX_MESSAGES = 20;

export function rejectedDocuments(db: TillDatabase, limit = 50): ZatcaRejectedView[] {
  const rows = all(
    db,
    q
      .selectFrom('zatca_documents')
      .select(['icv', 'kind', 'number', 'order_uuid', 'issued_at', 'messages', 'last_error'])
      .where('report_state', '=', 'rejected')
      .orderBy('icv', 'desc')
      .limit(limit),
  );
  return rows.map((row) => ({
    icv: row.icv,
    kind: (KINDS.has(row.kind) ? row.kind : 'invoice') as ZatcaRejectedView['kind'],
    number: row.number,
    order_uuid: row.order_uuid,
    issued_at: row.issued_at,
    messages: zatcaMessages(row.messages, row.last_error),
  }));
}

const text = (value: unknown, max: number): string => (typeof value === 'string' ? value.slice(0, max) : typeof value === 'number' ? String(value) : '');

function typeOf(value: unknown, fallback: ZatcaMessageView['type']): ZatcaMessageView['type'] {
  const word = text(value, 20).toLowerCase();
  if (word.startsWith('err')) return 'error';
  if (word.startsWith('warn')) return 'warning';
  if (word.startsWith('info')) return 'info';
  return fallback;
}

function messageOf(item: unknown, fallback: ZatcaMessageView['type']): ZatcaMessageView | null {
  if (typeof item === 'string') return { type: fallback, code: '', message: item.slice(0, 500) };
  if (typeof item !== 'object' || item === null) return null;
  const record = item as Record<string, unknown>;
  const message = text(record.message, 500);
  if (!message) return null;
  return { type: typeOf(record.type ?? record.status, fallback), code: text(record.code, 100), message };
}

/**
 * ZATCA's messages as stored (JSON): read tolerantly, since the reporting
 * outbox keeps what ZATCA sent: a list of messages, or ZATCA's
 * `validationResults` ({errorMessages, warningMessages, infoMessages}),
 * or an answer that holds one. Unreadable text is shown as one message.
 */
export function zatcaMessages(stored: string | null, lastError: string | null = null): ZatcaMessageView[] {
  const out: ZatcaMessageView[] = [];
  if (stored) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(stored);
    } catch {
      parsed = stored;
    }
    const root =
      typeof parsed === 'object' && parsed !== null && 'validationResults' in parsed ? (parsed as { validationResults: unknown }).validationResults : parsed;
    if (Array.isArray(root)) for (const item of root) out.push(...[messageOf(item, 'error')].filter((m) => m !== null));
    else if (typeof root === 'object' && root !== null) {
      const results = root as Record<string, unknown>;
      for (const [list, type] of [
        ['errorMessages', 'error'],
        ['warningMessages', 'warning'],
        ['infoMessages', 'info'],
      ] as const) {
        const items = results[list];
        if (Array.isArray(items)) for (const item of items) out.push(...[messageOf(item, type)].filter((m) => m !== null));
      }
    } else if (typeof root === 'string') out.push({ type: 'error', code: '', message: root.slice(0, 500) });
  }
  if (out.length === 0 && lastError) out.push({ type: 'error', code: '', message: lastError.slice(0, 500) });
  return out.slice(0, MAX_MESSAGES);
}
