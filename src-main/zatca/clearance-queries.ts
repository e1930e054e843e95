/**
 * What clearance writes on a standard invoice's row (zatca_documents, owned
 * here): cleared (ZATCA's document and its QR kept), not cleared (final,
 * ZATCA's messages kept; the row keeps its counter), or still clearing
 * with why the last try did not settle it. A final state is never undone
 * by a later answer: every write needs the row still clearing.
 */
import { param, prepared, q, type TillDatabase } from '../db/index.ts';
import type { ZatcaMessages } from './reporting-answer.ts';

const CLEARED = prepared<{ seq: number; status: string; messages: string; xml: string; qr: string; now: number }>()(
  q
    .updateTable('zatca_documents')
    .set((eb) => ({
      report_state: 'cleared',
      attempts: eb('attempts', '+', 1),
      zatca_status: param<string>('status'),
      messages: param<string>('messages'),
      cleared_xml: param<string>('xml'),
      qr: param<string>('qr'),
      last_error: null,
      reported_at: param<number>('now'),
    }))
    .where('seq', '=', param<number>('seq'))
    .where('report_state', '=', 'clearing'),
);

export function recordCleared(
  db: TillDatabase,
  seq: number,
  cleared: { zatcaStatus: string; messages: ZatcaMessages; xml: string; qr: string; now: number },
): void {
  CLEARED.run(db, { seq, status: cleared.zatcaStatus, messages: JSON.stringify(cleared.messages), xml: cleared.xml, qr: cleared.qr, now: cleared.now });
}

const NOT_CLEARED = prepared<{ seq: number; status: string; messages: string; reason: string }>()(
  q
    .updateTable('zatca_documents')
    .set((eb) => ({
      report_state: 'not_cleared',
      attempts: eb('attempts', '+', 1),
      zatca_status: param<string>('status'),
      messages: param<string>('messages'),
      last_error: param<string>('reason'),
    }))
    .where('seq', '=', param<number>('seq'))
    .where('report_state', '=', 'clearing'),
);

export function recordNotCleared(db: TillDatabase, seq: number, refused: { zatcaStatus: string; messages: ZatcaMessages; reason: string }): void {
  NOT_CLEARED.run(db, { seq, status: refused.zatcaStatus, messages: JSON.stringify(refused.messages), reason: refused.reason });
}

const UNSETTLED = prepared<{ seq: number; reason: string }>()(
  q
    .updateTable('zatca_documents')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: param<string>('reason') }))
    .where('seq', '=', param<number>('seq'))
    .where('report_state', '=', 'clearing'),
);

/** No answer that proves anything: the invoice stays clearing (it may be sent again, the same bytes). */
export function recordClearanceUnsettled(db: TillDatabase, seq: number, reason: string): void {
  UNSETTLED.run(db, { seq, reason });
}

const CLEARANCE_COUNTS = prepared<Record<string, never>>()(
  q.selectNoFrom((eb) => [
    eb.selectFrom('zatca_documents').select(eb.fn.countAll<number>().as('n')).where('report_state', '=', 'clearing').as('clearing'),
    eb.selectFrom('zatca_documents').select(eb.fn.countAll<number>().as('n')).where('report_state', '=', 'not_cleared').as('not_cleared'),
  ]),
);

/** Standard invoices ZATCA has not answered for (clearing) and those it refused (not_cleared), from the report_state index. */
export function clearanceCounts(db: TillDatabase): { clearing: number; notCleared: number } {
  const row = CLEARANCE_COUNTS.get(db, {})!;
  return { clearing: row.clearing ?? 0, notCleared: row.not_cleared ?? 0 };
}
