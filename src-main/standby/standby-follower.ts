import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { WebSocket } from 'ws';
import type { Clock } from '../clock/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { ChangeApplier } from './apply-changes.ts';
import { readMachineRows, writeMachineRows } from './machine-rows.ts';
import { fetchJson } from './peer-http.ts';
import {
  type SetAsideSummary,
  HUB_MESSAGE_TYPES,
  hubMessageSchema,
  pairAnswerSchema,
  peerRefusalSchema,
  readPeer,
  readStreamMessage,
} from './peer-messages.ts';
import { isRejoinKey } from './rejoin-key.ts';
import { readStandbyState } from './standby-state.ts';

/** Pairs with the hub: the manager's code for a stream token, the hub's epoch and the pair's rejoin key (rejoin-key.ts). */
export async function pairWithHub(hubUrl: string, code: string): Promise<{ token: string; epoch: number; rejoinKey: string | null }> {
  const answer = await fetchJson(`${hubUrl}/standby/pair`, 10_000, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (!answer) throw new Error(`the hub at ${hubUrl} does not answer`);
  const paired = answer.status === 200 ? readPeer(pairAnswerSchema, answer.body) : null;
  if (!paired?.ok) {
    const refusal = readPeer(peerRefusalSchema, answer.body);
    const reason = refusal.ok ? refusal.value.error : paired && !paired.ok ? `its answer is not a pairing (${paired.reason})` : 'no reason given';
    throw new Error(`the hub at ${hubUrl} refused the code (${answer.status}): ${reason}`);
  }
  const { token, epoch, rejoin_key: rejoinKey } = paired.value;
  // An older hub gives no rejoin key: the pair works, and an old hub rejoins with a new code.
  return { token, epoch, rejoinKey: isRejoinKey(rejoinKey) ? rejoinKey : null };
}

/** Replaces `dbFile` with the hub's snapshot (downloaded beside it, then renamed in: never half a file). */
export async function downloadSnapshot(hubUrl: string, token: string, dbFile: string): Promise<void> {
  const response = await fetch(`${hubUrl}/standby/snapshot`, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(600_000) });
  if (response.status !== 200 || !response.body) throw new Error(`the hub at ${hubUrl} sent no snapshot (${response.status})`);
  const partial = `${dbFile}.snapshot-part`;
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), createWriteStream(partial, { mode: 0o600 }));
  // What this machine says of itself (its own ZATCA unit) outlives the copy; the hub's own rows in the snapshot do not.
  const own = readMachineRows(dbFile);
  for (const suffix of ['-wal', '-shm']) await rm(`${dbFile}${suffix}`, { force: true });
  await rename(partial, dbFile);
  writeMachineRows(dbFile, own);
}

export interface StandbyFollowerOptions {
  /** A connection of the standby's own for applying (the till's connection is fenced). */
  db: TillDatabase;
  clock: Clock;
  hubUrl: string;
  token: string;
  /** This standby's own address, told to the hub (a hub that comes back finds the new hub there). */
  ownUrl: () => string | null;
  /** Heard from the hub, or lost it; the node decides about failover. */
  onHeard: () => void;
  /** The hub says this copy cannot continue from the journal (too far behind, or another hub's copy). */
  onResnapshot: () => void;
  /** A batch could not be applied (a different build of Till, a damaged copy). */
  onApplyFailed: (error: Error) => void;
  /** The hub sent a message of a known type that is malformed (peer-messages.ts): refused (the socket closed) with this reason. */
  onRefused?: (reason: string) => void;
  /** The hub handed over its secrets (handover.ts): kept in this machine's secret store, never the database. */
  onHandover?: (secrets: Record<string, string | null>) => void;
  /** What this standby says of itself to the hub (its own ZATCA unit), or null. */
  ownRecord?: () => Record<string, unknown> | null;
  /** The ZATCA documents its set-aside files still have to report, told to the hub when it changes. */
  setAside?: () => SetAsideSummary | null;
}

/**
 * The standby's end of the stream: applies every batch the hub sends, each
 * in one transaction with the sequence it reaches, and acknowledges it;
 * answers each heartbeat with its sequence. Reconnects while the hub is
 * away; whether to take over is the node's decision (failover-rule.ts).
 */
