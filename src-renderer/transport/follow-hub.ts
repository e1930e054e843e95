import type { HubFinder } from './hub-finder.ts';
import type { TillConnection } from './till-connection.ts';

/**
 * The connect function of a screen that moves with its hub (issue 36): it
 * opens the hub it knows; when that fails it asks the finder where the hub
 * is now (the standby, once the hub is gone) and opens that. After each
 * connection it asks the hub for its standby's address, so it is known
 * before it is needed. The renderer's TillState calls it on every
 * reconnection; the cart and the device's credentials are in the
 * replicated database, so they are there on the standby.
 */
export function followHub(finder: HubFinder, openAt: (origin: string) => Promise<TillConnection>): () => Promise<TillConnection> {
  return async () => {
    let connection: TillConnection;
    try {
      connection = await openAt(finder.hub);
    } catch (error) {
      const next = await finder.next();
      if (next === null) throw error;
      connection = await openAt(next);
    }
    void finder.refresh().catch(() => {});
    return connection;
  };
}
