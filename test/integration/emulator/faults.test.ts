import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../../emulator/index.ts';
import type { EmulatorOptions, RunningEmulator } from '../../../emulator/index.ts';
import { get, post, scope } from './service-client.ts';
import { validOrder } from './orders-fixture.ts';

const running: RunningEmulator[] = [];

async function start(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const emulator = await startEmulator({ port: 0, ...options });
  running.push(emulator);
  return emulator;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((e) => e.close()));
});

const SERVER_ERROR = { meta: { code: 500, status: 'error', message: 'Internal server error.' }, data: null };

describe('fault injection', () => {
  it('waits latencyMs before answering', async () => {
    const emulator = await start({ faults: { latencyMs: 120 } });
    const started = performance.now();
    const reply = await get(emulator, '/me');
    expect(reply.status).toBe(200);
    // A lower bound only: timers never fire early by more than a tick.
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('answers 500 Internal server error. at errorRate 1, and recovers when the rate changes at run time', async () => {
    const emulator = await start({ faults: { errorRate: 1 } });
    const failed = await get(emulator, '/printers');
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual(SERVER_ERROR);
    emulator.faults.errorRate = 0;
    expect((await get(emulator, '/printers')).status).toBe(200);
  });

  it('fails about errorRate of the requests, the same ones for the same seed', async () => {
    const statuses = async (seed: number) => {
      const emulator = await start({ seed, faults: { errorRate: 0.5 } });
      const out: number[] = [];
      for (let i = 0; i < 40; i++) out.push((await get(emulator, '/me')).status);
      return out;
    };
    const first = await statuses(9);
    expect(new Set(first)).toEqual(new Set([200, 500]));
    const failures = first.filter((s) => s === 500).length;
    expect(failures).toBeGreaterThan(8);
    expect(failures).toBeLessThan(32);
    expect(await statuses(9)).toEqual(first);
    expect(await statuses(10)).not.toEqual(first);
  });

  it('destroys the connection without an answer at resetRate 1', async () => {
    const emulator = await start({ faults: { resetRate: 1 } });
    await expect(get(emulator, '/me')).rejects.toThrow(/fetch failed/);
    emulator.faults = { ...emulator.faults, resetRate: 0 };
    expect((await get(emulator, '/me')).status).toBe(200);
  });

  it('resets after the work is done: an upload is stored though the client never hears so', async () => {
    const emulator = await start({ faults: { resetRate: 1 } });
    const order = validOrder(emulator);
    await expect(post(emulator, '/orders/sync', { orders: [order] })).rejects.toThrow();
    expect(emulator.orders.has(order.uuid)).toBe(true);
    expect(emulator.orderPosts).toBe(1);
    emulator.faults.resetRate = 0;
    const retry = await post(emulator, '/orders/sync', { orders: [order] });
    expect(retry.body.data.results).toEqual([{ uuid: order.uuid, status: 'duplicate', id: emulator.orders.get(order.uuid)!.id }]);
    expect(emulator.orderPosts).toBe(2);
  });

  it('fails the named pages only', async () => {
    const emulator = await start({ faults: { failPages: ['products:2', 'product-categories:1'] } });
    expect((await get(emulator, `/products?${scope(emulator)}&page=1`)).status).toBe(200);
    const second = await get(emulator, `/products?${scope(emulator)}&page=2`);
    expect(second.status).toBe(500);
    expect(second.body).toEqual(SERVER_ERROR);
    expect((await get(emulator, `/products?${scope(emulator)}&page=3`)).status).toBe(200);
    // No page asked for is page 1.
    expect((await get(emulator, '/product-categories')).status).toBe(500);
    expect((await get(emulator, '/product-categories?page=2')).status).toBe(200);
    emulator.faults.failPages.push('modifiers:1');
    const product = emulator.tenant.products[0]!;
    expect((await get(emulator, `/products/${product.id}/modifiers`)).status).toBe(500);
  });

  it('expires tokens tokenTtlMs after they were issued', async () => {
    let now = Date.UTC(2026, 10, 21, 9, 30);
    const emulator = await start({ faults: { tokenTtlMs: 500 }, now: () => now });
    now += 499;
    expect((await get(emulator, '/me')).status).toBe(200);
    now += 1;
    const expired = await get(emulator, '/me');
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual({ meta: { code: 401, status: 'error', message: 'Unauthenticated.' }, data: null });
    // A fresh token (a new login) works until it expires in turn.
    expect((await get(emulator, '/me', { token: emulator.issueToken() })).status).toBe(200);
    emulator.faults.tokenTtlMs = null;
    expect((await get(emulator, '/me')).status).toBe(200);
    emulator.faults.tokenTtlMs = 0;
    expect((await get(emulator, '/me')).status).toBe(401);
  });
});
