import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServiceDiscounts } from '../../../src-main/catalog/index.ts';
import { readOrder } from '../../../src-main/orders/index.ts';
import { setSettingFromText } from '../../../src-main/settings/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { posInProcess as pos } from '../../support/pos-in-process.ts';

// Issue 35, item 6: `pos discounts` lists the replica's discounts with
// whether each applies now and why not; `pos sell` rings up one sale through
// the till API (exit 1 with the cashier's message when refused, 2 on a bad call).

let service: EmulatedService;
let file: string;
const product = (name: string) => service.emulator.tenant.products.find((p) => p.name_en === name)!;

beforeAll(async () => {
  service = await emulatedService({ seed: 36 });
  const db = service.open('till.db');
  await service.pull(db);
  setSettingFromText(db, 'branch.time_zone', 'Asia/Riyadh');
  file = db.name;
  db.close();
});
afterAll(() => service.close());

describe('pos discounts', () => {
  it('lists each discount with whether it applies now, and why not', async () => {
    const listed = await pos(['discounts', '--db', file, '--json']);
    expect(listed.stderr).toBe('');
    expect(listed.code).toBe(0);
    const rows = JSON.parse(listed.stdout) as { name_en: string; applies: boolean; why_not: string | null; reason: string | null }[];
    const byName = new Map(rows.map((r) => [r.name_en, r]));
    expect(rows).toHaveLength(9);
    expect(byName.get('Staff 10%')).toMatchObject({ applies: true, why_not: null, reason: null });
    expect(byName.get('Flyer 15%')).toMatchObject({ applies: false, why_not: 'coupon', reason: 'it is given only for its coupon code' });
    expect(byName.get('Opening week')).toMatchObject({ applies: false, why_not: 'inactive' });
    expect(byName.get('Ramadan 2030 10%')).toMatchObject({ applies: false, why_not: 'not_yet' });
    const text = await pos(['discounts', '--db', file]);
    expect(text.stdout).toMatch(/^Staff 10% {2}\(.+\) {2}10\.00% off the order, picked by the cashier: applies now$/m);
    expect(text.stdout).toMatch(/^Opening week .*: not now: it is not in use$/m);
  });
});

