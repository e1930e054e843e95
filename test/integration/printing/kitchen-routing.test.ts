// Kitchen tickets go where the kitchens route them: the Bar makes drinks,
// the Kitchen food, the Cashier prints receipts and no tickets. Routing is
// pulled from the emulator's GET /kitchens at any API version, and a local
// override on the till wins over it.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '../../../src-shared/selling/index.ts';
import { readKitchenRoutes, setLocalRoute } from '../../../src-main/printing/index.ts';
import { readPrintJobs } from '../../../src-main/printing/queue/print-job-store.ts';
import { type DecodedEscPos } from '../../../src-main/printing/escpos/decode-escpos.ts';
import { DRINK_CATEGORIES, FOOD_CATEGORIES, openPrintingShop, RETAIL_CATEGORY, type PrinterName, type PrintingShop, type Sale } from './printing-shop.ts';

let shop: PrintingShop;
beforeAll(async () => {
  // Text mode everywhere, so the tickets can be read back as text.
  shop = await openPrintingShop({
    flags: { Cashier: ['PRINT_AUTO', 'PRODUCT_SHOW'], Bar: ['PRINT_AUTO'], Kitchen: ['PRINT_AUTO'] },
  });
});
afterAll(async () => {
  await shop.close();
});

const MIXED: Sale = {
  items: [{ categoryId: 1, quantity: 2, modifiers: 1, notes: 'extra hot' }, { categoryId: 5, notes: 'warm it up' }, { categoryId: RETAIL_CATEGORY }],
  type: 'DINE_IN',
  table: '12',
};

/** Sells, lets the queue print, and returns what each printer printed for this order. */
async function sellAndCollect(sale: Sale): Promise<{ order: OrderView; printed: Record<PrinterName, DecodedEscPos[]> }> {
  const before = new Map([...shop.sinks].map(([name, sink]) => [name, sink.jobs.length]));
  const order = await shop.sell(sale);
  await shop.settle();
  const printed = {} as Record<PrinterName, DecodedEscPos[]>;
  for (const [name, sink] of shop.sinks) {
    const done = readPrintJobs(shop.db, order.uuid).filter((j) => j.printer_id === shop.printer(name).id && j.state === 'done').length;
    await sink.waitForJobs(before.get(name)! + done);
    printed[name] = sink.jobs.slice(before.get(name)!).map((job) => job.decoded);
  }
  return { order, printed };
}

const sizedLines = (decoded: DecodedEscPos) => {
  // Each text line with the GS ! size it was printed at.
  const lines: { text: string; width: number; height: number }[] = [];
  let size = { width: 1, height: 1 };
  for (const command of decoded.commands) {
    if (command.type === 'size') size = { width: command.width, height: command.height };
    if (command.type === 'init') size = { width: 1, height: 1 };
    if (command.type === 'text') lines.push({ text: command.text, ...size });
  }
  return lines;
};

