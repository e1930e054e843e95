import type { TillDatabase } from '../db/index.ts';
import { readStandbyState, writeStandbyState } from './standby-state.ts';

/**
 * Makes this copy the hub, in one transaction: the epoch goes up by one
 * (the old hub, seeing a higher epoch at its peer, refuses every write), the
 * old hub becomes the peer to watch, the old stream token is forgotten (the
 * old hub pairs again, as a standby, with a new code), and the journal's
 * sequence continues past everything applied. Used by the running standby
 * when it takes over and by `pos standby promote` (the serving process sees
 * the role change in the file and takes over too).
 */
export function promoteToHub(db: TillDatabase): { epoch: number } {
  return db
    .transaction(() => {
      const state = readStandbyState(db);
      if (state.role !== 'standby') throw new Error(`this database is ${state.role === 'hub' ? 'already the hub' : 'a fenced old hub'}: nothing to promote`);
      const epoch = state.epoch + 1;
      writeStandbyState(db, { role: 'hub', epoch, peer_url: state.peer_url, stream_token: null, live: null });
      db.prepare('DELETE FROM standby_journal').run();
      const applied = state.applied_seq;
      const moved = db.prepare("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'standby_journal'").run(applied).changes;
      if (moved === 0) db.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('standby_journal', ?)").run(applied);
      return { epoch };
    })
    .immediate();
}