export class StandbyFollower {
  private socket: WebSocket | null = null;
  private stopped = false;
  private cancelRetry: (() => void) | null = null;
  private readonly applier: ChangeApplier;
  private applied: number;
  /** The newest sequence the hub said it has (its beats and batches): how far behind this copy is. */
  private hubHead = 0;
  /** What this standby last told the hub of itself on the current socket. */
  private toldRecord: string | null = null;
  private toldSetAside: string | null = null;

  constructor(private readonly options: StandbyFollowerOptions) {
    this.applier = new ChangeApplier(options.db);
    this.applied = readStandbyState(options.db).applied_seq;
  }

  get appliedSeq(): number {
    return this.applied;
  }

  /** The hub's newest sequence as last heard (never below what is applied). */
  get hubHeadSeq(): number {
    return Math.max(this.hubHead, this.applied);
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.cancelRetry?.();
    this.socket?.terminate();
    this.socket = null;
  }

  private connect(): void {
    if (this.stopped) return;
    const url = `${this.options.hubUrl.replace(/^http/, 'ws')}/standby/stream?from=${this.applied}`;
    const socket = new WebSocket(url, { headers: { Authorization: `Bearer ${this.options.token}` }, handshakeTimeout: 2_000, maxPayload: 512 * 1024 * 1024 });
    this.socket = socket;
    socket.on('error', () => socket.terminate());
    socket.once('open', () => {
      this.toldRecord = null;
      this.toldSetAside = null;
      socket.send(JSON.stringify({ type: 'hello', url: this.options.ownUrl(), applied: this.applied }));
      this.tellRecord(socket);
    });
    socket.on('message', (data) => this.heard(socket, String(data)));
    socket.once('close', () => {
      if (this.socket === socket) this.socket = null;
      if (!this.stopped) this.cancelRetry = this.options.clock.after(300, () => this.connect());
    });
  }

  private heard(socket: WebSocket, text: string): void {
    const read = readStreamMessage(hubMessageSchema, HUB_MESSAGE_TYPES, text);
    if (read === null) {
      // Not a message this build knows (a newer hub's, say): the hub is alive, nothing else is read from it.
      if (isJson(text)) this.options.onHeard();
      return;
    }
    this.options.onHeard();
    if (!read.ok) {
      // A malformed batch or handover is never applied nor acknowledged: the hub answers alone until this copy is looked at.
      this.options.onRefused?.(read.reason);
      return void socket.terminate();
    }
    const message = read.value;
    if (message.type === 'resnapshot') {
      this.stop();
      this.options.onResnapshot();
      return;
    }
    if (message.type === 'changes') {
      try {
        this.applied = this.applier.apply(message.changes, this.applied, message.up_to);
      } catch (error) {
        // Not applied, not acknowledged: the hub keeps answering alone (its status shows the standby gone) until a person looks.
        this.options.onApplyFailed(error as Error);
        return void socket.terminate();
      }
    }
    if (message.type === 'handover') this.options.onHandover?.(message.secrets);
    const head = message.type === 'beat' ? message.head : message.type === 'changes' ? message.up_to : undefined;
    if (head !== undefined) this.hubHead = Math.max(this.hubHead, head);
    if (message.type === 'changes' || message.type === 'beat') socket.send(JSON.stringify({ type: 'ack', seq: this.applied }));
    if (message.type === 'beat') this.tellRecord(socket);
  }

  /** Tells the hub what this standby is (its ZATCA unit once onboarded) when that changed since it last said. */
  private tellRecord(socket: WebSocket): void {
    const setAside = this.options.setAside?.() ?? null;
    const told = setAside === null ? null : JSON.stringify({ type: 'set_aside', ...setAside });
    if (told !== null && told !== this.toldSetAside && socket.readyState === socket.OPEN) {
      this.toldSetAside = told;
      socket.send(told);
    }
    const record = this.options.ownRecord?.() ?? null;
    if (record === null) return;
    const text = JSON.stringify({ type: 'unit', record });
    if (text === this.toldRecord || socket.readyState !== socket.OPEN) return;
    this.toldRecord = text;
    socket.send(text);
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
