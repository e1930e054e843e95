import type { Clock } from '../clock/index.ts';

/** How often the hub pings a display's sockets; a socket that answered nothing since the last ping is dropped at the next. */
export const DISPLAY_HEARTBEAT_MS = 10_000;

/** A display's socket as presence needs it: ping it, or hang up on it. */
export interface PresenceSocket {
  ping(): void;
  drop(): void;
}

/** What the transport tells presence about one socket: it answered (a pong, a call), or it closed. */
export interface PresenceHandle {
  seen(): void;
  closed(): void;
}

interface Connection {
  code: string;
  socket: PresenceSocket;
  answered: boolean;
}

/**
 * Which kitchen displays are online (issue 21): a display is online while
 * one of its screens holds a socket that keeps answering. A socket is
 * pinged every heartbeat on the hub's clock; one silent for a whole
 * heartbeat is dropped, as one that closed. When a display's last socket
 * goes, `offline` hears its code (its tickets go to paper).
 */
export class DisplayPresence {
  private readonly connections = new Set<Connection>();
  private cancelTick: (() => void) | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly offline: (code: string) => void,
    private readonly heartbeatMs = DISPLAY_HEARTBEAT_MS,
  ) {}

  online(code: string): boolean {
    for (const connection of this.connections) if (connection.code === code) return true;
    return false;
  }

  connect(code: string, socket: PresenceSocket): PresenceHandle {
    const connection: Connection = { code, socket, answered: true };
    this.connections.add(connection);
    this.schedule();
    return {
      seen: () => void (connection.answered = true),
      closed: () => this.remove(connection),
    };
  }

  /** The host hangs up on every screen (it stops): no display went offline, nothing prints; the heartbeat stops. */
  stop(): void {
    this.connections.clear();
    this.cancelTick?.();
    this.cancelTick = null;
  }

  private remove(connection: Connection): void {
    if (!this.connections.delete(connection) || this.online(connection.code)) return;
    try {
      this.offline(connection.code);
    } catch (error) {
      // Told from a socket's close handler: a failure here must not stop the host.
      process.emitWarning(`kitchen display ${connection.code} went offline, but its tickets were not sent to paper: ${String(error)}`);
    }
  }

  private schedule(): void {
    if (this.cancelTick || this.connections.size === 0) return;
    this.cancelTick = this.clock.after(this.heartbeatMs, () => {
      this.cancelTick = null;
      for (const connection of [...this.connections]) {
        if (!connection.answered) {
          this.remove(connection);
          connection.socket.drop();
          continue;
        }
        connection.answered = false;
        connection.socket.ping();
      }
      this.schedule();
    });
  }
}
