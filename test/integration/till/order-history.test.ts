// The order history for a busy day (issue 23, part 10): search by number or
// amount, filters (unpaid, refunds, waiting to upload, this shift), and who
// rang each order up with which tenders, over a real till and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TillService } from '../../../src-main/host/index.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';

let service: EmulatedService;
let db: TillDatabase;
let now = Date.UTC(2026, 10, 25, 8, 0);
const clock = () => now;

beforeAll(async () => {
  service = await emulatedService({ seed: 23 });
  db = service.open('till.db');
  await service.pull(db);
});
afterAll(async () => {
  await service.close();
});

describe('the order history', () => {
  it('finds orders by number or amount, filters them, and names the cashier and tenders of each', async () => {
    const till = new TillService({ db, now: clock });
    const mona = await till.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
    const sami = await till.addCashier({ name: 'Sami', role: 'cashier', pin: '1357' });
    await till.lock();
    await till.unlock({ cashier_id: mona.id, pin: '2468' });
    const latte = (await till.search({ query: 'flat white', limit: 1 }))[0]!;
    const price = latte.price!;

    // An earlier shift (Mona's) with one cash sale, closed.
    await till.openShift({ float: 0 });
    await till.addItem({ product_id: latte.id, quantity: 1 });
    const early = await till.checkout({ payments: [{ method_key: 'CASH', amount: price }] });
    await till.closeShift({ counted: price });

    // This shift, Sami's: cash and card on one order, one pay-later, and a refund of the first.
    now += 3_600_000;
    await till.lock();
    await till.unlock({ cashier_id: sami.id, pin: '1357' });
    await till.openShift({ float: 0 });
    await till.addItem({ product_id: latte.id, quantity: 3 });
    const split = await till.checkout({
      payments: [
        { method_key: 'CASH', amount: price },
        { method_key: 'MADA', amount: 3 * price - price },
      ],
    });
    await till.addItem({ product_id: latte.id, quantity: 2 });
    const later = await till.checkout({ payments: [{ method_key: 'PAY_LATER', amount: 2 * price }] });
    await till.lock();
    await till.unlock({ cashier_id: mona.id, pin: '2468' });
    const refund = await till.refund({ uuid: early.uuid, reason: 'cold' });

    const all = await till.orders({});
    expect(all.map((o) => o.number)).toEqual([refund.number, later.number, split.number, early.number]);
    const row = (uuid: string) => all.find((o) => o.uuid === uuid)!;
    expect(row(split.uuid)).toMatchObject({ cashier: 'Sami', methods: ['CASH', 'MADA'] });
    expect(row(early.uuid)).toMatchObject({ cashier: 'Mona', methods: ['CASH'], status: 'REFUNDED' });
    expect(row(refund.uuid)).toMatchObject({ cashier: 'Mona', kind: 'REFUND', methods: ['CASH'] });

    // The refunded sale links to its credit note.
    expect((await till.order({ uuid: early.uuid })).refunds).toEqual([{ uuid: refund.uuid, number: refund.number, total: -price }]);

    const numbers = async (input: Parameters<TillService['orders']>[0]) => (await till.orders(input)).map((o) => o.number);
    // By number, whole or in part.
    expect(await numbers({ search: split.number })).toEqual([split.number]);
    // By amount, as typed: "12", "12.5" or "12.50"; a refund's negative total matches its amount too.
    const amount = (price / 100).toFixed(2);
    expect(await numbers({ search: amount })).toEqual([refund.number, early.number]);
    expect(await numbers({ search: ((3 * price) / 100).toFixed(2) })).toEqual([split.number]);
    // Wildcards are text, not patterns.
    expect(await numbers({ search: '%' })).toEqual([]);

    expect(await numbers({ filter: 'unpaid' })).toEqual([later.number]);
    expect(await numbers({ filter: 'refunds' })).toEqual([refund.number, early.number]);
    expect(await numbers({ filter: 'shift' })).toEqual([refund.number, later.number, split.number]);
    // Nothing has been uploaded from this till: every order waits.
    expect(await numbers({ filter: 'pending' })).toHaveLength(4);
    expect(await numbers({ filter: 'unpaid', search: split.number })).toEqual([]);

    // A manager gives a card sale back in cash: the refund names that tender; a method that cannot pay out is refused.
    const lines = [{ line_no: 1, quantity: 1 }];
    await expect(till.refund({ uuid: split.uuid, lines, reason: 'wrong size', method_key: 'PAY_LATER' })).rejects.toThrow(/cannot give money back/);
    const inCash = await till.refund({ uuid: split.uuid, lines, reason: 'wrong size', method_key: 'CASH' });
    expect(inCash.payments).toEqual([{ method_key: 'CASH', amount: -price }]);
    const asPaid = await till.refund({ uuid: split.uuid, lines, reason: 'wrong size' });
    expect(asPaid.payments.every((p) => p.method_key === 'CASH' || p.method_key === 'MADA')).toBe(true);
    expect((await till.order({ uuid: split.uuid })).refunds?.map((r) => r.number)).toEqual([inCash.number, asPaid.number]);
  });
});
