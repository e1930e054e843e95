import { existsSync } from 'node:fs';
import { openDatabase } from '../db/index.ts';
import { dropJournalTriggers } from './journal-triggers.ts';
import { downloadSnapshot, pairWithHub } from './standby-follower.ts';
import { forgetAnsweredAlone } from './answered-alone.ts';
import { ensureStandbyTables, journalHead, readStandbyState, writeStandbyState } from './standby-state.ts';

/**
 * Before `pos serve --standby-of HUB` opens its database: with a code, pairs
 * with the hub and replaces the file with the hub's snapshot, marked as this
 * hub's standby at the snapshot's sequence (the hub's journal triggers
 * dropped: the standby applies without journaling). Without a code, the
 * file must already be that hub's standby (a restart resumes the stream).
 */
export async function prepareStandbyCopy(dbFile: string, hubUrl: string, code: string | undefined): Promise<{ rejoinKey: string | null }> {
  if (code === undefined) {
    if (!existsSync(dbFile)) throw new Error(`${dbFile} is no standby yet: give --code, a standby code made on the hub's manager screen`);
    const db = openDatabase(dbFile);
    try {
      const state = readStandbyState(db);
      if (state.role !== 'standby' || state.peer_url !== hubUrl || !state.stream_token)
        throw new Error(
          `${dbFile} is not the standby of ${hubUrl} (it is ${state.role === 'standby' ? `the standby of ${state.peer_url}` : `a ${state.role}`}): give --code to pair it`,
        );
    } finally {
      db.close();
    }
    return { rejoinKey: null };
  }
  if (existsSync(dbFile)) {
    const db = openDatabase(dbFile);
    const { role } = readStandbyState(db);
    db.close();
    // A hub's own file is never wiped by a typo: only a standby's copy or a fenced old hub's is replaced (or a new file made).
    if (role === 'hub')
      throw new Error(`${dbFile} is a hub's database: pick another file for the standby's copy (an old hub rejoins once it has stepped down)`);
  }
  const { token, epoch, rejoinKey } = await pairWithHub(hubUrl, code);
  await downloadSnapshot(hubUrl, token, dbFile);
  markAsStandby(dbFile, hubUrl, token, epoch);
  return { rejoinKey };
}

/** A snapshot just downloaded into `dbFile` becomes `hubUrl`'s standby at the snapshot's sequence (the hub's journal triggers dropped). */
export function markAsStandby(dbFile: string, hubUrl: string, token: string, epoch: number): void {
  const db = openDatabase(dbFile);
  try {
    ensureStandbyTables(db);
    db.transaction(() => {
      dropJournalTriggers(db);
      const applied = journalHead(db);
      db.prepare('DELETE FROM standby_journal').run();
      writeStandbyState(db, { role: 'standby', epoch, peer_url: hubUrl, stream_token: token, applied_seq: applied, live: null });
      forgetAnsweredAlone(db);
    }).immediate();
  } finally {
    db.close();
  }
}
