import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { TillError } from '../../src-shared/errors/index.ts';
import type { StandbyCodeView, StandbyStatusView } from '../../src-shared/stations/index.ts';
import type { Clock } from '../clock/index.ts';
import type { DurabilityBarrier, TillDatabase } from '../db/index.ts';
import { settingOrDefault } from '../settings/index.ts';
import { shouldTakeOver } from './failover-rule.ts';
import type { PairHandover } from './handover.ts';
import { HubReplication, type ReplicationStatus } from './hub-replication.ts';
import { fetchJson, sendJson } from './peer-http.ts';
import { readPeer, whereAnswerSchema, type SetAsideSummary } from './peer-messages.ts';
import { promoteToHub } from './promote.ts';
import type { RejoinKeyStore } from './rejoin-key.ts';
import { StandbyFollower } from './standby-follower.ts';
import { readStandbyState, writeStandbyState, type StandbyRole } from './standby-state.ts';
import { installFence, liftFence } from './write-fence.ts';

const TICK_MS = 250;
/** Calls a screen may make of a standby or an old hub: they write nothing (the fence would refuse them anyway). */
const READ_ONLY_CALLS = new Set(['staffState', 'syncStatus', 'stations', 'standbyStatus']);
const LIVE_EVERY_MS = 1_000;
const PEER_CHECK_MS = 1_000;

export interface PairNodeOptions {
  /** The till's connection: fenced while this machine is not the hub. */
  db: TillDatabase;
  /** Opens a second connection on the same file, for applying the hub's changes (standby only). */
  openApplier: () => TillDatabase;
  clock: Clock;
  /** Beside the database: where the hub writes a snapshot while it sends it. */
  snapshotFile: string;
  /** Starts the till's outbox, print queue and ZATCA reporter (as the hub); stops them (a fenced old hub). */
  startTill: () => void;
  stopTill: () => Promise<void>;
  /** The branch's stations in use, from the replicated registry. */
  stationsInUse: () => number;
  /** The pair's rejoin key in this machine's secrets file (rejoin-key.ts). */
  rejoinKey: RejoinKeyStore;
  /** This running hub found a newer one at its peer and holds the pair's rejoin key: the root serves the file again, and it rejoins (rejoin.ts). */
  onSteppedDown?: () => void;
  log: (line: string) => void;
  /** Secrets the hub hands its standby, and what the standby says of itself (handover.ts); none: nothing is handed over. */
  handover?: PairHandover;
  /** Said when this machine takes over (e.g. that it is not a ZATCA unit of its own yet), or null. */
  takeOverWarning?: () => string | null;
  /** The ZATCA documents this machine's set-aside files still have to report (the root's); a standby tells its hub. */
  setAside?: () => SetAsideSummary | null;
  /** The till connection's commits on disk (group commit, db/wal-durability.ts): the hub's barrier waits for it too. None: synced at commit. */
  durability?: DurabilityBarrier;
}

/** A socket of a screen, as the web host reports it (the host's StationPresence shape, kept structural here). */
export interface ScreenPresence {
  connect(station: string, socket: { ping(): void; drop(): void }): { seen(): void; closed(): void } | null;
  serverClosing(): void;
}

/** What `pos standby status`, `pos doctor` and the manager's status read (also written to the file each second as `live`). */
export interface PairStatus {
  role: StandbyRole;
  epoch: number;
  this_url: string | null;
  peer_url: string | null;
  /** As the hub: its standby, and the lag in changes and milliseconds; answering alone when no standby is connected. */
  hub: (ReplicationStatus & { answering_alone: boolean }) | null;
  /** As the standby: what it has applied, how long the hub has been silent, and what a takeover still waits for. */
  standby: {
    applied: number;
    hub_head: number;
    hub_silent_ms: number;
    failover_ms: number;
    waiting_for: string | null;
    stations_here: number;
    stations_in_use: number;
  } | null;
  at: number;
}

/**
 * One machine of the pair (docs/standby.md): the hub (streams every commit
 * to its standby, answers a call once the standby has it), the standby
 * (applies the stream, refuses every write, takes over by the failover rule
 * or a manager's `pos standby promote`), or an old hub that found a newer
 * epoch at its peer (refuses every write, says where the hub is now).
 */
