import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Clock } from '../clock/index.ts';
import { afterTransaction, type DurabilityBarrier, type TillDatabase } from '../db/index.ts';
import { answeredAloneRanges, beginAnsweringAlone, endAnsweringAlone, forgetAnsweredAloneThrough } from './answered-alone.ts';
import { installJournal } from './journal-triggers.ts';
import { journalOldest, journalSince, pruneJournal } from './journal.ts';
import { newRejoinKey, provesRejoin, RejoinChallenges, type RejoinKeyStore } from './rejoin-key.ts';
import { sameHex, sha256, StandbyCodes } from './standby-codes.ts';
import { journalHead, readStandbyState, writeStandbyState } from './standby-state.ts';
import { readJson, sendJson } from './peer-http.ts';
import type { PairHandover } from './handover.ts';
import {
  type SetAsideSummary,
  pairRequestSchema,
  readPeer,
  readStreamMessage,
  rejoinRequestSchema,
  STANDBY_MESSAGE_TYPES,
  standbyMessageSchema,
} from './peer-messages.ts';

/** How often the hub sends what is new (changes written by other processes or background work) and a heartbeat. */
export const BEAT_MS = 250;

export interface HubReplicationOptions {
  db: TillDatabase;
  clock: Clock;
  /** Where a snapshot is written while it is sent (beside the database: same disk, same permissions). */
  snapshotFile: string;
  /** Secrets handed to the standby, and what it says of itself (handover.ts). */
  handover?: PairHandover;
  /** A standby silent this long, or this late with an acknowledgement, is dropped: the hub answers alone until it is back (hub.standby_ack_seconds). */
  ackTimeoutMs: () => number;
  /** The pair's rejoin key in this machine's secrets file (rejoin-key.ts): made when a standby pairs with a code, asked of an old hub that rejoins. */
  rejoinKey: RejoinKeyStore;
  /** The standby sent a message of a known type that is malformed (peer-messages.ts): refused, with this reason. */
  onRefused?: (reason: string) => void;
  /**
   * This disk's part (issue 37, group commit): the hub's connection commits
   * at synchronous = NORMAL and this says when its commits are on disk
   * (db/wal-durability.ts). None: every commit is synced by SQLite itself.
   */
  durability?: DurabilityBarrier;
}

/** A connection at synchronous = FULL: each commit is on disk when it returns. */
const SYNCED_AT_COMMIT: DurabilityBarrier = { durable: () => Promise.resolve(), pending: () => false };

/** What the hub knows of its standby (the manager's status, `pos standby status`, `pos doctor`). */
export interface ReplicationStatus {
  standby_connected: boolean;
  standby_url: string | null;
  /** The newest change committed here, and the newest the standby has acknowledged. */
  head: number;
  acknowledged: number;
  /** Changes committed and not yet acknowledged, and how long the oldest of them has waited. */
  lag_changes: number;
  lag_ms: number;
  /** The ZATCA documents the connected standby signed as an old hub and still reports from its set-aside file (null: it said nothing). */
  standby_set_aside: SetAsideSummary | null;
}

