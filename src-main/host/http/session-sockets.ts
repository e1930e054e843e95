import type { WebSocket } from 'ws';

/** WebSockets one session (one cookie: a manager's browser, a paired device) may hold open at once. */
export const DEFAULT_MAX_SOCKETS_PER_SESSION = 8;

/**
 * Counts each session's open WebSockets (issue 32: one paired cookie opened
 * 600, ~422 MB). At the cap a new socket is refused, not an old one closed:
 * the open ones are that session's screens at work, and closing one would
 * make it reconnect and push out another, round and round. So that a
 * tablet whose old sockets died unseen (Wi-Fi dropped, no FIN) is not shut
 * out, a refusal pings the session's sockets, and the next refusal closes
 * each that has not answered since: a live browser answers a ping by
 * itself, so only dead sockets go, and the device gets in on its next try.
 */
export class SessionSockets {
  private readonly open = new Map<string, Set<WebSocket>>();
  /** Pinged at a refusal and silent since. */
  private readonly asked = new WeakSet<WebSocket>();

  constructor(private readonly max = DEFAULT_MAX_SOCKETS_PER_SESSION) {}

  /** Whether `session` may open one more socket now; when full, first drops its sockets that stopped answering. */
  admits(session: string): boolean {
    const sockets = this.open.get(session);
    if (!sockets || sockets.size < this.max) return true;
    for (const socket of [...sockets]) {
      if (this.asked.has(socket)) {
        sockets.delete(socket);
        socket.terminate();
        continue;
      }
      this.asked.add(socket);
      try {
        socket.ping();
      } catch {
        // Closing already: its close event takes it out.
      }
    }
    return sockets.size < this.max;
  }

  /** A socket of `session` opened; it is counted until it closes. */
  add(session: string, socket: WebSocket): void {
    let sockets = this.open.get(session);
    if (!sockets) this.open.set(session, (sockets = new Set()));
    sockets.add(socket);
    const answered = () => this.asked.delete(socket);
    socket.on('pong', answered);
    socket.on('message', answered);
    socket.once('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0 && this.open.get(session) === sockets) this.open.delete(session);
    });
  }
}
