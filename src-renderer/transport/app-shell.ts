import type { HubReply, HubRequest, StandbyWindowReply, StandbyWindowRequest } from '../../src-shared/stations/index.ts';

/**
 * What the desktop app's main process answers beside the till API: this
 * till's hub choice (the "Use another till as hub" screen), and a standby's
 * window: what it is in its pair, and the take-over (issue 36). Null in a
 * browser: `pos serve` has no such shell.
 */
export interface AppShell {
  request(message: HubRequest): Promise<HubReply>;
  standby(message: StandbyWindowRequest): Promise<StandbyWindowReply>;
}

let current: AppShell | null = null;

/** The desktop app's shell, once the preload handed its port over; null in a browser. */
export function appShell(): AppShell | null {
  return current;
}

/** Requests over main's second port, each answered once, matched by id (main checks every message). */
export function appShellOverPort(port: MessagePort): AppShell {
  let next = 0;
  const waiting = new Map<number, (reply: never) => void>();
  port.onmessage = (event: MessageEvent) => {
    const reply = event.data as { id?: unknown } | null;
    if (reply && typeof reply.id === 'number') {
      waiting.get(reply.id)?.(reply as never);
      waiting.delete(reply.id);
    }
  };
  // Main answers each kind with its own shape (hub-choice-requests.ts, standby-window.ts); the id matches the answer to its request.
  const ask = <Reply>(message: object) =>
    new Promise<Reply>((resolve) => {
      const id = ++next;
      waiting.set(id, resolve as (reply: never) => void);
      port.postMessage({ ...message, id });
    });
  return {
    request: (message) => ask<HubReply>(message),
    standby: (message) => ask<StandbyWindowReply>(message),
  };
}

export function setAppShell(shell: AppShell | null): void {
  current = shell;
}
