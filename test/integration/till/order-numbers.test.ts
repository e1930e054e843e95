// Order numbers unique per station: the station's code prefixes its own
// sequence of the business day (A-001, B-001), the day turns at the cut-off
// hour, orders sold before keep their numbers, and the upload carries the
// number as printed.

import { afterEach, describe, expect, it } from 'vitest';
import { businessDayOf, formatOrderNumber } from '../../../src-main/orders/index.ts';
import { BranchSetup } from '../../../src-main/branch/index.ts';
import { orderToWire } from '../../../src-main/sync/push/index.ts';
import { readOrder } from '../../../src-main/orders/index.ts';
import { addStation, removeStation } from '../../../src-main/stations/index.ts';
import { runAtStation } from '../../../src-main/stations/index.ts';
import { openPrintingShop, type PrintingShop } from '../printing/printing-shop.ts';

const open: PrintingShop[] = [];
afterEach(async () => {
  for (const shop of open.splice(0)) await shop.close();
});

describe('business day', () => {
  it('turns at the cut-off hour in local time', () => {
    const at = (h: number, m = 0) => new Date(2026, 10, 21, h, m).getTime();
    expect(businessDayOf(at(1, 59), 0)).toBe('2026-11-21');
    expect(businessDayOf(at(1, 59), 4)).toBe('2026-11-20');
    expect(businessDayOf(at(3, 59), 4)).toBe('2026-11-20');
    expect(businessDayOf(at(4, 0), 4)).toBe('2026-11-21');
    expect(businessDayOf(new Date(2026, 0, 1, 2).getTime(), 4)).toBe('2025-12-31');
  });

  it('formats the number with the till code', () => {
    expect(formatOrderNumber('A', 1)).toBe('A-001');
    expect(formatOrderNumber('BT', 1234)).toBe('BT-1234');
    expect(formatOrderNumber(null, 7)).toBe('007');
  });
});

describe('order numbers per till', () => {
  it("numbers each station's orders in its own sequence of the day; earlier orders keep theirs; the upload carries it", async () => {
    const shop = await openPrintingShop({ bind: [], startQueue: false });
    open.push(shop);
    // The till's own window and the CLI are the first counter, A (migration 0011 made it from till.code, or A).
    const first = await shop.sell({ items: [{ categoryId: 1 }] });
    expect(first.number).toBe('A-001');
    addStation(shop.db, { name: 'Counter B', code: 'B' }, Date.now());
    // Numbers run per station: B starts its own day at 001, A carries on.
    const atB = await runAtStation('B', () => shop.sell({ items: [{ categoryId: 1 }] }));
    const second = await shop.sell({ items: [{ categoryId: 1 }] });
    expect([atB.number, second.number]).toEqual(['B-001', 'A-002']);
    expect([readOrder(shop.db, first.uuid)!.station, readOrder(shop.db, atB.uuid)!.station]).toEqual(['A', 'B']);
    expect(orderToWire(readOrder(shop.db, atB.uuid)!).number).toBe('B-001');

    const branch = new BranchSetup({ db: shop.db });
    await expect(branch.saveTillSettings({ day_cutoff_hour: 13, idle_lock_minutes: 0 })).rejects.toThrow(/day_cutoff_hour: 0 to 12/);
  });

  it('refuses a sale at a removed station', async () => {
    const shop = await openPrintingShop({ bind: [], startQueue: false });
    open.push(shop);
    addStation(shop.db, { name: 'Counter B', code: 'B' }, Date.now());
    removeStation(shop.db, 'B', Date.now());
    await expect(runAtStation('B', () => shop.sell({ items: [{ categoryId: 1 }] }))).rejects.toThrow(/station B .* was removed/);
  });

  it('treats a hand-edited, invalid till code as unset instead of stopping the sale', async () => {
    const shop = await openPrintingShop({ bind: [], startQueue: false });
    open.push(shop);
    // Written past the settings store, as a hand edit of the file would.
    shop.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('till.code', JSON.stringify('ABC-; DROP'));
    expect((await shop.sell({ items: [{ categoryId: 1 }] })).number).toBe('A-001');
  });
});
