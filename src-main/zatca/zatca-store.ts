/**
 * The zatca_egs, zatca_this_machine and zatca_documents tables (this module
 * owns them): the branch's EGS units, each with its own chain state (a hub
 * and its standby are two units: docs/zatca.md), which of them this machine
 * is, and the signed documents with their reporting state.
 */
import type { Selectable } from 'kysely';
import { all, param, prepared, q, run, type TillDatabase, type TillSchema } from '../db/index.ts';
import { queueCounts } from './report-queue.ts';
import { documentAsSigned } from './stored-xml.ts';

/** An EGS unit's row: its certificate and where its own chain stands (its next invoice counter and last hash). */
export type EgsState = Selectable<TillSchema['zatca_egs']>;

const READ_UNIT = prepared<{ unit: string }>()(q.selectFrom('zatca_egs').selectAll().where('unit', '=', param<string>('unit')));
const THIS_UNIT = prepared<Record<string, never>>()(q.selectFrom('zatca_this_machine').select(['unit', 'next_icv', 'last_hash']).where('id', '=', 1));

/** The name of the unit this machine is (its key is in this machine's secret store), or null before it is onboarded. */
export function thisUnitName(db: TillDatabase): string | null {
  return THIS_UNIT.get(db, {})?.unit ?? null;
}

/** This machine's record and its unit's shared row in one statement (readEgs reads them under every checkout's lock). */
const THIS_UNIT_WITH_ROW = prepared<Record<string, never>>()(
  q
    .selectFrom('zatca_this_machine as mine')
    .innerJoin('zatca_egs as shared', 'shared.unit', 'mine.unit')
    .selectAll('shared')
    .select(['mine.next_icv as mine_next_icv', 'mine.last_hash as mine_last_hash'])
    .where('mine.id', '=', 1),
);

/**
 * This machine's own EGS unit, or null: never another machine's (a
 * standby's copy holds its hub's unit too). Its chain is the further of the
 * shared row and this machine's own record: a hub that signed alone and then
 * rejoined from a copy without those documents continues after them.
 * One statement (a join on the unit's key): a phase-2 checkout reads it before its transaction and again under the lock.
 */
export function readEgs(db: TillDatabase): EgsState | null {
  const row = THIS_UNIT_WITH_ROW.get(db, {});
  if (!row) return null;
  const { mine_next_icv, mine_last_hash, ...shared } = row;
  return mine_last_hash !== null && mine_next_icv > shared.next_icv ? { ...shared, next_icv: mine_next_icv, last_hash: mine_last_hash } : shared;
}

/** Any unit of the branch by name (the reporter sends an old hub's documents with that unit's credentials). */
export function readEgsUnit(db: TillDatabase, unit: string): EgsState | null {
  return READ_UNIT.get(db, { unit }) ?? null;
}

/** Every unit of the branch (a hub and its standby), by name. */
export function allUnits(db: TillDatabase): EgsState[] {
  return all(db, q.selectFrom('zatca_egs').selectAll().orderBy('unit'));
}

/**
 * Onboarding (or renewal) writes this machine's unit and marks it as this
 * machine's; the unit's chain (next ICV, last hash) carries on if the unit
 * existed, and another unit's row is never touched. invoice_types is what
 * the CSID was requested for (kept as it was when not given).
 */
export function saveEgs(
  db: TillDatabase,
  egs: Omit<EgsState, 'unit' | 'next_icv' | 'last_hash' | 'invoice_types'> & { invoice_types?: string },
  firstHash: string,
): void {
  db.transaction(() => {
    const unit = egs.common_name;
    const current = readEgsUnit(db, unit);
    run(
      db,
      q.replaceInto('zatca_egs').values({
        ...egs,
        unit,
        invoice_types: egs.invoice_types ?? current?.invoice_types ?? '0100',
        next_icv: current?.next_icv ?? 1,
        last_hash: current?.last_hash ?? firstHash,
      }),
    );
    const mine = THIS_UNIT.get(db, {});
    // Renewal keeps this machine's record of its chain; a new unit starts its own.
    if (mine?.unit !== unit)
      run(db, q.replaceInto('zatca_this_machine').values({ id: 1, unit, next_icv: current?.next_icv ?? 1, last_hash: current?.last_hash ?? null }));
  }).immediate();
}

/**
 * A unit another machine onboarded (a standby's, sent to its hub over the
 * stream): its certificate and details, never its chain, which only its own
 * signing moves. A unit already here keeps its counter and last hash.
 */
export function recordPeerUnit(db: TillDatabase, egs: Omit<EgsState, 'next_icv' | 'last_hash'>, firstHash: string): void {
  db.transaction(() => {
    const current = readEgsUnit(db, egs.unit);
    if (current && current.certificate === egs.certificate && current.invoice_types === egs.invoice_types && current.base_url === egs.base_url) return;
    run(db, q.replaceInto('zatca_egs').values({ ...egs, next_icv: current?.next_icv ?? 1, last_hash: current?.last_hash ?? firstHash }));
  }).immediate();
}

/** A row of the chain as read (Kysely's Selectable: the rowid key and defaults are plain values), its `xml` the signed text. */
export type StoredDocument = Selectable<TillSchema['zatca_documents']>;

