/**
 * The zatca_egs and zatca_documents tables (this module owns them): the EGS
 * unit's chain state and the signed documents with their reporting state.
 */
import type { Selectable } from 'kysely';
import { all, first, param, prepared, q, run, type TillDatabase, type TillSchema } from '../db/index.ts';
import { queueCounts } from './report-queue.ts';

/** The EGS unit's row: its certificate and where the chain stands (the next invoice counter and the last hash). */
export type EgsState = Omit<Selectable<TillSchema['zatca_egs']>, 'id'>;

const READ_EGS = prepared<Record<string, never>>()(q.selectFrom('zatca_egs').selectAll().where('id', '=', 1));

export function readEgs(db: TillDatabase): EgsState | null {
  const row = READ_EGS.get(db, {});
  if (!row) return null;
  const { id: _id, ...state } = row;
  return state;
}

/**
 * Onboarding (or renewal) writes the unit; the chain (next ICV, last hash)
 * carries on if the unit existed. invoice_types is what the CSID was
 * requested for (kept as it was when not given).
 */
export function saveEgs(
  db: TillDatabase,
  egs: Omit<EgsState, 'next_icv' | 'last_hash' | 'invoice_types'> & { invoice_types?: string },
  firstHash: string,
): void {
  db.transaction(() => {
    const current = readEgs(db);
    run(
      db,
      q.replaceInto('zatca_egs').values({
        id: 1,
        ...egs,
        invoice_types: egs.invoice_types ?? current?.invoice_types ?? '0100',
        next_icv: current?.next_icv ?? 1,
        last_hash: current?.last_hash ?? firstHash,
      }),
    );
  }).immediate();
}

/** A row of the chain as read (Kysely's Selectable: the rowid key and defaults are plain values). */
export type StoredDocument = Selectable<TillSchema['zatca_documents']>;

/** What checkout writes: a simplified document starts `pending` (to be reported), a standard invoice `clearing`. */
export type NewDocument = Pick<
  StoredDocument,
  'icv' | 'order_uuid' | 'uuid' | 'kind' | 'profile' | 'number' | 'issued_at' | 'pih' | 'hash' | 'qr' | 'xml' | 'buyer'
> & { report_state: 'pending' | 'clearing' };

const INSERT_DOCUMENT = prepared<NewDocument>()(
  q.insertInto('zatca_documents').values({
    icv: param('icv'),
    order_uuid: param('order_uuid'),
    uuid: param('uuid'),
    kind: param('kind'),
    profile: param('profile'),
    buyer: param('buyer'),
    report_state: param('report_state'),
    number: param('number'),
    issued_at: param('issued_at'),
    pih: param('pih'),
    hash: param('hash'),
    qr: param('qr'),
    xml: param('xml'),
  }),
);

/** Advances the chain only from where it is: a second writer with a stale view changes nothing (and the caller throws). */
const ADVANCE = prepared<{ icv: number; hash: string; next: number }>()(
  q
    .updateTable('zatca_egs')
    .set({ next_icv: param<number>('next'), last_hash: param<string>('hash') })
    .where('id', '=', 1)
    .where('next_icv', '=', param<number>('icv')),
);

/**
 * Writes a signed document and moves the chain past it; call inside the order's transaction.
 * The chain moves at signing, never on ZATCA's answer, as ZATCA's rule says: the ICV goes up by one for every
 * document the EGS unit generates and the next PIH is this document's hash, whether ZATCA then accepts or
 * rejects it; a rejected document keeps its counter and is corrected by a new document (a new UUID, the next
 * ICV). ZATCA's answers on its developer community: "Understanding of PIH and ICV",
 * https://zatca1.discourse.group/t/understanding-of-pih-and-icv/8376, and "Rejected Tax / Simplified Invoice",
 * https://zatca1.discourse.group/t/rejected-tax-simplified-invoice/6274. The stand-in checks the same
 * (emulator/zatca/egs-chains.ts).
 */
export function appendDocument(db: TillDatabase, doc: NewDocument): void {
  INSERT_DOCUMENT.run(db, doc);
  const { changes } = ADVANCE.run(db, { icv: doc.icv, hash: doc.hash, next: doc.icv + 1 });
  if (changes !== 1) throw new Error(`the ZATCA chain moved while document ${doc.icv} was signed; the order was not written`);
}

/**
 * The document that stands for an order: its latest. A sale whose standard
 * invoice ZATCA did not clear has the simplified invoice issued instead
 * after it; the earlier one stays in the chain (documentsOfOrder).
 */
export function documentOfOrder(db: TillDatabase, orderUuid: string): StoredDocument | null {
  return first(db, q.selectFrom('zatca_documents').selectAll().where('order_uuid', '=', orderUuid).orderBy('icv', 'desc').limit(1)) ?? null;
}

/** Every document of an order, in counter order. */
export function documentsOfOrder(db: TillDatabase, orderUuid: string): StoredDocument[] {
  return all(db, q.selectFrom('zatca_documents').selectAll().where('order_uuid', '=', orderUuid).orderBy('icv'));
}

/** The whole chain in counter order (for the status, the tests and an auditor's export). */
export function allDocuments(db: TillDatabase): StoredDocument[] {
  return all(db, q.selectFrom('zatca_documents').selectAll().orderBy('icv'));
}

export interface ChainSummary {
  documents: number;
  unreported: number;
  rejected: number;
  /** issued_at of the oldest document not yet reported, or null. */
  oldestUnreportedAt: number | null;
}

const DOCUMENTS = prepared<Record<string, never>>()(q.selectFrom('zatca_documents').select((eb) => eb.fn.countAll<number>().as('documents')));

/**
 * The status bar's figures, read after every checkout and report: the
 * count alone (SQLite counts over the smallest index) and the rest from the
 * report_state index (queueCounts). Never a scan of the rows: report_state
 * sits after each row's XML, so reading it row by row walks every
 * document's overflow pages (about 300 ms at 20,000 documents).
 */
export function chainSummary(db: TillDatabase): ChainSummary {
  return { documents: DOCUMENTS.get(db, {})!.documents, ...queueCounts(db) };
}