describe('pos sell', () => {
  it('rings up a sale with a service discount and prints the order', async () => {
    const latte = product('Caffè latte');
    const croissant = product('Butter croissant');
    const staff = (await import('../../../src-main/db/index.ts')).openDatabase(file);
    const staffId = readServiceDiscounts(staff).find((d) => d.name_en === 'Staff 10%')!.id;
    staff.close();
    const sold = await pos([
      'sell',
      '--db',
      file,
      '--item',
      `${latte.id}x2+${latte.modifiers[0]!.id}`,
      '--item',
      croissant.id,
      '--order-type',
      'DINE_IN',
      '--discount',
      staffId,
      '--pay',
      'CASH',
      '--json',
    ]);
    expect(sold.stderr).toBe('');
    expect(sold.code).toBe(0);
    const order = JSON.parse(sold.stdout) as {
      uuid: string;
      number: string;
      lines: { product_id: string; quantity: number; modifiers: string[] }[];
      discounts: { discount_id: string; name_en: string; amount: string }[];
      total: string;
      customer: null;
    };
    expect(order.lines).toEqual([
      expect.objectContaining({ product_id: latte.id, quantity: 2, modifiers: [latte.modifiers[0]!.id] }),
      expect.objectContaining({ product_id: croissant.id, quantity: 1, modifiers: [] }),
    ]);
    expect(order.discounts).toEqual([expect.objectContaining({ discount_id: staffId, name_en: 'Staff 10%' })]);
    const db = (await import('../../../src-main/db/index.ts')).openDatabase(file, { readOnly: true });
    const stored = readOrder(db, order.uuid)!;
    db.close();
    expect(stored).toMatchObject({ number: order.number, type: 'DINE_IN' });
    expect(stored.discounts?.[0]?.discount_id).toBe(staffId);
    expect((stored.total / 100).toFixed(2)).toBe(order.total);
    expect(stored.payments).toEqual([expect.objectContaining({ method_key: 'CASH', amount: stored.total })]);
  });

  it("is refused with the cashier's message (exit 1), and leaves the counter's cart empty", async () => {
    const db = (await import('../../../src-main/db/index.ts')).openDatabase(file);
    const overThirty = readServiceDiscounts(db).find((d) => d.name_en === '5.00 off over 30.00')!.id;
    db.close();
    const refused = await pos(['sell', '--db', file, '--item', product('Butter croissant').id, '--discount', overThirty, '--pay', 'CASH']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('pos sell: 5.00 off over 30.00 cannot be given now: the order must come to 30.00\n');
    const short = await pos(['sell', '--db', file, '--item', product('Butter croissant').id, '--pay', 'CASH:1.00']);
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/^pos sell: payments add up to 1\.00 but the total is/);
    // Nothing was left on the counter: the next sale goes through.
    expect((await pos(['sell', '--db', file, '--item', product('Butter croissant').id, '--pay', 'CASH'])).code).toBe(0);
  });

  it('a bad call is a usage error (exit 2)', async () => {
    for (const args of [
      ['--item', `${product('Butter croissant').id}x0`, '--pay', 'CASH'],
      ['--item', `${product('Butter croissant').id}+`, '--pay', 'CASH'],
      ['--pay', 'CASH'],
      ['--item', product('Butter croissant').id],
      ['--item', product('Butter croissant').id, '--pay', 'CASH', '--order-type', 'PICNIC'],
      ['--item', product('Butter croissant').id, '--pay', 'CASH', '--pay', 'MADA'],
    ]) {
      const result = await pos(['sell', '--db', file, ...args]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/\nusage: pos sell --db FILE/);
    }
    const half = await pos(['sell', '--db', file, '--item', product('Butter croissant').id, '--pay', 'CASH', '--coupon', 'X', '--token', 't']);
    expect(half.code).toBe(2);
    expect(half.stderr).toMatch(/^pos sell: give --base-url and --token/);
  });

  // Items 2 and 3 through the command line: the coupon is checked with the service named, as the counter's dialog does.
  it("--coupon: verified online and named on the order; refused in the cashier's words; offline under coupons.offline replica, a replica code unverified", async () => {
    const croissant = product('Butter croissant').id;
    const online = ['--base-url', service.emulator.baseUrl, '--token', service.emulator.token];
    const sold = await pos(['sell', '--db', file, '--item', croissant, '--pay', 'CASH', '--coupon', 'RAMADAN10', ...online, '--json']);
    expect(sold.stderr).toBe('');
    expect(sold.code).toBe(0);
    const order = JSON.parse(sold.stdout) as { uuid: string; discounts: Record<string, unknown>[] };
    expect(order.discounts).toContainEqual(expect.objectContaining({ source: 'coupon', code: 'RAMADAN10', verified: true, scope: 'ORDER' }));

    const refused = await pos(['sell', '--db', file, '--item', croissant, '--pay', 'CASH', '--coupon', 'NOPE', ...online]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/refused the coupon NOPE/);

    // Offline (nothing listens on port 9 of loopback): refused by default, then the replica's Flyer 15% under `replica`.
    const offline = ['--base-url', 'http://127.0.0.1:9', '--token', 't'];
    expect((await pos(['sell', '--db', file, '--item', croissant, '--pay', 'CASH', '--coupon', 'FLYER15', ...offline])).code).toBe(1);
    const db = service.open('till.db');
    setSettingFromText(db, 'coupons.offline', 'replica');
    db.close();
    const flyer = await pos(['sell', '--db', file, '--item', croissant, '--pay', 'CASH', '--coupon', 'FLYER15', ...offline, '--json']);
    expect(flyer.stderr).toBe('');
    expect(flyer.code).toBe(0);
    const unverified = JSON.parse(flyer.stdout) as { uuid: string; discounts: Record<string, unknown>[] };
    expect(unverified.discounts).toEqual([expect.objectContaining({ name_en: 'Flyer 15%', source: 'coupon', code: 'FLYER15', verified: false })]);
  });
});