/** What checkout writes: a simplified document starts `pending` (to be reported), a standard invoice `clearing`; `xml` as storeXml made it. */
export type NewDocument = Pick<
  StoredDocument,
  'egs_unit' | 'icv' | 'order_uuid' | 'uuid' | 'kind' | 'profile' | 'number' | 'issued_at' | 'pih' | 'hash' | 'qr' | 'xml' | 'buyer'
> & { report_state: 'pending' | 'clearing' };

const INSERT_DOCUMENT = prepared<NewDocument>()(
  q.insertInto('zatca_documents').values({
    egs_unit: param('egs_unit'),
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

/**
 * Advances the unit's chain only from where it is (or from behind, when this
 * machine's own record was ahead: readEgs): a second writer with a stale
 * view changes nothing (and the caller throws). UNIQUE (egs_unit, icv) on
 * the documents keeps any counter from being used twice for one unit.
 */
const ADVANCE = prepared<{ unit: string; icv: number; hash: string; next: number }>()(
  q
    .updateTable('zatca_egs')
    .set({ next_icv: param<number>('next'), last_hash: param<string>('hash') })
    .where('unit', '=', param<string>('unit'))
    .where('next_icv', '<=', param<number>('icv')),
);

const ADVANCE_MINE = prepared<{ unit: string; hash: string; next: number }>()(
  q
    .updateTable('zatca_this_machine')
    .set({ next_icv: param<number>('next'), last_hash: param<string>('hash') })
    .where('id', '=', 1)
    .where('unit', '=', param<string>('unit')),
);

/**
 * Writes a signed document and moves its unit's chain past it; call inside the order's transaction.
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
  const { changes } = ADVANCE.run(db, { unit: doc.egs_unit, icv: doc.icv, hash: doc.hash, next: doc.icv + 1 });
  if (changes !== 1) throw new Error(`the ZATCA chain moved while document ${doc.icv} was signed; the order was not written`);
  ADVANCE_MINE.run(db, { unit: doc.egs_unit, hash: doc.hash, next: doc.icv + 1 });
}

/**
 * An order's documents come two ways (migration 0035): under the order's own uuid as cbc:UUID (a sale's, a
 * refund's, a standard invoice's), found through UNIQUE (uuid); and under a UUID of their own (a simplified invoice
 * issued after a standard one was not cleared, a note issued again), which zatca_documents_order indexes alone, so
 * a sale writes no entry of it. The second query states the index's WHERE so that SQLite takes it.
 */
const UNDER_ORDER_UUID = prepared<{ order: string }>()(
  q.selectFrom('zatca_documents').selectAll().where('uuid', '=', param<string>('order')).where('order_uuid', '=', param<string>('order')),
);
const UNDER_OWN_UUID = prepared<{ order: string }>()(
  q.selectFrom('zatca_documents').selectAll().where('order_uuid', '=', param<string>('order')).whereRef('uuid', '<>', 'order_uuid').orderBy('seq'),
);

function rowsOfOrder(db: TillDatabase, orderUuid: string): StoredDocument[] {
  const own = UNDER_OWN_UUID.all(db, { order: orderUuid });
  const under = UNDER_ORDER_UUID.get(db, { order: orderUuid });
  return under ? [under, ...own].sort((a, b) => a.seq - b.seq) : own;
}

/** Every document of an order, in signing order. */
export function documentsOfOrder(db: TillDatabase, orderUuid: string): StoredDocument[] {
  return rowsOfOrder(db, orderUuid).map(documentAsSigned);
}

/**
 * The document that stands for an order: its latest. A sale whose standard
 * invoice ZATCA did not clear has the simplified invoice issued instead
 * after it; the earlier one stays in the chain (documentsOfOrder).
 */
export function documentOfOrder(db: TillDatabase, orderUuid: string): StoredDocument | null {
  const latest = rowsOfOrder(db, orderUuid).at(-1);
  return latest ? documentAsSigned(latest) : null;
}

/** Every document in signing order (for the status, the tests and an auditor's export); given a unit, that unit's chain in counter order. */
export function allDocuments(db: TillDatabase, unit?: string): StoredDocument[] {
  if (unit !== undefined) return all(db, q.selectFrom('zatca_documents').selectAll().where('egs_unit', '=', unit).orderBy('icv')).map(documentAsSigned);
  return all(db, q.selectFrom('zatca_documents').selectAll().orderBy('seq')).map(documentAsSigned);
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

const PENDING_OF_UNIT = prepared<{ unit: string }>()(
  q.selectFrom('zatca_documents').select('uuid').where('report_state', '=', 'pending').where('egs_unit', '=', param<string>('unit')).orderBy('seq'),
);
const HAS_DOCUMENT = prepared<{ uuid: string }>()(q.selectFrom('zatca_documents').select('seq').where('uuid', '=', param<string>('uuid')));

/** The documents of `unit` still to report (their cbc:UUIDs), in signing order. */
export function pendingDocumentsOf(db: TillDatabase, unit: string): string[] {
  return PENDING_OF_UNIT.all(db, { unit }).map((row) => row.uuid);
}

/** Whether the document with this cbc:UUID is in `db` (the branch's database, where its hub reports it). */
export function hasDocument(db: TillDatabase, uuid: string): boolean {
  return HAS_DOCUMENT.get(db, { uuid }) !== undefined;
}
