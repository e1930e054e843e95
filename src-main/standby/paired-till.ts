import { existsSync } from 'node:fs';
import type { TillApi } from '../../src-shared/api/index.ts';
import type { StandbyCodeView, StandbyStatusView } from '../../src-shared/stations/index.ts';
import type { Clock } from '../clock/index.ts';
import { commitInGroups, openDatabase as openTillDatabase, type SyncFile, type TillDatabase } from '../db/index.ts';
import { listStations } from '../stations/index.ts';
import type { PairHandover } from './handover.ts';
import { PairNode } from './pair-node.ts';
import type { SetAsideSummary } from './peer-messages.ts';
import { rejoinNewHub, type BeforeReplace } from './rejoin.ts';
import { REJOIN_KEY_SECRET, rejoinKeyIn, type PairSecrets } from './rejoin-key.ts';
import { replicatedApi } from './replicated-api.ts';
import { prepareStandbyCopy } from './standby-copy.ts';

// The standby pair's wiring (issue 36), one function for both roots that run
// a till: `pos serve` and the desktop app's main process. Kept structural
// (the till and its events as the few members the pair uses): the standby
// stands below the host, the roots hand it what it needs.

/** What the pair asks of the till a root composed (the host's TillHost). */
export interface PairedTill extends TillApi {
  start(): void;
  stop(): Promise<void>;
  branchStations: { offerStandby(standby: { panelStatus(): StandbyStatusView; makeCode(): StandbyCodeView } | null): void };
}

export interface PairedTillOptions<T extends PairedTill> {
  /** The till's database file (the standby's copy sits beside it as FILE.standby-snapshot while it is sent). */
  dbFile: string;
  /** The till's connection, opened by the root (the desktop app opens it with its own migrations and SQLite build). */
  db: TillDatabase;
  /** Opens another connection on `dbFile` (the standby's applier). */
  openDatabase: (file: string) => TillDatabase;
  clock: Clock;
  /** Builds the till: `waitFor` is what its uploads, ZATCA reports and print jobs wait for (the standby holds the change). */
  makeTill: (waitFor: () => Promise<void>) => T;
  /** The host's events: each goes out once the standby has the change it tells of. */
  events: { holdUntil(barrier: () => Promise<void> | null, clock: Clock): void };
  /** This machine's secret store (the root's): the pair's rejoin key is kept there (rejoin-key.ts). */
  secrets: PairSecrets;
  handover?: PairHandover;
  takeOverWarning?: () => string | null;
  /** The ZATCA documents this machine's set-aside files still have to report (SetAsideFiles.told): a standby tells its hub. */
  setAside?: () => SetAsideSummary | null;
  /** This running hub stepped down (a newer one at its peer): the root serves the file again, where it rejoins (rejoin.ts). */
  onSteppedDown: () => void;
  log: (line: string) => void;
  /** How the `-wal` is synced (tests hold it to see what waits for the disk); fdatasync on the threadpool by default. */
  syncWal?: SyncFile;
}

/** The till and its pair as the roots serve them: `api` answers a call once the standby has what it committed. */
export interface PairedTillParts<T extends PairedTill> {
  till: T;
  pair: PairNode;
  api: TillApi;
}

/**
 * Composes a till with its pair node: the hub (commits in groups, each
 * synced to this disk once for all the calls that wait on it, and streams
 * every commit to its standby; answers, events, uploads, ZATCA and printing
 * wait for both), the
 * standby (follows the hub, takes over by the failover rule) or an old hub
 * (fenced), as the file says; the till's outbox, printing and ZATCA start
 * only on the hub. The Stations tab's panel and "Standby code" go through
 * the till API to this pair.
 */
export function pairTill<T extends PairedTill>(options: PairedTillOptions<T>): PairedTillParts<T> {
  // Group commit (issue 37): the till's connection commits at synchronous = NORMAL, and everything the pair's barrier
  // holds (answers, events, uploads, ZATCA, printing, the standby's stream) waits for one shared sync of the WAL too.
  // TILL_GROUP_COMMIT=off: every commit synced by SQLite at FULL, as before (the bench's comparison, docs/performance.md).
  const durability = process.env.TILL_GROUP_COMMIT === 'off' ? undefined : commitInGroups(options.db, options.syncWal);
  // The till is built before the pair that its waits name: the pair exists before anything runs.
  let pair: PairNode | null = null;
  const till = options.makeTill(() => pair?.committed() ?? Promise.resolve());
  pair = new PairNode({
    db: options.db,
    openApplier: () => options.openDatabase(options.dbFile),
    clock: options.clock,
    snapshotFile: `${options.dbFile}.standby-snapshot`,
    startTill: () => till.start(),
    stopTill: () => till.stop(),
    stationsInUse: () => listStations(options.db).length,
    rejoinKey: rejoinKeyIn(options.secrets),
    onSteppedDown: options.onSteppedDown,
    log: options.log,
    ...(durability ? { durability } : {}),
    ...(options.handover ? { handover: options.handover } : {}),
    ...(options.takeOverWarning ? { takeOverWarning: options.takeOverWarning } : {}),
    ...(options.setAside ? { setAside: options.setAside } : {}),
  });
  const node = pair;
  node.start();
  till.branchStations.offerStandby(node);
  options.events.holdUntil(() => node.eventBarrier(), options.clock);
  return { till, pair: node, api: replicatedApi(till, node) };
}

/**
 * Before a root opens its database file: as a standby (`standbyOf`), pairs
 * with that hub (with a code: a fresh snapshot, and the pair's rejoin key
 * kept in the file's secrets) or checks the file is its standby already; as
 * a hub, an old hub whose standby took over rejoins as the new hub's standby
 * first, with the key from the file's secrets (docs/standby.md).
 * `secretsOf`: the root's secret store on a connection to the file.
 */
export async function preparePairFile(options: {
  dbFile: string;
  standbyOf: string | null;
  code: string | undefined;
  secretsOf: (db: TillDatabase) => PairSecrets;
  log: (line: string) => void;
  /** An old hub that rejoins: what it does with its set-aside file before the new hub's snapshot replaces its own (reports its ZATCA documents). */
  beforeReplace?: BeforeReplace;
}): Promise<void> {
  const withSecrets = <T>(act: (secrets: PairSecrets) => T): T => {
    const db = openTillDatabase(options.dbFile);
    try {
      return act(options.secretsOf(db));
    } finally {
      db.close();
    }
  };
  if (options.standbyOf) {
    const { rejoinKey } = await prepareStandbyCopy(options.dbFile, options.standbyOf, options.code);
    if (rejoinKey) withSecrets((secrets) => secrets.set(REJOIN_KEY_SECRET, rejoinKey));
  } else if (existsSync(options.dbFile)) {
    await rejoinNewHub(options.dbFile, () => withSecrets((secrets) => secrets.get(REJOIN_KEY_SECRET)), options.log, options.beforeReplace);
  }
}

/** The default opener: SQLite as Node loads it (`pos serve`). */
export const openPairedFile = (file: string): TillDatabase => openTillDatabase(file);
