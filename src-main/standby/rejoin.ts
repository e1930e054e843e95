import { existsSync } from 'node:fs';
import { openDatabase } from '../db/index.ts';
import { answeredAloneIn, answeredAloneRanges } from './answered-alone.ts';
import { dropJournalTriggers } from './journal-triggers.ts';
import { fetchJson } from './peer-http.ts';
import { readPeer, rejoinAnswerSchema, rejoinChallengeSchema, whereAnswerSchema } from './peer-messages.ts';
import { rejoinProof } from './rejoin-key.ts';
import { markAsStandby } from './standby-copy.ts';
import { downloadSnapshot } from './standby-follower.ts';
import { journalHead, readStandbyState, writeStandbyState } from './standby-state.ts';

/** What a rejoin did, for the log and the tests. */
export interface RejoinOutcome {
  hub: string;
  epoch: number;
  /** Changes this machine committed after the new hub's last one from it: never answered to a screen, discarded with the old copy. */
  discarded_changes: number;
  /** Orders among them, not in the new hub's copy (docs/standby.md). */
  discarded_orders: string[];
  /** Those this machine answered alone (a cashier was told "paid"): uploaded from `kept_as` by this machine if they were not yet. */
  answered_alone_orders: string[];
  /** Those never answered (it died waiting for its standby): never uploaded, kept in `kept_as` as refused, for a manager. */
  never_answered_orders: string[];
  /** Their numbers as this machine gave them (kept: the new hub may have given the same ones during a split). */
  order_numbers: string[];
  /** The old file, kept as it was for whoever wants to look (nothing of it is merged). */
  kept_as: string;
  /** The ZATCA documents (cbc:UUIDs) among the discarded changes: signed by this machine, never had by the new hub, reported from `kept_as`. */
  set_aside_documents: string[];
}

/**
 * Called once the old file is set aside and before the new hub's snapshot
 * replaces it: the root reports the ZATCA documents only the set-aside file
 * holds (src-main/zatca/set-aside-reporting.ts), for a bounded time.
 */
export type BeforeReplace = (setAside: { file: string; documents: string[]; neverAnsweredOrders: string[] }) => Promise<void>;

/**
 * Before `pos serve` opens an old hub's file (docs/standby.md, "The old
 * hub rejoins"): when its peer is now the hub with a higher epoch, this
 * machine never starts as a writer. It is fenced in the file at once, then,
 * with the pair's rejoin key, proves to the new hub that it is the other
 * machine of the pair, keeps its old copy aside, replaces the file with the
 * new hub's snapshot and starts as its standby. Null: nothing to do (no
 * peer, the peer is not a newer hub, or it does not answer: the file starts
 * as it is, and a running hub keeps asking its peer).
 */
