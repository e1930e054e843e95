import type { HubReply, HubRequest } from '../../src-shared/stations/index.ts';

/**
 * What the desktop app's main process answers beside the till API: this
 * till's hub choice (the "Use another till as hub" screen). Null in a
 * browser: `pos serve` has no such shell.
 */
export interface AppShell {
  request(message: HubRequest): Promise<HubReply>;
}

let current: AppShell | null = null;

/** The desktop app's shell, once the preload handed its port over; null in a browser. */
export function appShell(): AppShell | null {
  return current;
}

/** Requests over main's second port, each answered once, matched by id (main checks every message). */
export function appShellOverPort(port: MessagePort): AppShell {
  let next = 0;
  const waiting = new Map<number, (reply: HubReply) => void>();
  port.onmessage = (event: MessageEvent) => {
    const reply = event.data as HubReply;
    if (reply && typeof reply.id === 'number') {
      waiting.get(reply.id)?.(reply);
      waiting.delete(reply.id);
    }
  };
  return {
    request: (message) =>
      new Promise<HubReply>((resolve) => {
        const id = ++next;
        waiting.set(id, resolve);
        port.postMessage({ ...message, id });
      }),
  };
}

export function setAppShell(shell: AppShell | null): void {
  current = shell;
}
