// Issue 34, item 3: the price on screen is the price charged. For every
// product of the demo menu and every order type, the tile's price (what
// products() gives for that order) is the unit price of the line that adding
// it charges; and a tab's picker, priced for the tab (TAB_PRICING), shows
// what the tab's line charges (before, it showed the counter cart's
// takeaway price: Cappuccino 14.00 on the tile, 15.00 on the dine-in tab).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TYPES } from '../../../src-shared/pricing/index.ts';
import { TAB_PRICING } from '../../../src-shared/floor/index.ts';
import { optionGroupsOf } from '../../../src-shared/catalog/index.ts';
import type { ProductCard } from '../../../src-shared/selling/index.ts';
import { TillService } from '../../../src-main/host/index.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';

let service: EmulatedService;
let db: TillDatabase;
let till: TillService;

beforeAll(async () => {
  service = await emulatedService({ seed: 34 });
  db = service.open('prices.db');
  await service.pull(db);
  till = new TillService({ db, now: () => Date.UTC(2026, 10, 29, 9, 0) });
  await till.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
  await till.openShift({ float: 0 });
});
afterAll(async () => {
  await service.close();
});

async function everyTile(pricedFor?: typeof TAB_PRICING): Promise<ProductCard[]> {
  const tiles: ProductCard[] = [];
  for (const category of await till.categories()) {
    const { items } = await till.products({ category_id: category.id, offset: 0, limit: 500, ...(pricedFor ? { priced_for: pricedFor } : {}) });
    tiles.push(...items.filter((tile) => tile.price !== null));
  }
  return tiles;
}

/**
 * A product with a required group (a drink's size) is sold with a choice:
 * each required group's first option, which in the demo adds nothing (Small),
 * so the tile shows the price of the smallest.
 */
async function requiredChoices(tile: ProductCard): Promise<string[]> {
  if (!tile.requires_choice) return [];
  const { modifiers } = await till.product({ id: tile.id });
  const firsts = optionGroupsOf(modifiers)
    .filter((group) => group.min > 0)
    .flatMap((group) => group.options.slice(0, group.min));
  expect(firsts.every((option) => option.price === 0)).toBe(true);
  return firsts.map((option) => option.id);
}

describe('the price on the tile is the price charged', () => {
  it.each(ORDER_TYPES)('at the counter, %s: every product of the demo menu', async (type) => {
    await till.setOrderType({ type, table_id: null });
    const tiles = await everyTile();
    expect(tiles.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const tile of tiles) {
      // Each sale is a new cart (a void starts the next at the default order type): the cashier picks the type first.
      await till.setOrderType({ type, table_id: null });
      const cart = await till.addItem({ product_id: tile.id, quantity: 1, modifier_ids: await requiredChoices(tile) });
      const line = cart.lines.at(-1)!;
      if (line.unit_price !== tile.price) wrong.push(`${tile.name_en}: tile ${tile.price}, line ${line.unit_price}`);
      await till.voidCart({});
    }
    expect(wrong).toEqual([]);
  });

  it("on a delivery app's price list, the picker's option prices are what the line charges for them", async () => {
    const app = (await till.paymentMethods()).find((method) => method.has_prices && method.key !== 'CASH')!;
    await till.setOrderType({ type: 'TAKEAWAY', table_id: null });
    await till.setPriceList({ method_key: app.key });
    const wrong: string[] = [];
    let marked = 0;
    for (const tile of (await till.search({ query: 'Cappuccino', limit: 5 })).filter((t) => t.requires_choice)) {
      const detail = await till.product({ id: tile.id });
      for (const size of optionGroupsOf(detail.modifiers).find((group) => group.min > 0)!.options) {
        const cart = await till.addItem({ product_id: tile.id, quantity: 1, modifier_ids: [size.id] });
        const line = cart.lines.at(-1)!;
        if (line.unit_price !== detail.price! + size.price)
          wrong.push(`${tile.name_en} ${size.name_en}: picker ${detail.price! + size.price}, line ${line.unit_price}`);
        // The app's own price of a larger size is above the catalog's (what the picker showed before).
        const catalog = (await till.product({ id: tile.id, priced_for: { order_type: 'TAKEAWAY', price_list: 'CASH' } })).modifiers.find(
          (m) => m.id === size.id,
        )!;
        if (size.price !== catalog.price) marked++;
      }
      await till.voidCart({});
      await till.setPriceList({ method_key: app.key });
    }
    expect(wrong).toEqual([]);
    expect(marked).toBeGreaterThan(0);
    await till.setPriceList({ method_key: 'CASH' });
  });

  it('on a tab: the picker priced for the tab shows what its line charges, whatever the counter cart is', async () => {
    await till.setOrderType({ type: 'TAKEAWAY', table_id: null });
    const tiles = await everyTile(TAB_PRICING);
    let tab = await till.tabs.openTab({ label: 'Prices', table_id: null, guests: null });
    const wrong: string[] = [];
    let differ = 0;
    const counter = new Map((await everyTile()).map((tile) => [tile.id, tile.price]));
    for (let at = 0; at < tiles.length; at += 50) {
      const chunk = tiles.slice(at, at + 50);
      const view = (tab = await till.tabs.addRound({
        tab_id: tab.id,
        version: tab.version,
        lines: await Promise.all(chunk.map(async (tile) => ({ product_id: tile.id, quantity: 1, modifier_ids: await requiredChoices(tile), notes: null }))),
      }));
      for (const tile of chunk) {
        const line = view.lines.findLast((l) => l.product_id === tile.id)!;
        if (line.unit_price !== tile.price) wrong.push(`${tile.name_en}: tile ${tile.price}, tab line ${line.unit_price}`);
        if (counter.get(tile.id) !== tile.price) differ++;
      }
    }
    expect(wrong).toEqual([]);
    // The demo menu has dine-in prices, so the counter's takeaway tiles would have shown other prices.
    expect(differ).toBeGreaterThan(0);
  });
});
