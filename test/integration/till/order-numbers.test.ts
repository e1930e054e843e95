// Order numbers unique per till: the till code prefixes the business day's
// sequence, the day turns at the cut-off hour, orders sold before
// keep their numbers, and the upload carries the number as printed.

import { afterEach, describe, expect, it } from 'vitest';
import { businessDayOf, formatOrderNumber } from '../../../src-main/orders/index.ts';
import { BranchSetup } from '../../../src-main/branch/index.ts';
import { orderToWire } from '../../../src-main/sync/push/index.ts';
import { readOrder } from '../../../src-main/orders/index.ts';
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
  it('prefixes new orders with the till code set on the Till tab; earlier orders keep theirs; the upload carries it', async () => {
    const shop = await openPrintingShop({ bind: [], startQueue: false });
    open.push(shop);
    // A till without a code is the first station, A (as the stations registry names it).
    const before = await shop.sell({ items: [{ categoryId: 1 }] });
    expect(before.number).toBe('A-001');

    const branch = new BranchSetup({ db: shop.db });
    await branch.saveTillSettings({ code: 'b', day_cutoff_hour: 0, idle_lock_minutes: 5 });
    expect((await branch.branchSetup()).till).toEqual({ code: 'B', day_cutoff_hour: 0, idle_lock_minutes: 5 });
    // Numbers run per station: B starts its own day at 001.
    const after = await shop.sell({ items: [{ categoryId: 1 }] });
    expect(after.number).toBe('B-001');
    expect(readOrder(shop.db, before.uuid)!.number).toBe('A-001');
    expect(orderToWire(readOrder(shop.db, after.uuid)!).number).toBe('B-001');

    await expect(branch.saveTillSettings({ code: 'A1', day_cutoff_hour: 0, idle_lock_minutes: 0 })).rejects.toThrow(/code: one or two letters/);
    await expect(branch.saveTillSettings({ code: 'A', day_cutoff_hour: 13, idle_lock_minutes: 0 })).rejects.toThrow(/day_cutoff_hour: 0 to 12/);
    expect((await branch.branchSetup()).till.code).toBe('B');
  });

  it('treats a hand-edited, invalid till code as unset instead of stopping the sale', async () => {
    const shop = await openPrintingShop({ bind: [], startQueue: false });
    open.push(shop);
    // Written past the settings store, as a hand edit of the file would.
    shop.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('till.code', JSON.stringify('ABC-; DROP'));
    expect((await shop.sell({ items: [{ categoryId: 1 }] })).number).toBe('A-001');
  });
});
