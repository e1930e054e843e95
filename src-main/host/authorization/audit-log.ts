import type { Selectable } from 'kysely';
import { statement, type TillDatabase, type TillSchema } from '../../db/index.ts';

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

/** The one writer of the audit table: every approval and every refusal goes through here. Append-only (triggers refuse UPDATE and DELETE). */
export function recordAudit(db: TillDatabase, entry: AuditEntry): void {
  statement(db, 'INSERT INTO audit (at, who, action, method, order_uuid, outcome, approved_by, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
    entry.at ?? Date.now(),
    clip(entry.who),
    clip(entry.action),
    clip(entry.method ?? null),
    clip(entry.orderUuid ?? null),
    clip(entry.outcome),
    clip(entry.approvedBy ?? null),
    clip(entry.detail ?? null),
  );
}

/** The newest rows first (for the manager screen, `pos audit` and tests). */
export function readAudit(db: TillDatabase, options: { limit?: number; orderUuid?: string } = {}): AuditRow[] {
  const limit = Math.min(Math.max(options.limit ?? 100, 1), 10_000);
  return options.orderUuid
    ? (statement(db, 'SELECT * FROM audit WHERE order_uuid = ? ORDER BY id DESC LIMIT ?').all(options.orderUuid, limit) as AuditRow[])
    : (statement(db, 'SELECT * FROM audit ORDER BY id DESC LIMIT ?').all(limit) as AuditRow[]);
}