export class PairNode {
  private role: StandbyRole;
  private hub: HubReplication | null = null;
  private follower: StandbyFollower | null = null;
  private applier: TillDatabase | null = null;
  private ownUrl: string | null = null;
  private lastHeard: number;
  private lastLive = 0;
  private lastPeerCheck = 0;
  private peerCheckRunning = false;
  private cancelTick: (() => void) | null = null;
  private readonly screens = new Map<string, number>();
  private lastDecision: ReturnType<typeof shouldTakeOver> = { takeOver: false, waitingFor: null };

  constructor(private readonly options: PairNodeOptions) {
    this.role = readStandbyState(options.db).role;
    this.lastHeard = options.clock.now();
  }

  get currentRole(): StandbyRole {
    return this.role;
  }

  /** Takes up this machine's role as the file says; the till starts only as the hub. */
  start(): void {
    if (this.role === 'hub') this.becomeHub();
    else if (this.role === 'standby') this.becomeStandby();
    else this.becomeFenced();
    const tick = () => {
      this.cancelTick = this.options.clock.after(TICK_MS, tick);
      this.tick();
    };
    this.cancelTick = this.options.clock.after(TICK_MS, tick);
  }

  listening(url: string): void {
    this.ownUrl = url;
  }

  async stop(): Promise<void> {
    this.cancelTick?.();
    this.follower?.stop();
    this.hub?.stop();
    this.applier?.close();
  }

  /** The barrier a screen's answer waits for (the hub's part: on this disk, and acknowledged by a connected standby); immediate on any other role. */
  committed(): Promise<void> {
    return this.role === 'hub' && this.hub ? this.hub.committed() : Promise.resolve();
  }

  /** What the host's events wait for: the standby has every change committed before them (the hub's part); nothing on any other role. */
  eventBarrier(): Promise<void> | null {
    return this.role === 'hub' && this.hub ? this.hub.eventBarrier() : null;
  }

  /** Why this machine refuses writes (for the screen, both languages), or null as the hub. */
  refusal(): TillError | null {
    const hub = readStandbyState(this.options.db).peer_url ?? '?';
    if (this.role === 'standby')
      return new TillError('not_allowed', `this till is the standby of ${hub}: sell through the hub`, { code: 'standby.notHub', params: { hub } });
    if (this.role === 'fenced')
      return new TillError('not_allowed', `the branch's hub is now ${hub}: this till refuses every write`, { code: 'standby.moved', params: { hub } });
    return null;
  }

  /**
   * Refuses a screen's call before anything runs (its authorization and
   * audit write too) while this machine is not the hub; the few calls that
   * only read what a screen needs to show the refusal still answer.
   */
  refuseCall(method: string): TillError | null {
    return this.role === 'hub' || READ_ONLY_CALLS.has(method) ? null : this.refusal();
  }

  /** Wraps the web host's screen presence: counts the stations whose screens are connected here (the failover rule's majority). */
  presence(inner: ScreenPresence | undefined): ScreenPresence {
    return {
      connect: (station, socket) => {
        this.screens.set(station, (this.screens.get(station) ?? 0) + 1);
        const followed = inner?.connect(station, socket) ?? null;
        let open = true;
        return {
          seen: () => followed?.seen(),
          closed: () => {
            if (open) {
              open = false;
              const left = (this.screens.get(station) ?? 1) - 1;
              if (left > 0) this.screens.set(station, left);
              else this.screens.delete(station);
            }
            followed?.closed();
          },
        };
      },
      serverClosing: () => inner?.serverClosing(),
    };
  }

  /** Requests under /standby/ (before any session: the peer authenticates itself, or the route is public). */
  async handle(request: IncomingMessage, response: ServerResponse, authenticated: () => void = () => {}): Promise<boolean> {
    const path = new URL(request.url ?? '/', 'http://till').pathname;
    if (path === '/standby/where' && request.method === 'GET') {
      // Public, read by any screen (a station learns where the standby is, and follows only the highest epoch: docs/standby.md).
      const state = readStandbyState(this.options.db);
      const standby = this.role === 'hub' ? (this.hub?.status().standby_url ?? state.peer_url) : this.role === 'standby' ? this.ownUrl : null;
      return sendJson(response, 200, { role: this.role, epoch: state.epoch, hub: this.role === 'hub' ? this.ownUrl : state.peer_url, standby });
    }
    if (this.role === 'hub' && this.hub) return this.hub.handle(request, response, path, authenticated);
    if (path.startsWith('/standby/')) return sendJson(response, 409, { error: `this till is not the hub (it is ${this.role})` });
    return false;
  }

