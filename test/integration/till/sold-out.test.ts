import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TillApi, TillEvent } from '../../../src-shared/api/index.ts';
import { openDatabase } from '../../../src-main/db/index.ts';
import { TillService } from '../../../src-main/host/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';
import { eventually, ManualClock } from '../../support/manual-clock.ts';
import { refusal } from '../../support/refusal.ts';
import { startWebHost, type WebHost } from '../../support/till-web-host.ts';
import { pairDevice } from '../../support/till-web-host.ts';
import { ensureShift, PINS } from '../stations/station-branch.ts';
import { kitchenDisplay, openDisplay } from '../kitchen/kitchen-board.ts';

// Issue 34 item 6, sold out ("86") on every screen, over real WebSockets on
// one hub and its real SQLite file: a manager at counter A marks a product
// and an option sold out; tablet B hears it at once, its tiles and picker
// say so, and its adds (cart and tab round) are refused in the cashier's
// words; a paired tablet needs a manager's PIN, the kitchen display none;
// the marks outlive a restart and end with the business day (injected clock).

/** 09:30 local time on 21 November 2026: the hub's clock, never advanced here. */
const MARKED_AT = new Date(2026, 10, 21, 9, 30).getTime();

let service: EmulatedService;
let web: WebHost;

beforeEach(async () => {
  service = await emulatedService({ seed: 34 });
  web = await startWebHost(service, { pairing: true, clock: new ManualClock(MARKED_AT) });
});
afterEach(async () => {
  await web.close();
  await service.close();
});

/** Counter A (the manager screen, Huda, a manager, signed in) and tablet B (paired, Sara, a cashier), each with its shift; B's connection for its events. */
async function counters() {
  const a = (await web.connect({ origin: web.origin, cookie: await web.managerCookie() })).api;
  await a.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
  await a.addCashier({ name: 'Huda', role: 'manager', pin: PINS.huda });
  const sara = await a.addCashier({ name: 'Sara', role: 'cashier', pin: PINS.sara });
  const tabletB = await web.connect({ origin: web.origin, cookie: await pairDevice(web) });
  await tabletB.api.unlock({ cashier_id: sara.id, pin: PINS.sara });
  await ensureShift(a);
  await ensureShift(tabletB.api);
  return { a, b: tabletB.api, tabletB };
}

/** A product whose options are all optional, with one option, priced for the counter. */
async function productWithOption(api: TillApi) {
  for (const card of await api.search({ query: 'a', limit: 100 })) {
    if (card.price === null || !card.has_modifiers || card.requires_choice) continue;
    const detail = await api.product({ id: card.id });
    if (detail.modifiers.length >= 2) return detail;
  }
  throw new Error('the demo menu has no product with two optional options');
}