describe('kitchen routing', () => {
  it('is pulled from the service: Bar gets the drinks categories, Kitchen the food, Cashier none', () => {
    const routes = readKitchenRoutes(shop.db);
    expect(routes.get(shop.printer('Bar').id)).toEqual({ categories: DRINK_CATEGORIES, source: 'service' });
    expect(routes.get(shop.printer('Kitchen').id)).toEqual({ categories: FOOD_CATEGORIES, source: 'service' });
    expect(routes.has(shop.printer('Cashier').id)).toBe(false);
    expect(shop.printer('Cashier').kind).toBe('receipt');
  });

  it('is the same whether pulled at 2.2.0 (kitchen_group_id, product_category_id) or 2.5.0', async () => {
    const legacy = shop.service.open('legacy.db');
    await shop.service.pull(legacy, { apiVersion: '2.2.0' });
    const strip = (db: typeof legacy) => [...readKitchenRoutes(db)].sort(([a], [b]) => a.localeCompare(b));
    expect(strip(legacy)).toEqual(strip(shop.db));
    const rows = (db: typeof legacy) => db.prepare('SELECT * FROM kitchen_categories ORDER BY id').all();
    expect(rows(legacy)).toEqual(rows(shop.db));
  });

  it('prints each station only its own lines, large, with modifiers and notes and no prices', async () => {
    const { order, printed } = await sellAndCollect(MIXED);
    const [drink, food, retail] = order.lines;
    expect(printed.Bar).toHaveLength(1);
    expect(printed.Kitchen).toHaveLength(1);
    const bar = printed.Bar[0]!;
    const kitchen = printed.Kitchen[0]!;

    expect(bar.text).toContain(`#${order.number}`);
    expect(bar.text).toContain('DINE IN - Table 12');
    expect(bar.text).toContain(`2 x ${drink!.name_en}`);
    expect(bar.text).toContain(`+ ${drink!.modifiers[0]!.name_en}`);
    expect(bar.text).toContain('! extra hot');
    expect(bar.text).not.toContain(food!.name_en);
    expect(kitchen.text).toContain(`1 x ${food!.name_en}`);
    expect(kitchen.text).toContain('! warm it up');
    expect(kitchen.text).not.toContain(drink!.name_en);
    // Packaged goods are routed nowhere: on no ticket.
    for (const ticket of [bar, kitchen]) {
      expect(ticket.text).not.toContain(retail!.name_en);
      expect(ticket.text).not.toMatch(/\d+\.\d\d/);
    }
    // Large type: the order number and the items at double width and height.
    const lines = sizedLines(bar);
    expect(lines.find((l) => l.text === `#${order.number}`)).toMatchObject({ width: 2, height: 2 });
    expect(lines.find((l) => l.text.includes(drink!.name_en))).toMatchObject({ width: 2, height: 2 });

    // The receipt printer got the receipt, and no ticket.
    expect(printed.Cashier).toHaveLength(1);
    expect(printed.Cashier[0]!.text).toContain('Simplified Tax Invoice');
    expect(
      readPrintJobs(shop.db, order.uuid)
        .map((j) => [j.printer_id, j.kind])
        .sort(),
    ).toEqual(
      [
        [shop.printer('Bar').id, 'kitchen'],
        [shop.printer('Cashier').id, 'receipt'],
        [shop.printer('Kitchen').id, 'kitchen'],
      ].sort(),
    );
  });

  it("gives a station with none of the order's categories no ticket at all", async () => {
    const { order, printed } = await sellAndCollect({ items: [{ categoryId: 2 }, { categoryId: 3 }] });
    expect(printed.Kitchen).toEqual([]);
    expect(printed.Bar).toHaveLength(1);
    expect(readPrintJobs(shop.db, order.uuid).some((j) => j.printer_id === shop.printer('Kitchen').id)).toBe(false);
    const retailOnly = await sellAndCollect({ items: [{ categoryId: RETAIL_CATEGORY }] });
    expect(retailOnly.printed.Bar).toEqual([]);
    expect(retailOnly.printed.Kitchen).toEqual([]);
    expect(retailOnly.printed.Cashier).toHaveLength(1);
  });

  it('lets a local override win over the service, and survive the next pull', async () => {
    const bar = shop.printer('Bar').id;
    setLocalRoute(shop.db, bar, [5]);
    await shop.service.pull(shop.db);
    expect(readKitchenRoutes(shop.db).get(bar)).toEqual({ categories: [5], source: 'local' });
    const { order, printed } = await sellAndCollect(MIXED);
    expect(printed.Bar[0]!.text).toContain(order.lines[1]!.name_en);
    expect(printed.Bar[0]!.text).not.toContain(order.lines[0]!.name_en);
    // Nobody makes the drink now: the override is the till's word.
    expect(printed.Kitchen[0]!.text).toContain(order.lines[1]!.name_en);

    // No categories: the Bar printer becomes a receipt printer.
    setLocalRoute(shop.db, bar, []);
    expect(shop.printer('Bar').kind).toBe('receipt');
    setLocalRoute(shop.db, bar, null);
    expect(readKitchenRoutes(shop.db).get(bar)).toEqual({ categories: DRINK_CATEGORIES, source: 'service' });
  });

  it('follows the service when it moves a category to another station', async () => {
    const tenant = shop.service.emulator.tenant;
    const bar = tenant.kitchens.find((k) => k.name_en === 'Bar')!;
    const kitchen = tenant.kitchens.find((k) => k.name_en === 'Kitchen')!;
    const moved = kitchen.categories.find((c) => c.category_id === 5)!;
    kitchen.categories.splice(kitchen.categories.indexOf(moved), 1);
    bar.categories.push({ ...moved, kitchen_id: bar.id });
    try {
      await shop.service.pull(shop.db);
      const { order, printed } = await sellAndCollect({ items: [{ categoryId: 5 }] });
      expect(printed.Bar[0]!.text).toContain(order.lines[0]!.name_en);
      expect(printed.Kitchen).toEqual([]);
    } finally {
      bar.categories.pop();
      kitchen.categories.push(moved);
      await shop.service.pull(shop.db);
    }
  });

  it('prints no kitchen tickets for a refund, only its credit note', async () => {
    const { order } = await sellAndCollect(MIXED);
    const before = new Map([...shop.sinks].map(([name, sink]) => [name, sink.jobs.length]));
    const refund = await shop.till.refund({ uuid: order.uuid, reason: 'wrong order' });
    await shop.settle();
    expect(readPrintJobs(shop.db, refund.uuid).map((j) => j.kind)).toEqual(['receipt']);
    const cashier = shop.sinks.get('Cashier')!;
    const [note] = (await cashier.waitForJobs(before.get('Cashier')! + 1)).slice(before.get('Cashier')!);
    expect(note!.decoded.text).toContain('Credit Note (Refund)');
    expect(shop.sinks.get('Bar')!.jobs.length).toBe(before.get('Bar'));
  });
});
