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
  /** Milliseconds each post takes. */
  delayMs = 0;
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
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      return this.answer(orders);
    } finally {
      this.inFlight--;
    }
  }

  async get(_path: string): Promise<unknown> {
    this.gets++;
    return this.probe();
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

/** Polls `condition` until it holds, or fails after `timeoutMs`. */
export async function until(condition: () => boolean, timeoutMs = 5_000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