describe('sold out on every screen', () => {
  it(
    'marked at A: B hears it, its tiles and picker show it, its adds are refused; a PIN at a tablet, none at the kitchen display',
    { timeout: 180_000 },
    async () => {
      const { a, b, tabletB } = await counters();
      const heardAtB: TillEvent[] = [];
      tabletB.onEvent((event) => heardAtB.push(event));
      const withOption = await productWithOption(a);
      const productId = (await a.search({ query: 'a', limit: 50 })).find((p) => p.price !== null && p.id !== withOption.id && !p.requires_choice)!.id;
      const [soldOption, otherOption] = withOption.modifiers;

      // Nothing is sold out yet: the tile says so and the add goes through.
      expect((await b.search({ query: 'a', limit: 50 })).find((p) => p.id === productId)?.sold_out).toBe(false);

      // Counter A (a manager signed in at the till's own screen) marks the product.
      const list = await a.markSoldOut({ kind: 'product', id: productId });
      expect(list.map((m) => [m.kind, m.id, m.marked_by])).toEqual([['product', productId, 'Huda']]);
      await eventually('B hears the sold-out event', () => heardAtB.some((e) => e.type === 'sold-out' && e.items.some((m) => m.id === productId)));
      const tile = (await b.search({ query: 'a', limit: 50 })).find((p) => p.id === productId)!;
      expect(tile.sold_out).toBe(true);
      const refused = await refusal(b.addItem({ product_id: productId }));
      expect(refused.code).toBe('sold_out');
      expect(refused.reason?.code).toBe('soldOut.product');
      expect(refused.reason?.params).toMatchObject({ name: tile.name_en, name_ar: tile.name_ar });
      expect((await b.cart()).lines).toHaveLength(0);

      // An option: the picker marks it, an add with it is refused, the same product without it sells.
      await a.markSoldOut({ kind: 'modifier', id: soldOption!.id });
      const picker = await b.product({ id: withOption.id });
      expect(picker.sold_out).toBe(false);
      expect(picker.modifiers.find((m) => m.id === soldOption!.id)?.sold_out).toBe(true);
      expect(picker.modifiers.find((m) => m.id === otherOption!.id)?.sold_out).toBe(false);
      const optionRefused = await refusal(b.addItem({ product_id: withOption.id, modifier_ids: [soldOption!.id] }));
      expect([optionRefused.code, optionRefused.reason?.code]).toEqual(['sold_out', 'soldOut.option']);
      const cart = await b.addItem({ product_id: withOption.id, modifier_ids: [otherOption!.id] });
      // Choosing the sold-out option on a line already in the cart is refused too.
      const editRefused = await refusal(b.updateItem({ line_id: cart.lines[0]!.line_id, modifier_ids: [otherOption!.id, soldOption!.id] }));
      expect(editRefused.code).toBe('sold_out');

      // A tab's round at A is held to the same marks.
      const table = (await a.floor())[0]!;
      const tab = await a.openTab({ table_id: table.id, guests: 2 });
      const roundRefused = await refusal(a.addRound({ tab_id: tab.id, version: tab.version, lines: [{ product_id: productId, quantity: 1 }] }));
      expect(roundRefused.code).toBe('sold_out');

      // Tablet B is a cashier's screen: refused without a manager's PIN, done with Huda's.
      expect((await refusal(b.markBack({ kind: 'product', id: productId }))).code).toBe('not_allowed');
      expect((await b.soldOut()).map((m) => m.id)).toContain(productId);
      await b.markBack({ kind: 'product', id: productId, approval: { manager_pin: PINS.huda } });
      expect((await b.soldOut()).map((m) => m.id)).toEqual([soldOption!.id]);
      expect((await b.addItem({ product_id: productId })).lines).toHaveLength(2);

      // The kitchen display marks without a cashier or a PIN, and hears the list.
      const display = await openDisplay(web, await kitchenDisplay(web));
      const marked = await display.api.markSoldOut({ kind: 'product', id: productId });
      expect(marked.find((m) => m.id === productId)?.marked_by).toBe('station K');
      await eventually('the display hears the sold-out event', () => display.heard.some((e) => e.type === 'sold-out'));
      expect((await refusal(b.addItem({ product_id: productId }))).code).toBe('sold_out');
    },
  );

  it('the marks outlive a restart of the database and end with the business day (cut-off hour)', { timeout: 180_000 }, async () => {
    const { a } = await counters();
    const card = (await a.search({ query: 'a', limit: 50 })).find((p) => p.price !== null)!;
    await a.markSoldOut({ kind: 'product', id: card.id });
    const file = web.db.name;
    await web.close();
    web.db.close();

    const db = openDatabase(file);
    try {
      setSetting(db, 'till.day_cutoff_hour', 4);
      // 03:00 the next morning is still the business day of the mark (the day starts at 04:00).
      const night = new TillService({ db, now: () => new Date(2026, 10, 22, 3, 0).getTime() });
      expect((await night.soldOut()).map((m) => m.id)).toEqual([card.id]);
      expect((await refusal(night.addItem({ product_id: card.id }))).code).toBe('sold_out');
      // 04:00: the next business day, everything on sale again without anyone clearing it.
      const morning = new TillService({ db, now: () => new Date(2026, 10, 22, 4, 0).getTime() });
      expect(await morning.soldOut()).toEqual([]);
      expect((await morning.search({ query: card.name_en, limit: 50 })).find((p) => p.id === card.id)?.sold_out).toBe(false);
      expect((await morning.addItem({ product_id: card.id })).lines).toHaveLength(1);
    } finally {
      db.close();
    }
  });
});
