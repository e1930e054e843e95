import { openDatabase, type TillDatabase } from '../../db/index.ts';
import { promoteToHub, readStandbyState, type PairStatus } from '../../standby/index.ts';
import { notOnboardedWarning } from '../../zatca/index.ts';
import { parseCommandArgs, requireOption, UsageError, type CliIo } from '../cli-io.ts';

/** A serving process writes its status each second: older than this, nobody is serving the file. */
const LIVE_STALE_MS = 5_000;

/**
 * `pos standby`: the pair of hubs as this database file sees it (issue 36,
 * docs/standby.md). `status` reads what the serving process last wrote;
 * `promote` makes a standby the hub at once (a manager's decision when the
 * hub is known dead): the epoch goes up, and a `pos serve` running on the
 * file takes over within a quarter second.
 */
export async function standbyCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs('standby', argv, { db: { type: 'string' }, json: { type: 'boolean', default: false } }, true);
  const dbFile = requireOption('standby', 'db', values.db);
  const [action = 'status', ...rest] = positionals;
  if (rest.length > 0 || !['status', 'promote'].includes(action)) throw new UsageError(`pos standby: say status or promote (not "${positionals.join(' ')}")`);
  const db = openDatabase(dbFile);
  try {
    if (action === 'promote') {
      const state = readStandbyState(db);
      if (state.role !== 'standby') {
        io.err(`pos standby: ${dbFile} is ${state.role === 'hub' ? 'already the hub' : 'an old hub that a newer one replaced'}: nothing to promote`);
        return 1;
      }
      const { epoch } = promoteToHub(db);
      // A manager promoting a standby that is no ZATCA unit of its own is told now, not at the first unsigned sale.
      const zatcaWarning = notOnboardedWarning(db);
      if (zatcaWarning) io.err(zatcaWarning);
      io.out(
        values.json
          ? JSON.stringify({ role: 'hub', epoch, zatca_warning: zatcaWarning })
          : `${dbFile} is now the branch's hub (epoch ${epoch}). A pos serve running on it takes over now; the old hub refuses every write once it sees this epoch.`,
      );
      return 0;
    }
    const report = pairReport(db);
    if (values.json) {
      io.out(JSON.stringify(report));
      return 0;
    }
    io.out(describeStatus(report));
    return 0;
  } finally {
    db.close();
  }
}

/** The pair as the file says: its role and epoch, and what the serving process last wrote (when it still writes). */
export function pairReport(db: TillDatabase): {
  role: string;
  epoch: number;
  peer_url: string | null;
  applied_seq: number;
  running: boolean;
  live: PairStatus | null;
} {
  const state = readStandbyState(db);
  let live: PairStatus | null;
  try {
    live = state.live ? (JSON.parse(state.live) as PairStatus) : null;
  } catch {
    live = null;
  }
  const running = live !== null && Date.now() - live.at < LIVE_STALE_MS;
  return { role: state.role, epoch: state.epoch, peer_url: state.peer_url, applied_seq: state.applied_seq, running, live: running ? live : null };
}

/** The status in words (also `pos doctor --db`'s standby lines). */
export function describeStatus(report: { role: string; epoch: number; peer_url: string | null; running: boolean; live: PairStatus | null }): string {
  const lines = [`Role: ${report.role}, epoch ${report.epoch}${report.running ? '' : ' (no pos serve is running on this file)'}`];
  const live = report.live;
  if (report.role === 'hub') {
    if (live?.hub?.standby_connected)
      lines.push(`Standby: ${live.hub.standby_url ?? 'connected'}, ${live.hub.lag_changes} changes and ${(live.hub.lag_ms / 1000).toFixed(1)} s behind`);
    else
      lines.push(
        `Standby: none connected${report.peer_url ? ` (last: ${report.peer_url})` : ''}: the hub answers alone, and a sale lives on this machine only`,
      );
  } else if (report.role === 'standby') {
    lines.push(`Hub: ${report.peer_url ?? '?'}`);
    if (live?.standby)
      lines.push(
        `Applied: change ${live.standby.applied}; hub silent ${(live.standby.hub_silent_ms / 1000).toFixed(1)} s of ${live.standby.failover_ms / 1000} s; ` +
          `stations here ${live.standby.stations_here} of ${live.standby.stations_in_use}${live.standby.waiting_for ? ` (a takeover waits for ${live.standby.waiting_for.replace('_', ' ')})` : ''}`,
      );
  } else
    lines.push(
      `The hub is now ${report.peer_url ?? '?'}: this till refuses every write; served again (pos serve does it by itself), it rejoins as that hub's standby.`,
    );
  return lines.join('\n');
}