export async function rejoinNewHub(
  dbFile: string,
  readRejoinKey: () => string | null,
  log: (line: string) => void,
  beforeReplace?: BeforeReplace,
): Promise<RejoinOutcome | null> {
  if (!existsSync(dbFile)) return null;
  const db = openDatabase(dbFile);
  let state;
  try {
    state = readStandbyState(db);
  } finally {
    db.close();
  }
  if (state.role === 'standby' || !state.peer_url) return null;
  const peer = state.peer_url;
  const answered = readPeer(whereAnswerSchema, (await fetchJson(`${peer}/standby/where`, 3_000))?.body);
  const where = answered.ok ? answered.value : null;
  if (where?.role !== 'hub' || where.epoch < state.epoch || (where.epoch === state.epoch && state.role === 'hub')) return null;

  // A newer hub exists: this file never writes again, rejoin or not.
  if (state.role === 'hub') {
    const fence = openDatabase(dbFile);
    try {
      writeStandbyState(fence, { role: 'fenced', epoch: where.epoch });
    } finally {
      fence.close();
    }
  }
  const rejoinKey = readRejoinKey();
  if (!rejoinKey) {
    log(`This till's peer ${peer} is the branch's hub now (epoch ${where.epoch}); this file has no rejoin key: pair it as that hub's standby with a new code.`);
    return null;
  }
  const challenge = await fetchJson(`${peer}/standby/rejoin`, 5_000);
  const challenged = readPeer(rejoinChallengeSchema, challenge?.body);
  if (challenge?.status !== 200 || !challenged.ok) return refused(peer, challenge?.status, log);
  const { nonce } = challenged.value;
  const answer = await fetchJson(`${peer}/standby/rejoin`, 10_000, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ nonce, proof: rejoinProof(rejoinKey, nonce) }),
  });
  const taken = readPeer(rejoinAnswerSchema, answer?.body);
  if (answer?.status !== 200 || !taken.ok) return refused(peer, answer?.status, log);
  const { token, epoch, took_over_at: tookOverAt } = taken.value;

  // What this machine committed after the new hub's last change from it: answered alone, or never answered (answered-alone.ts).
  const old = openDatabase(dbFile);
  const keptAs = `${dbFile}.before-rejoin-epoch-${epoch}`;
  let discarded: TrailingChanges;
  try {
    discarded = trailingChanges(old, tookOverAt);
    await old.backup(keptAs);
  } finally {
    old.close();
  }
  unjournal(keptAs);
  // The documents this machine signed that the new hub never had are reported from the set-aside copy: first now, briefly.
  // The orders it never answered are set apart there first (never uploaded: the cashier was not told "paid").
  if (beforeReplace && (discarded.documents.length > 0 || discarded.neverAnswered.length > 0))
    await beforeReplace({ file: keptAs, documents: discarded.documents, neverAnsweredOrders: discarded.neverAnswered });
  await downloadSnapshot(peer, token, dbFile);
  markAsStandby(dbFile, peer, token, epoch);
  log(
    `This till rejoined the branch as the standby of ${peer} (epoch ${epoch}), from a fresh snapshot. ` +
      (discarded.changes === 0
        ? 'It had nothing the new hub lacks; '
        : `${discarded.changes} changes it committed after the new hub's last one are not in the new hub's copy; ` +
          (discarded.answered.length === 0
            ? ''
            : `among them ${discarded.answered.length} order(s) this till sold while it answered alone (numbers ${discarded.answeredNumbers.join(', ')}, kept: ` +
              `the new hub may have given the same numbers during the split): those not uploaded yet are uploaded from its old copy by this till; `) +
          (discarded.neverAnswered.length === 0
            ? ''
            : `${discarded.neverAnswered.length} order(s) (numbers ${discarded.neverAnsweredNumbers.join(', ')}) were never answered to a screen (committed while it waited for its standby, which took over without them): ` +
              `they are never uploaded and are kept in the old copy as refused, for a manager; `)) +
      `its old copy is ${keptAs}.` +
      (discarded.documents.length === 0
        ? ''
        : ` The ${discarded.documents.length} ZATCA document(s) this till signed among them are its own unit's to report: they are reported from that copy until none is left (pos zatca status says how many wait).`),
  );
  return {
    hub: peer,
    epoch,
    discarded_changes: discarded.changes,
    discarded_orders: discarded.orders,
    order_numbers: [...discarded.answeredNumbers, ...discarded.neverAnsweredNumbers],
    answered_alone_orders: discarded.answered,
    never_answered_orders: discarded.neverAnswered,
    kept_as: keptAs,
    set_aside_documents: discarded.documents,
  };
}

function refused(peer: string, status: number | undefined, log: (line: string) => void): null {
  log(`The hub at ${peer} did not take this till back as its standby (${status ?? 'no answer'}): pair it with a new standby code.`);
  return null;
}

interface TrailingChanges {
  changes: number;
  orders: string[];
  answered: string[];
  answeredNumbers: string[];
  neverAnswered: string[];
  neverAnsweredNumbers: string[];
  documents: string[];
}

/**
 * The changes after `after` still in this file's journal (pruned only once
 * acknowledged: the unacknowledged tail is all there), the orders among
 * them, told apart by whether this hub answered them alone
 * (answered-alone.ts), with their numbers, and the ZATCA documents signed
 * in them (by cbc:UUID).
 */
function trailingChanges(db: ReturnType<typeof openDatabase>, after: number): TrailingChanges {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'standby_journal'").get();
  if (!exists) return { changes: 0, orders: [], answered: [], answeredNumbers: [], neverAnswered: [], neverAnsweredNumbers: [], documents: [] };
  const changes = Math.max(0, journalHead(db) - after);
  const inserted = (table: string) =>
    db
      .prepare(
        "SELECT seq, json_extract(row, '$.uuid') AS uuid, json_extract(row, '$.number') AS number FROM standby_journal WHERE seq > ? AND tbl = ? AND op = 'I' ORDER BY seq",
      )
      .all(after, table) as { seq: number; uuid: string | null; number: string | null }[];
  const uuids = (rows: { uuid: string | null }[]) => [...new Set(rows.map((r) => r.uuid).filter((u): u is string => typeof u === 'string'))];
  const numbers = (rows: { number: string | null }[]) => rows.map((r) => r.number).filter((n): n is string => typeof n === 'string');
  const ranges = answeredAloneRanges(db);
  const orders = inserted('orders');
  const answered = orders.filter((o) => answeredAloneIn(ranges, o.seq));
  const neverAnswered = orders.filter((o) => !answeredAloneIn(ranges, o.seq));
  return {
    changes,
    orders: uuids(orders),
    answered: uuids(answered),
    answeredNumbers: numbers(answered),
    neverAnswered: uuids(neverAnswered),
    neverAnsweredNumbers: numbers(neverAnswered),
    documents: uuids(inserted('zatca_documents')),
  };
}

/** The set-aside copy writes no journal: ZATCA's answers are kept in it without growing a journal nobody follows (its rows stay, to look at). */
function unjournal(file: string): void {
  const db = openDatabase(file);
  try {
    dropJournalTriggers(db);
  } finally {
    db.close();
  }
}
