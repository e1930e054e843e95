/**
 * The standard invoices still waiting for ZATCA's clearance answer
 * (zatca_documents in state clearing), as the background engine asks them
 * again: which are due, and what is sent. A try that settles nothing is
 * written by report-queue.ts (as for a report), what an answer settles by
 * clearance-queries.ts, as at checkout.
 */
import { all, first, q, type TillDatabase } from '../db/index.ts';
import { documentAsSigned } from './stored-xml.ts';

/** When a clearing invoice may be asked again. */
export interface ClearingSlot {
  seq: number;
  egs_unit: string;
  attempts: number;
  next_attempt_at: number;
  issued_at: number;
}

/** A clearing invoice as it is sent again: the stored bytes, never rebuilt. */
export interface ClearingDocument {
  seq: number;
  egs_unit: string;
  icv: number;
  order_uuid: string;
  uuid: string;
  number: string;
  hash: string;
  xml: string;
  attempts: number;
}

/** Every clearing invoice's schedule (few: one per sale whose answer was lost), in counter order. */
export function clearingSlots(db: TillDatabase): ClearingSlot[] {
  return all(
    db,
    q
      .selectFrom('zatca_documents')
      .select(['seq', 'egs_unit', 'attempts', 'next_attempt_at', 'issued_at'])
      .where('report_state', '=', 'clearing')
      .orderBy('seq'),
  );
}

export function clearingDocument(db: TillDatabase, seq: number): ClearingDocument | null {
  const row = first(
    db,
    q
      .selectFrom('zatca_documents')
      .select(['seq', 'egs_unit', 'icv', 'order_uuid', 'uuid', 'number', 'hash', 'xml', 'attempts'])
      .where('seq', '=', seq)
      .where('report_state', '=', 'clearing'),
  );
  // The column's compact form read back as the signed text (stored-xml.ts).
  return row ? documentAsSigned(row) : null;
}
