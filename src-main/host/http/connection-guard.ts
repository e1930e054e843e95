import type { Socket } from 'node:net';
import type { Clock } from '../../clock/index.ts';
import { normalizeAddress } from './client-address.ts';

export interface ConnectionLimits {
  /** Sockets without a session one address may hold open at once. */
  maxUnauthenticatedPerAddress?: number;
  /** Sockets without a session held open at once, from all addresses together. */
  maxUnauthenticated?: number;
  /** How long a new socket has to finish its first request. */
  handshakeTimeoutMs?: number;
  /** How long a socket without a session may wait between one answer and its next request. */
  idleTimeoutMs?: number;
}

export const DEFAULT_CONNECTION_LIMITS: Required<ConnectionLimits> = {
  maxUnauthenticatedPerAddress: 32,
  maxUnauthenticated: 512,
  handshakeTimeoutMs: 10_000,
  idleTimeoutMs: 30_000,
};

interface Pending {
  address: string;
  cancel: () => void;
}

/**
 * Keeps sockets that have not shown a session from filling the till: each
 * address may hold a few, all addresses together a few hundred, and each must
 * finish a request in time and not sit idle. A socket that carried a valid
 * session (a manager screen, a paired device) leaves these counts for good,
 * so a flood never shuts out the till's own screens; and when the total is
 * full, a new socket pushes out the oldest one of the address holding the
 * most, so a new screen still gets a moment to show its cookie.
 */
export class ConnectionGuard {
  private readonly limits: Required<ConnectionLimits>;
  /** In arrival order: the first of an address is its oldest. */
  private readonly pending = new Map<Socket, Pending>();
  private readonly perAddress = new Map<string, number>();
  private readonly trusted = new WeakSet<Socket>();

  constructor(
    limits: ConnectionLimits,
    private readonly clock: Clock,
    /** Addresses not limited one by one (a TLS proxy on this machine carries every client's sockets). */
    private readonly sharedAddress: (address: string) => boolean = () => false,
  ) {
    this.limits = { ...DEFAULT_CONNECTION_LIMITS, ...limits };
  }

  /** Sockets without a session now open (for tests and diagnostics). */
  get unauthenticated(): number {
    return this.pending.size;
  }

  /** A new TCP connection: counted, given its deadline, or closed at once when its address holds too many. */
  admit(socket: Socket): void {
    const address = normalizeAddress(socket.remoteAddress ?? '') ?? 'unknown';
    const held = this.perAddress.get(address) ?? 0;
    if (held >= this.limits.maxUnauthenticatedPerAddress && !this.sharedAddress(address)) {
      socket.destroy();
      return;
    }
    if (this.pending.size >= this.limits.maxUnauthenticated) this.evictOne();
    this.perAddress.set(address, held + 1);
    this.pending.set(socket, { address, cancel: this.deadline(socket, this.limits.handshakeTimeoutMs) });
    socket.once('close', () => this.forget(socket));
  }

  /** The socket carried a valid session: no limit or timeout of ours applies to it any more. */
  authenticated(socket: Socket): void {
    this.trusted.add(socket);
    this.forget(socket);
  }

  /** An answer went out on a socket without a session: its idle time starts now. */
  responded(socket: Socket): void {
    const entry = this.pending.get(socket);
    if (!entry || this.trusted.has(socket)) return;
    entry.cancel();
    entry.cancel = this.deadline(socket, this.limits.idleTimeoutMs);
  }

  /** Stops every timer (the server is closing). */
  close(): void {
    for (const socket of [...this.pending.keys()]) this.forget(socket);
  }

  private deadline(socket: Socket, ms: number): () => void {
    return this.clock.after(ms, () => {
      this.forget(socket);
      socket.destroy();
    });
  }

  private evictOne(): void {
    let heaviest: string | null = null;
    for (const [address, count] of this.perAddress) if (heaviest === null || count > this.perAddress.get(heaviest)!) heaviest = address;
    for (const [socket, entry] of this.pending) {
      if (entry.address !== heaviest) continue;
      this.forget(socket);
      socket.destroy();
      return;
    }
  }

  private forget(socket: Socket): void {
    const entry = this.pending.get(socket);
    if (!entry) return;
    entry.cancel();
    this.pending.delete(socket);
    const left = (this.perAddress.get(entry.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(entry.address, left);
    else this.perAddress.delete(entry.address);
  }
}