/** The standby's own address as it says it (screens are sent there, the hub asks it for a newer epoch): an http(s) origin, or null. */
function peerOrigin(text: unknown): string | null {
  if (typeof text !== 'string' || text.length > 200) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

interface Waiter {
  target: number;
  since: number;
  done: () => void;
}

/**
 * The hub's end of the stream (docs/standby.md, "The protocol"): pairing a
 * standby with a manager's code, the snapshot it starts from, and a
 * WebSocket carrying every committed change in order, each batch
 * acknowledged. `committed()` is the synchronous part: a screen's call is
 * answered once every change committed before the answer is on this disk
 * and the standby has acknowledged it, or on this disk alone while no
 * standby is connected (the hub answers alone, and says so in its status).
 * Only changes on this disk are sent: a standby never holds what a power cut
 * here could take back (its sequence numbers would then name other changes).
 */
export class HubReplication {
  readonly codes: StandbyCodes;
  private readonly challenges: RejoinChallenges;
  private readonly sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private standby: {
    socket: WebSocket;
    url: string | null;
    lastHeard: number;
    handedOver: string | null;
    setAside: SetAsideSummary | null;
  } | null = null;
  private sent = 0;
  private acknowledged = 0;
  /** The journal's head as of the last commits known to be on this disk: nothing after it is sent. */
  private durableHead = 0;
  private readonly durability: DurabilityBarrier;
  private lastPrune = 0;
  private unackedSince: number | null = null;
  /** The end of the earliest closed range of changes answered alone (answered-alone.ts): forgotten once acknowledged past. */
  private aloneClosedAt: number | null = null;
  private waiters: Waiter[] = [];
  private cancelBeat: (() => void) | null = null;
  /** The journal's triggers are in place (a standby has paired, now or before this start): known here, not asked of SQLite per call. */
  private journaling = false;

  constructor(private readonly options: HubReplicationOptions) {
    this.durability = options.durability ?? SYNCED_AT_COMMIT;
    this.codes = new StandbyCodes(() => options.clock.now());
    this.challenges = new RejoinChallenges(() => options.clock.now());
    // A hub that has a standby keeps journaling across restarts, its triggers made anew from this build's schema.
    if (readStandbyState(options.db).stream_token !== null) {
      this.startJournal();
      // It starts with no standby connected: what it commits from now on is answered alone until one connects.
      beginAnsweringAlone(options.db, journalHead(options.db));
      this.aloneClosedAt = closedRangeEnd(options.db);
    }
  }

  start(): void {
    if (this.cancelBeat) return;
    const beat = () => {
      this.cancelBeat = this.options.clock.after(BEAT_MS, beat);
      this.tick();
    };
    this.cancelBeat = this.options.clock.after(BEAT_MS, beat);
  }

  stop(): void {
    this.cancelBeat?.();
    this.cancelBeat = null;
    this.standby?.socket.terminate();
    this.dropStandby();
    this.sockets.close();
  }

  /**
   * Resolves once every change committed so far is on this disk and the
   * standby has it (this disk alone when no standby is connected); rejects
   * (a TillError) when the disk would not confirm the commit.
   */
  async committed(): Promise<void> {
    const { db } = this.options;
    // Inside a transaction the head would count rows not committed yet (perhaps never).
    if (db.inTransaction) await afterTransaction(db);
    const target = this.journaling ? journalHead(db) : 0;
    await this.durability.durable();
    if (target > this.durableHead) this.durableHead = target;
    if (!this.standby || !this.journaling || this.acknowledged >= target) return;
    this.ship();
    return new Promise((done) => this.waiters.push({ target, since: this.options.clock.now(), done }));
  }

  /**
   * What the host's events wait for (EventHub.holdUntil): null when the
   * standby has everything committed (or none is connected), else the same
   * barrier as an answer's (this disk's sync included: null only when
   * nothing committed here waits for it). Inside a transaction the head would
   * count rows not committed yet (perhaps never): it is read once the
   * transaction is over.
   */
  eventBarrier(): Promise<void> | null {
    if (this.durability.pending()) return this.committed();
    if (!this.standby || !this.journaling) return null;
    const { db } = this.options;
    if (db.inTransaction) return this.committed();
    return this.acknowledged >= journalHead(db) ? null : this.committed();
  }

  status(): ReplicationStatus {
    const head = this.journaling ? journalHead(this.options.db) : this.acknowledged;
    const lag = Math.max(0, head - this.acknowledged);
    return {
      standby_connected: this.standby !== null,
      standby_url: this.standby?.url ?? readStandbyState(this.options.db).peer_url,
      head,
      acknowledged: this.acknowledged,
      lag_changes: this.standby ? lag : head - this.acknowledged,
      lag_ms: this.unackedSince === null ? 0 : this.options.clock.now() - this.unackedSince,
      standby_set_aside: this.standby?.setAside ?? null,
    };
  }

  /** `POST /standby/pair` and `GET /standby/snapshot` (the standby authenticates itself; the host asks no session). */
  async handle(request: IncomingMessage, response: ServerResponse, path: string, authenticated: () => void): Promise<boolean> {
    if (path === '/standby/pair' && request.method === 'POST') {
      const asked = readPeer(pairRequestSchema, await readJson(request));
      const token = this.codes.redeem(asked.ok ? asked.value.code : '');
      if (!token) return sendJson(response, 401, { error: 'that standby code is wrong, used or expired: ask a manager for a new one' });
      const { db } = this.options;
      writeStandbyState(db, { stream_token: sha256(token) });
      this.startJournal();
      // A new pair, a new rejoin key: a machine paired before this code can no longer rejoin without one.
      const rejoinKey = newRejoinKey();
      this.options.rejoinKey.set(rejoinKey);
      // The token's hash on this disk before the standby holds the token.
      await this.durability.durable();
      return sendJson(response, 200, { token, epoch: readStandbyState(db).epoch, rejoin_key: rejoinKey });
    }
    if (path === '/standby/rejoin' && request.method === 'GET') return sendJson(response, 200, { nonce: this.challenges.issue() });
    if (path === '/standby/rejoin' && request.method === 'POST') {
      // The old hub of this pair comes back as the standby: it proves it holds the pair's rejoin key (no manager's code).
      const asked = readPeer(rejoinRequestSchema, await readJson(request));
      const key = this.options.rejoinKey.get();
      if (!key || !asked.ok || !this.challenges.spend(asked.value.nonce) || !provesRejoin(key, asked.value.nonce, asked.value.proof))
        return sendJson(response, 401, { error: 'not the other machine of this pair: pair it with a standby code from a manager' });
      const token = randomBytes(32).toString('hex');
      const { db } = this.options;
      writeStandbyState(db, { stream_token: sha256(token) });
      this.startJournal();
      await this.durability.durable();
      const state = readStandbyState(db);
      // took_over_at: the old hub's last change this hub had when it took over; what the old hub committed after it is not here.
      return sendJson(response, 200, { token, epoch: state.epoch, took_over_at: state.applied_seq });
    }
    if (path === '/standby/snapshot' && request.method === 'GET') {
      if (!this.authorized(request)) return sendJson(response, 401, { error: 'not this hub’s standby' });
      authenticated();
      const file = this.options.snapshotFile;
      await rm(file, { force: true });
      // The journal is part of the copy: the standby reads the sequence the copy stands at from it.
      await this.options.db.backup(file);
      // The copy has every commit made on this connection until it was done: those are on this disk before it leaves.
      await this.durability.durable();
      response.writeHead(200, { 'Content-Type': 'application/vnd.sqlite3', 'Cache-Control': 'no-store' });
      await new Promise<void>((done) => {
        const stream = createReadStream(file);
        stream.once('close', () => done());
        stream.pipe(response);
      });
      await rm(file, { force: true });
      return true;
    }
    return false;
  }

  /** `/standby/stream`: the standby's WebSocket, with its token; one standby at a time (a new one replaces the old). */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, authenticated: () => void): void {
    if (!this.authorized(request)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    authenticated();
    const from = Number(new URL(request.url ?? '/', 'http://till').searchParams.get('from') ?? 'NaN');
    this.sockets.handleUpgrade(request, socket, head, (ws) => this.attach(ws, from));
  }

  private startJournal(): void {
    installJournal(this.options.db);
    this.journaling = true;
  }

  private authorized(request: IncomingMessage): boolean {
    const stored = readStandbyState(this.options.db).stream_token;
    const presented = /^Bearer ([0-9a-f]{64})$/.exec(request.headers.authorization ?? '')?.[1];
    return stored !== null && presented !== undefined && sameHex(sha256(presented), stored);
  }

  private attach(socket: WebSocket, from: number): void {
    const { db } = this.options;
    socket.on('error', () => socket.terminate());
    const head = journalHead(db);
    const oldest = journalOldest(db);
    // Behind what the journal still holds (or ahead of it: another hub's copy): only a new snapshot makes it whole.
    if (!Number.isInteger(from) || from < 0 || from > head || (from < head && (oldest === null || oldest > from + 1))) {
      socket.send(JSON.stringify({ type: 'resnapshot' }));
      socket.close();
      return;
    }
    if (this.standby) this.standby.socket.terminate();
    this.dropStandby();
    this.standby = { socket, url: null, lastHeard: this.options.clock.now(), handedOver: null, setAside: null };
    this.sent = from;
    this.acknowledged = from;
    // What is committed from now on waits for this standby: the range answered alone (if any) ends here.
    endAnsweringAlone(db, head);
    this.aloneClosedAt = closedRangeEnd(db);
    socket.on('message', (data) => this.heard(socket, String(data)));
    socket.once('close', () => {
      if (this.standby?.socket === socket) this.dropStandby();
    });
    this.shipDurable();
    this.handOver();
  }

  private heard(socket: WebSocket, text: string): void {
    if (this.standby?.socket !== socket) return;
    this.standby.lastHeard = this.options.clock.now();
    const read = readStreamMessage(standbyMessageSchema, STANDBY_MESSAGE_TYPES, text);
    if (read === null) return;
    if (!read.ok) {
      // Refused, never acted on: an acknowledgement that does not read as one releases no answer.
      this.options.onRefused?.(read.reason);
      return;
    }
    const message = read.value;
    const url = message.type === 'hello' ? peerOrigin(message.url) : null;
    if (url) {
      this.standby.url = url;
      writeStandbyState(this.options.db, { peer_url: url });
    }
    if (message.type === 'unit') this.options.handover?.peerRecord(message.record);
    if (message.type === 'set_aside')
      this.standby.setAside = { waiting: message.waiting, oldest_issued_at: message.oldest_issued_at, orders_waiting: message.orders_waiting ?? null };
    if (message.type === 'ack' && message.seq <= this.sent) {
      if (message.seq > this.acknowledged) this.acknowledged = message.seq;
      if (this.acknowledged >= this.sent) this.unackedSince = null;
      if (this.aloneClosedAt !== null && this.acknowledged >= this.aloneClosedAt) {
        forgetAnsweredAloneThrough(this.options.db, this.acknowledged);
        this.aloneClosedAt = closedRangeEnd(this.options.db);
      }
      this.release();
    }
  }

  /** Sends what was committed (and is on this disk) since the last batch; one read, so the batch is whole transactions. */
  private ship(): void {
    const standby = this.standby;
    if (!standby || standby.socket.readyState !== standby.socket.OPEN || this.durableHead <= this.sent) return;
    const { changes, upTo } = journalSince(this.options.db, this.sent, this.durableHead);
    if (upTo <= this.sent) return;
    this.sent = upTo;
    this.unackedSince ??= this.options.clock.now();
    standby.socket.send(JSON.stringify({ type: 'changes', changes, up_to: upTo }));
  }

  private tick(): void {
    const now = this.options.clock.now();
    const standby = this.standby;
    if (standby) {
      const timeout = this.options.ackTimeoutMs();
      const late = this.waiters.length > 0 && now - this.waiters[0]!.since > timeout;
      if (late || now - standby.lastHeard > timeout) {
        standby.socket.terminate();
        this.dropStandby();
      } else {
        this.shipDurable();
        this.handOver();
        standby.socket.send(JSON.stringify({ type: 'beat', epoch: readStandbyState(this.options.db).epoch, head: this.sent }));
      }
    }
    if (this.acknowledged > 0 && now - this.lastPrune > 1_000) {
      this.lastPrune = now;
      pruneJournal(this.options.db, this.acknowledged);
    }
  }

  /** The beat's send: changes of other processes and of background work, once this disk has them (a sync if they need one). */
  private shipDurable(): void {
    const { db } = this.options;
    if (!this.journaling || db.inTransaction) return this.ship();
    const head = journalHead(db);
    if (head <= this.durableHead) return this.ship();
    this.durability.durable().then(
      () => {
        if (head > this.durableHead) this.durableHead = head;
        this.ship();
      },
      // The disk did not confirm: nothing new goes out; the next beat tries again.
      () => {},
    );
  }

  /** Sends the handover's secrets when they differ from what this standby last got (a new sign-in, a renewed CSID). */
  private handOver(): void {
    const standby = this.standby;
    if (!standby || !this.options.handover || standby.socket.readyState !== standby.socket.OPEN) return;
    const text = JSON.stringify({ type: 'handover', secrets: this.options.handover.outgoing() });
    // Compared by hash: the secrets are not kept in memory longer than the send.
    const digest = sha256(text);
    if (digest === standby.handedOver) return;
    standby.handedOver = digest;
    standby.socket.send(text);
  }

  /** The standby is gone: every waiting answer goes out now (the hub answers alone). */
  private dropStandby(): void {
    // Every waiting answer goes out without the standby: what it has not acknowledged is answered alone (rejoin.ts tells those orders apart).
    if (this.standby && this.journaling) beginAnsweringAlone(this.options.db, this.acknowledged);
    this.standby = null;
    this.unackedSince = null;
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) waiter.done();
  }

  private release(): void {
    const still: Waiter[] = [];
    for (const waiter of this.waiters) (waiter.target <= this.acknowledged ? waiter.done : () => still.push(waiter))();
    this.waiters = still;
  }
}

/** The end of the earliest closed range answered alone, or null. */
function closedRangeEnd(db: TillDatabase): number | null {
  const ends = answeredAloneRanges(db)
    .map(([, to]) => to)
    .filter((to): to is number => to !== null);
  return ends.length === 0 ? null : Math.min(...ends);
}
