import type { Selectable } from 'kysely';
import { param, prepared, q, type TillDatabase, type TillSchema } from '../../db/index.ts';

/**
 * One row of the audit table. `outcome` is 'approved' or 'refused' for an
 * authorization decision; other writers (shifts, PIN changes) may record
 * 'done' for an event that needed no decision.
 */
export interface AuditEntry {
  /** Who asked: a client label such as "electron window" or "paired device 192.168.1.23 (s-3f2a9c)". */
  who: string;
  /** What was asked: a privilege ('refund', 'discount-over-limit', …) or another event name. */
  action: string;
  /** The till API method, when the action came through one. */
  method?: string | null;
  orderUuid?: string | null;
  outcome: 'approved' | 'refused' | 'done' | (string & {});
  /** The policy or person that approved (a manager's name when PINs arrive). */
  approvedBy?: string | null;
  /** Why it was refused, or what was approved (e.g. "discount 35% over the 20% limit"). */
  detail?: string | null;
  at?: number;
}

/** A row of the audit table as SQLite returns it. */
export type AuditRow = Selectable<TillSchema['audit']>;

const MAX_TEXT = 500;
const clip = (text: string | null | undefined) => (text == null ? null : text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

const RECORD = prepared<Omit<AuditRow, 'id'>>()(
  q.insertInto('audit').values({
    at: param('at'),
    who: param('who'),
    action: param('action'),
    method: param('method'),
    order_uuid: param('order_uuid'),
    outcome: param('outcome'),
    approved_by: param('approved_by'),
    detail: param('detail'),
  }),
);
const NEWEST = prepared<{ limit: number }>()(q.selectFrom('audit').selectAll().orderBy('id', 'desc').limit(param<number>('limit')));
const NEWEST_OF_ORDER = prepared<{ uuid: string; limit: number }>()(
  q.selectFrom('audit').selectAll().where('order_uuid', '=', param<string>('uuid')).orderBy('id', 'desc').limit(param<number>('limit')),
);

/** The one writer of the audit table: every approval and every refusal goes through here. Append-only (triggers refuse UPDATE and DELETE). */
export function recordAudit(db: TillDatabase, entry: AuditEntry): void {
  RECORD.run(db, {
    at: entry.at ?? Date.now(),
    who: clip(entry.who) ?? '',
    action: clip(entry.action) ?? '',
    method: clip(entry.method ?? null),
    order_uuid: clip(entry.orderUuid ?? null),
    outcome: clip(entry.outcome) ?? '',
    approved_by: clip(entry.approvedBy ?? null),
    detail: clip(entry.detail ?? null),
  });
}

/** The newest rows first (for the manager screen, `pos audit` and tests). */
export function readAudit(db: TillDatabase, options: { limit?: number; orderUuid?: string } = {}): AuditRow[] {
  const limit = Math.min(Math.max(options.limit ?? 100, 1), 10_000);
  return options.orderUuid ? NEWEST_OF_ORDER.all(db, { uuid: options.orderUuid, limit }) : NEWEST.all(db, { limit });
}
