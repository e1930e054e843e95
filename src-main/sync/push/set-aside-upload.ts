/**
 * The orders an old hub sold alone that only its set-aside file holds
 * (docs/standby.md, "An old hub's set-aside file"). A hub answers alone
 * once its standby has not acknowledged for `hub.standby_ack_seconds`; if
 * the standby then takes over (a manager's promotion during a split, a
 * desktop standby's take-over while the old hub's computer was on), those
 * sales are in the old hub's file only, and when it rejoins that file is
 * set aside as `FILE.before-rejoin-epoch-N`. The machine that holds the
 * file uploads what of its order outbox still waits and the branch's
 * database does not hold, with the normal order upload (batches, backoff,
 * probe, 401 pause, evidence per order) and this machine's own service
 * token; src-main/standby/set-aside-files.ts runs it over each file.
 */
import type { TillDatabase } from '../../db/index.ts';
import { outboxCountsAmong, setAsideOwnOrders } from '../../orders/index.ts';
import { systemClock, type Clock } from '../../clock/index.ts';
import type { BackoffPolicy, ServiceClient } from '../../upstream/index.ts';
import { OrderKind } from './order-kind.ts';
import { UploadEngine } from './upload-engine.ts';

/** The upload engine over a set-aside file's own orders only; `done` resolves once none of them is pending (uploaded, or refused for good). */
export class SetAsideUploader extends UploadEngine {
  readonly done: Promise<void>;

  constructor(
    private readonly db: TillDatabase,
    private readonly orders: readonly string[],
    options: { client: ServiceClient; clock?: Clock; backoff?: BackoffPolicy; probeIntervalMs?: number },
  ) {
    super({ ...options, kinds: [new OrderKind(db, undefined, orders)] });
    this.done = new Promise((resolve) => {
      const check = () => {
        if (this.waiting().waiting > 0) return false;
        resolve();
        return true;
      };
      if (check()) return;
      const unsubscribe = this.subscribe(() => {
        if (check()) unsubscribe();
      });
    });
  }

  /** How many of its orders are still pending, and when the oldest of them was sold. */
  waiting(): { waiting: number; oldest_at: number | null } {
    const counts = outboxCountsAmong(this.db, this.orders);
    return { waiting: counts.pending, oldest_at: counts.oldestPendingAt };
  }
}

export interface OrderSetAsideWorkOptions {
  /** The service's client with this machine's own token (its secrets file); null when it has none (the orders wait). */
  client: () => ServiceClient | null;
  clock?: Clock;
  backoff?: BackoffPolicy;
  probeIntervalMs?: number;
}

/** The orders' side of a set-aside file (src-main/standby/set-aside-files.ts runs it, with ZATCA's, over each file). */
export function orderSetAsideWork(options: OrderSetAsideWorkOptions) {
  return {
    key: 'orders',
    what: 'order(s)',
    open(setAside: TillDatabase, live: TillDatabase) {
      const orders = setAsideOwnOrders(setAside, live);
      if (orders.length === 0) return null;
      const client = options.client();
      if (!client) throw new Error(`${orders.length} order(s): this till has no service token (sign it in on its manager screen)`);
      const uploader = new SetAsideUploader(setAside, orders, {
        client,
        clock: options.clock ?? systemClock,
        ...(options.backoff ? { backoff: options.backoff } : {}),
        ...(options.probeIntervalMs ? { probeIntervalMs: options.probeIntervalMs } : {}),
      });
      return {
        items: orders.length,
        done: uploader.done,
        waiting: () => uploader.waiting(),
        start: () => uploader.start(),
        stop: () => uploader.stop(),
      };
    },
  };
}
