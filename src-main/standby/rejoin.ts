import { existsSync } from 'node:fs';
import { openDatabase } from '../db/index.ts';
import { fetchJson } from './peer-http.ts';
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
  /** Orders among them (none was ever told "paid", none was uploaded: docs/standby.md). */
  discarded_orders: string[];
  /** The old file, kept as it was for whoever wants to look (nothing of it is merged). */
  kept_as: string;
}

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
export async function rejoinNewHub(dbFile: string, readRejoinKey: () => string | null, log: (line: string) => void): Promise<RejoinOutcome | null> {
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
  const where = (await fetchJson(`${peer}/standby/where`, 3_000))?.body;
  if (where?.role !== 'hub' || typeof where.epoch !== 'number' || where.epoch < state.epoch || (where.epoch === state.epoch && state.role === 'hub'))
    return null;

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
  const nonce = challenge?.body?.nonce;
  if (challenge?.status !== 200 || typeof nonce !== 'string') return refused(peer, challenge?.status, log);
  const answer = await fetchJson(`${peer}/standby/rejoin`, 10_000, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ nonce, proof: rejoinProof(rejoinKey, nonce) }),
  });
  const { token, epoch, took_over_at: tookOverAt } = answer?.body ?? {};
  if (answer?.status !== 200 || typeof token !== 'string' || !/^[0-9a-f]{64}$/.test(token) || typeof epoch !== 'number' || typeof tookOverAt !== 'number')
    return refused(peer, answer?.status, log);

  // What this machine committed after the new hub's last change from it: answered to no screen (an answer waits for the standby).
  const old = openDatabase(dbFile);
  const keptAs = `${dbFile}.before-rejoin-epoch-${epoch}`;
  let discarded: { changes: number; orders: string[] };
  try {
    discarded = trailingChanges(old, tookOverAt);
    await old.backup(keptAs);
  } finally {
    old.close();
  }
  await downloadSnapshot(peer, token, dbFile);
  markAsStandby(dbFile, peer, token, epoch);
  log(
    `This till rejoined the branch as the standby of ${peer} (epoch ${epoch}), from a fresh snapshot. ` +
      (discarded.changes === 0
        ? 'It had nothing the new hub lacks.'
        : `${discarded.changes} changes it committed after the new hub's last one (orders: ${discarded.orders.join(', ') || 'none'}) were never answered to a screen nor uploaded, and are not kept; `) +
      `its old copy is ${keptAs}.`,
  );
  return { hub: peer, epoch, discarded_changes: discarded.changes, discarded_orders: discarded.orders, kept_as: keptAs };
}

function refused(peer: string, status: number | undefined, log: (line: string) => void): null {
  log(`The hub at ${peer} did not take this till back as its standby (${status ?? 'no answer'}): pair it with a new standby code.`);
  return null;
}

/** The changes after `after` still in this file's journal (pruned only once acknowledged: the unacknowledged tail is all there) and the orders among them. */
function trailingChanges(db: ReturnType<typeof openDatabase>, after: number): { changes: number; orders: string[] } {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'standby_journal'").get();
  if (!exists) return { changes: 0, orders: [] };
  const changes = Math.max(0, journalHead(db) - after);
  const rows = db
    .prepare("SELECT DISTINCT json_extract(row, '$.uuid') AS uuid FROM standby_journal WHERE seq > ? AND tbl = 'orders' AND op = 'I'")
    .all(after) as { uuid: string | null }[];
  return { changes, orders: rows.map((r) => r.uuid).filter((u): u is string => typeof u === 'string') };
}
