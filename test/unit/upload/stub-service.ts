// A stand-in for ServiceClient in unit tests: records every request and
// answers with whatever the test scripts, so the uploader's decisions can be
// checked one by one without a network.
import type { ServiceClient } from '../../../src-main/upstream/index.ts';
import type { Order, OrderSyncResult } from '../../../src-shared/wire/index.ts';

export type Answer = (orders: Order[]) => unknown;

export class StubService {
  readonly posts: Order[][] = [];
  /** The path of every post, in order. */
  readonly paths: string[] = [];
  gets = 0;
  inFlight = 0;
  maxInFlight = 0;
  /** While set, posts wait here: the test decides when an answer comes back. */
  private gate: Promise<void> | null = null;
  answer: Answer = created;
  probe: () => unknown = () => ({ meta: { code: 200, status: 'success', message: 'ok' }, data: {} });

  get client(): ServiceClient {
    return this as unknown as ServiceClient;
  }

  async post(path: string, body: unknown): Promise<unknown> {
    const orders = (body as { orders: Order[] }).orders;
    this.paths.push(path);
    this.posts.push(orders);
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      await this.gate;
      return this.answer(orders);
    } finally {
      this.inFlight--;
    }
  }

  async get(_path: string): Promise<unknown> {
    this.gets++;
    return this.probe();
  }

  /** Holds every post until the returned function is called. */
  hold(): () => void {
    let release!: () => void;
    this.gate = new Promise((resolve) => (release = resolve));
    return () => {
      this.gate = null;
      release();
    };
  }

  sentUuids(): string[][] {
    return this.posts.map((orders) => orders.map((o) => o.uuid));
  }
}

export function syncAnswer(results: OrderSyncResult[]): unknown {
  return { meta: { code: 200, status: 'success', message: 'Data Synced Successfully' }, data: { results } };
}

export function created(orders: Order[]): unknown {
  return syncAnswer(orders.map((o) => ({ uuid: o.uuid, status: 'created', id: `svc-${o.uuid}` })));
}
