// `pos sync` says why orders are still pending and exits 1 while any are
// (README: 0 success, 1 failure, 2 usage), instead of "N still pending"
// and exit 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { runPos } from '../../support/run-pos.ts';

let service: EmulatedService;
beforeAll(async () => {
  service = await emulatedService({ seed: 19 });
});
afterAll(async () => {
  await service.close();
});

describe('pos sync with orders the service does not take', () => {
  it('names the reason, exits 1 while orders remain pending, and 0 once they are uploaded', async () => {
    const db = service.dir.file('pending.db');
    const sync = (timeoutMs: number, ...extra: string[]) => runPos(service.syncArgs(db, timeoutMs, ...extra));
    expect((await sync(2000)).code).toBe(0);
    expect((await runPos(['simulate', '--db', db, '--orders', '3', '--seed', '4'])).code).toBe(0);
    expect((await runPos(['settings', '--db', db, 'set', 'upload.path', '/orders/nowhere'])).code).toBe(0);

    const stuck = await sync(2000, '--json');
    expect(stuck.code, stuck.stderr).toBe(1);
    expect(stuck.stderr).toContain('0 uploaded, 3 still pending');
    expect(stuck.stderr).toMatch(/3 pending: .*POST \/orders\/nowhere/);
    const summary = JSON.parse(stuck.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(summary).toMatchObject({ ok: false, orders_pending: 3, orders_pending_reasons: [{ orders: 3, reason: expect.stringContaining('404') }] });

    expect((await runPos(['settings', '--db', db, 'unset', 'upload.path'])).code).toBe(0);
    // The failed tries left each order a backoff of up to 4 s (pos sync's cap), from whenever the first run ended: this
    // run's --timeout-ms must outlast it, however slow the machine was between the two (the default, 20 s, does).
    const done = await sync(20_000);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain('3 uploaded, 0 still pending');
  }, 300_000);
});