  /** `/standby/stream` (true: handled). */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, authenticated: () => void): boolean {
    if (new URL(request.url ?? '/', 'http://till').pathname !== '/standby/stream') return false;
    if (this.role !== 'hub' || !this.hub) socket.end('HTTP/1.1 409 Conflict\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    else this.hub.upgrade(request, socket, head, authenticated);
    return true;
  }

  /** The Stations tab's view (the till API's standbyStatus, a manager's: the host asks it through its StandbyPort). */
  panelStatus(): StandbyStatusView {
    const status = this.status();
    const hub = status.hub;
    const connected = hub?.standby_connected === true;
    return {
      role: status.role,
      epoch: status.epoch,
      hub: status.role === 'hub' ? status.this_url : status.peer_url,
      standby: status.role === 'hub' ? (hub?.standby_url ?? null) : status.role === 'standby' ? status.this_url : null,
      connected,
      lag_changes: connected ? hub.lag_changes : null,
      lag_ms: connected ? hub.lag_ms : null,
      standby_zatca_waiting: connected ? (hub.standby_set_aside?.waiting ?? null) : null,
      standby_orders_waiting: connected ? (hub.standby_set_aside?.orders_waiting ?? null) : null,
    };
  }

  /** A standby code (the till API's standbyCode, a manager's): a standby receives the whole database. Only the hub makes one. */
  makeCode(): StandbyCodeView {
    if (this.role !== 'hub' || !this.hub) throw new TillError('not_allowed', 'only the hub makes a standby code', { code: 'standby.codeNotHub' });
    const { code, expiresAt } = this.hub.codes.issue();
    return { code, expires_at: expiresAt, hub: this.ownUrl };
  }

  status(): PairStatus {
    const state = readStandbyState(this.options.db);
    const now = this.options.clock.now();
    const hub = this.role === 'hub' && this.hub ? this.hub.status() : null;
    return {
      role: this.role,
      epoch: state.epoch,
      this_url: this.ownUrl,
      peer_url: state.peer_url,
      hub: hub ? { ...hub, answering_alone: !hub.standby_connected } : null,
      standby:
        this.role === 'standby'
          ? {
              applied: this.follower?.appliedSeq ?? state.applied_seq,
              hub_head: this.follower?.hubHeadSeq ?? state.applied_seq,
              hub_silent_ms: now - this.lastHeard,
              failover_ms: this.failoverMs(),
              waiting_for: this.lastDecision.waitingFor,
              stations_here: this.screens.size,
              stations_in_use: this.options.stationsInUse(),
            }
          : null,
      at: now,
    };
  }

  /** A manager's decision (`pos standby promote` on this machine's file) or the failover rule: this standby becomes the hub. */
  takeOver(): void {
    if (this.role !== 'standby') return;
    const db = this.applier ?? this.options.db;
    if (readStandbyState(db).role === 'standby') promoteToHub(db);
    const { epoch } = readStandbyState(db);
    this.options.log(`Standby: taking over as the branch's hub (epoch ${epoch}).`);
    const warning = this.options.takeOverWarning?.();
    if (warning) this.options.log(warning);
    this.follower?.stop();
    this.follower = null;
    this.becomeHub();
  }

  private paired(): boolean {
    const state = readStandbyState(this.options.db);
    return state.peer_url !== null || state.stream_token !== null;
  }

  private failoverMs(): number {
    return settingOrDefault(this.options.db, 'hub.failover_seconds') * 1000;
  }

  private becomeHub(): void {
    this.role = 'hub';
    liftFence(this.options.db);
    this.hub ??= new HubReplication({
      db: this.options.db,
      clock: this.options.clock,
      snapshotFile: this.options.snapshotFile,
      ...(this.options.handover ? { handover: this.options.handover } : {}),
      ackTimeoutMs: () => settingOrDefault(this.options.db, 'hub.standby_ack_seconds') * 1000,
      rejoinKey: this.options.rejoinKey,
      ...(this.options.durability ? { durability: this.options.durability } : {}),
      onRefused: (reason) => this.options.log(`Hub: the standby sent a message this hub refuses (${reason}); it is ignored.`),
    });
    this.hub.start();
    this.options.startTill();
  }

  private becomeStandby(): void {
    this.role = 'standby';
    installFence(this.options.db);
    const state = readStandbyState(this.options.db);
    if (!state.peer_url || !state.stream_token)
      throw new Error('this database is a standby without a hub to follow: pair it again with --standby-of and --code');
    this.applier = this.options.openApplier();
    this.follower = new StandbyFollower({
      db: this.applier,
      clock: this.options.clock,
      hubUrl: state.peer_url,
      token: state.stream_token,
      ownUrl: () => this.ownUrl,
      onHeard: () => (this.lastHeard = this.options.clock.now()),
      onResnapshot: () =>
        this.options.log('Standby: the hub cannot continue this copy from its journal; start again with a new code (--code) for a fresh snapshot.'),
      onApplyFailed: (error) =>
        this.options.log(`Standby: a change from the hub could not be applied (${error.message}); are both on the same version of Till?`),
      onRefused: (reason) => this.options.log(`Standby: the hub sent a message this standby refuses (${reason}); it reconnects and is sent it again.`),
      ...(this.options.handover
        ? { onHandover: this.options.handover.received.bind(this.options.handover), ownRecord: this.options.handover.ownRecord.bind(this.options.handover) }
        : {}),
      ...(this.options.setAside ? { setAside: this.options.setAside } : {}),
    });
    this.follower.start();
  }

  private becomeFenced(): void {
    const was = this.role;
    this.role = 'fenced';
    installFence(this.options.db);
    this.hub?.stop();
    this.hub = null;
    const peer = readStandbyState(this.options.db).peer_url;
    this.options.log(
      `This till is no longer the hub: ${peer ?? 'its standby'} took over with a newer epoch. It refuses every write, and rejoins as that hub's standby once it is served again.`,
    );
    if (was === 'hub') {
      void this.options.stopTill();
      if (this.options.rejoinKey.get() !== null) this.options.onSteppedDown?.();
    }
  }

  private tick(): void {
    const now = this.options.clock.now();
    if (this.role === 'standby') {
      // `pos standby promote` in another process wrote the file: take over now.
      if (this.applier && readStandbyState(this.applier).role === 'hub') this.takeOver();
      else {
        this.lastDecision = shouldTakeOver({
          silentMs: now - this.lastHeard,
          failoverMs: this.failoverMs(),
          stationsHere: this.screens.size,
          stationsInUse: this.options.stationsInUse(),
        });
        if (this.lastDecision.takeOver) this.takeOver();
      }
    } else if (this.role === 'hub' && now - this.lastPeerCheck >= PEER_CHECK_MS && !this.hub?.status().standby_connected) {
      this.lastPeerCheck = now;
      void this.checkPeer();
    }
    // Written only once there is a pair: a till that never had a standby gets no table and no write a second.
    if (now - this.lastLive >= LIVE_EVERY_MS && (this.role !== 'hub' || this.paired())) {
      this.lastLive = now;
      writeStandbyState(this.options.db, { live: JSON.stringify(this.status()) });
    }
  }

  /** A hub with no standby asks its last peer: one with a higher epoch took over, so this one steps down. */
  private async checkPeer(): Promise<void> {
    const state = readStandbyState(this.options.db);
    if (!state.peer_url || this.peerCheckRunning) return;
    this.peerCheckRunning = true;
    try {
      const answer = readPeer(whereAnswerSchema, (await fetchJson(`${state.peer_url}/standby/where`, 1_000))?.body);
      const body = answer.ok ? answer.value : null;
      if (this.role === 'hub' && body?.role === 'hub' && body.epoch > state.epoch) {
        writeStandbyState(this.options.db, { role: 'fenced', epoch: body.epoch });
        this.becomeFenced();
      }
    } finally {
      this.peerCheckRunning = false;
    }
  }
}
