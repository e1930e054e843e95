import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { runPos } from '../../support/run-pos.ts';

let service: EmulatedService;
beforeAll(async () => {
  service = await emulatedService({ seed: 9 });
});
afterAll(async () => {
  await service.close();
});

describe('pos cashiers and pos shift', () => {
  it('adds cashiers, opens a shift, sells under it, moves cash, and closes with a Z report', async () => {
    const db = service.dir.file('shift-cli.db');
    const pulled = await runPos(['sync', '--db', db, '--base-url', service.emulator.baseUrl, '--token', service.emulator.token]);
    expect(pulled.code, pulled.stderr).toBe(0);

    expect((await runPos(['cashiers', '--db', db, 'add', 'Mona', '--role', 'manager', '--pin', '2468'])).code).toBe(0);
    expect((await runPos(['cashiers', '--db', db, 'add', 'Sami', '--role', 'cashier', '--pin', '1357'])).code).toBe(0);
    const duplicate = await runPos(['cashiers', '--db', db, 'add', 'sami', '--role', 'cashier', '--pin', '1357']);
    expect(duplicate).toMatchObject({ code: 1 });
    expect(duplicate.stderr).toMatch(/already exists/);
    expect((await runPos(['cashiers', '--db', db, 'add', 'Ali', '--role', 'boss', '--pin', '1357'])).code).toBe(2);
    const list = JSON.parse((await runPos(['cashiers', '--db', db, '--json'])).stdout) as { name: string; role: string }[];
    expect(list.map((c) => c.name).sort()).toEqual(['Mona', 'Sami']);
    expect(JSON.stringify(list)).not.toMatch(/scrypt|2468/);

    expect((await runPos(['shift', '--db', db, 'report'])).stderr).toMatch(/no shift is open/);
    const opened = await runPos(['shift', '--db', db, 'open', '--cashier', 'Sami', '--float', '200']);
    expect(opened.code, opened.stderr).toBe(0);
    expect((await runPos(['shift', '--db', db, 'open', '--cashier', 'Mona', '--float', '1'])).stderr).toMatch(/already open/);

    const sold = await runPos(['simulate', '--db', db, '--orders', '5', '--seed', '7', '--json']);
    expect(sold.code, sold.stderr).toBe(0);
    const orders = sold.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { total: string });

    expect((await runPos(['shift', '--db', db, 'cash-out', '50', '--reason', 'bank drop'])).code).toBe(0);
    expect((await runPos(['shift', '--db', db, 'cash-in', '5.5'])).code).toBe(2);
    expect((await runPos(['shift', '--db', db, 'cash-in', '5.50', '--reason', 'coins'])).code).toBe(0);

    const x = JSON.parse((await runPos(['shift', '--db', db, 'report', '--json'])).stdout) as Record<string, unknown>;
    expect(x).toMatchObject({ kind: 'X', cashier: 'Sami', float: '200.00', orders: 5, cash_out: '50.00', cash_in: '5.50', closed_at: null });
    const net = orders.reduce((sum, o) => sum + Math.round(Number(o.total) * 100), 0);
    expect(x.net).toBe((net / 100).toFixed(2));

    const closed = await runPos(['shift', '--db', db, 'close', '--counted', '100', '--json']);
    expect(closed.code, closed.stderr).toBe(0);
    const z = JSON.parse(closed.stdout) as Record<string, string | number | null | Record<string, string>>;
    expect(z).toMatchObject({ kind: 'Z', shift_id: x.shift_id, cashier: 'Sami', cash_counted: '100.00', orders: 5 });
    const cash = Number((z.by_payment_method as Record<string, string>).CASH ?? '0');
    expect(z.cash_expected).toBe((200 + cash - 50 + 5.5).toFixed(2));
    expect(z.over_short).toBe((100 - Number(z.cash_expected)).toFixed(2));
    expect(typeof z.closed_at).toBe('string');

    const human = await runPos(['shift', '--db', db, 'day']);
    expect(human.stdout).toMatch(/Business day .* orders 5/s);
    expect((await runPos(['shift', '--db', db, 'close', '--counted', '1'])).code).toBe(1);

    // `pos sync` uploads the orders and the closed shift through the one engine; the shift waits for its path first.
    const sync = () => runPos(['sync', '--db', db, '--base-url', service.emulator.baseUrl, '--token', service.emulator.token, '--json']);
    const held = await sync();
    expect(held.code, held.stderr).toBe(0);
    expect(held.stderr).toContain('Orders: 5 uploaded, 0 still pending');
    expect(held.stderr).toMatch(/Closed shifts \(attendance\): 0 delivered, 1 still pending \(they wait for the setting upload\.attendance_path/);
    const heldSummary = JSON.parse(held.stdout.trim().split('\n').at(-1)!) as { ok: boolean; records: Record<string, unknown> };
    expect(heldSummary).toMatchObject({ ok: true, records: { attendance: { pending: 1, synced: 0, rejected: 0, held: true } } });
    expect(service.emulator.attendances.size).toBe(0);

    expect((await runPos(['settings', '--db', db, 'set', 'upload.attendance_path', '/attendances/sync'])).code).toBe(0);
    const sent = await sync();
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stderr).toContain('Closed shifts (attendance): 1 delivered, 0 still pending');
    expect(JSON.parse(sent.stdout.trim().split('\n').at(-1)!)).toMatchObject({ ok: true, records: { attendance: { pending: 0, synced: 1, held: false } } });
    expect([...service.emulator.attendances.keys()]).toEqual([x.shift_id]);
    expect(service.emulator.attendances.get(x.shift_id as string)!.body).toMatchObject({ cashier: 'Sami', close_cash: '100.00' });
  }, 300_000);
});
