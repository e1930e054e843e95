import { connectChannel } from './connect-channel.ts';
import { receiveMessagePortChannel } from './message-port-channel.ts';
import type { TillConnection } from './till-connection.ts';
import { openWebSocketChannel } from './websocket-channel.ts';
import { followHub } from './follow-hub.ts';
import { HubFinder, readWhere } from './hub-finder.ts';
import { APP_SCHEME } from '../../src-shared/api/index.ts';

export type { TillConnection } from './till-connection.ts';
export { appShell, type AppShell } from './app-shell.ts';
export { followHub } from './follow-hub.ts';
export { HubFinder, originOf, readWhere, type AskWhere, type WhereAnswer } from './hub-finder.ts';

/** Connects to the till host: a MessagePort in Electron (the app loads from app://), a WebSocket in a browser. */
export async function connectTill(): Promise<TillConnection> {
  if (window.location.protocol === `${APP_SCHEME}:`) return connectChannel(await receiveMessagePortChannel(window));
  browserFollow ??= followBrowserHub(window);
  return browserFollow();
}

let browserFollow: (() => Promise<TillConnection>) | null = null;

/**
 * A browser page (a paired tablet, a station's desktop window) follows its
 * hub to the standby (issue 36). The page may ask only its own origin
 * (connect-src 'self'), so it learns the standby's address from its hub
 * while that lives; when the hub is gone it opens the standby's page, whose
 * own screen then connects there (a device's cookie goes with it when both
 * tills are reached by the same host name: docs/standby.md). Exported for its test
 * (test/unit/renderer/browser-follows-standby.test.ts); the page calls connectTill.
 */
export function followBrowserHub(window: Window): () => Promise<TillConnection> {
  const own = window.location.origin;
  const finder = new HubFinder(own, async (origin) => {
    if (origin !== own) return null;
    try {
      const response = await fetch(`${origin}/standby/where`, { cache: 'no-store', signal: AbortSignal.timeout(2_000) });
      return response.ok ? readWhere(await response.json()) : null;
    } catch {
      return null;
    }
  });
  let failures = 0;
  return followHub(finder, async (origin) => {
    if (origin !== own) {
      window.location.assign(`${origin}/`);
      return new Promise<never>(() => {});
    }
    try {
      const connection = connectChannel(await openWebSocketChannel(window.location));
      failures = 0;
      return connection;
    } catch (error) {
      // Its own hub is silent, and the standby cannot be asked from here: after a few tries, go to the standby.
      const standby = finder.addresses.find((a) => a !== own);
      if (++failures >= 3 && standby) {
        window.location.assign(`${standby}/`);
        return new Promise<never>(() => {});
      }
      throw error;
    }
  });
}
