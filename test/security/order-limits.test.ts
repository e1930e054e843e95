import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TillError } from '../../src-shared/errors/index.ts';
import { translate, isMessageKey } from '../../src-shared/i18n/index.ts';
import type { TillApi } from '../../src-shared/api/index.ts';
import { listSettings, setSetting } from '../../src-main/settings/index.ts';
import { emulatedService, type EmulatedService } from '../support/emulated-service.ts';
import { refusal } from '../support/refusal.ts';
import { startWebHost, type WebHost } from '../support/till-web-host.ts';

// Finding (issue 32, 2): a cart took 2,000 lines at quantity 999
// (35,952,012.00 SAR). Now each order has limits, settings with defaults,
// refused at the line that crosses one, in words for both languages. Over
// the real host: loopback WebSockets, the manager's browser session, a
// real SQLite file.

let service: EmulatedService;
let web: WebHost;
let api: TillApi;
let product: { id: string; price: number };

beforeEach(async () => {
  service = await emulatedService({ seed: 32 });
  web = await startWebHost(service);
  api = (await web.connect({ origin: web.origin, cookie: await web.managerCookie() })).api;
  await api.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
  const cards = (await api.search({ query: 'a', limit: 200 })).filter((p) => !p.requires_choice).slice(0, 50);
  const priced = cards.filter((card) => card.price !== null && card.price > 0);
  // A plain product (no modifier needed) whose price is known: the total limit is reached in few lines.
  const card = priced.sort((a, b) => b.price! - a.price!)[0]!;
  product = { id: card.id, price: card.price! };
});
afterEach(async () => {
  await web.close();
  await service.close();
});

/** The refusal's words in English and Arabic, as a screen shows them, with the limit in both. */
function inBothLanguages(error: TillError, max: string | number): void {
  expect(error.reason?.code).toMatch(/^limits\./);
  const key = `reason.${error.reason!.code}`;
  expect(isMessageKey(key), key).toBe(true);
  if (!isMessageKey(key)) return;
  const en = translate('en', key, error.reason!.params);
  const ar = translate('ar', key, error.reason!.params);
  expect(en).toContain(String(max));
  expect(ar).toContain(String(max));
  expect(ar).toMatch(/[\u0600-\u06ff]/);
  expect(en).not.toEqual(ar);
}

describe('the limits on one order', () => {
  it('are settings with defaults that pos settings lists', () => {
    const listed = new Map(listSettings(web.db).settings.map((s) => [s.key, s]));
    expect(listed.get('limits.cart_lines')).toMatchObject({ value: 200, default: 200, is_set: false });
    expect(listed.get('limits.line_quantity')).toMatchObject({ value: 500, default: 500, is_set: false });
    expect(listed.get('limits.order_total')).toMatchObject({ value: '100000.00', default: '100000.00', is_set: false });
    for (const key of ['limits.cart_lines', 'limits.line_quantity', 'limits.order_total'] as const) {
      expect(listed.get(key)!.description.en.length).toBeGreaterThan(10);
      expect(listed.get(key)!.description.ar).toMatch(/[\u0600-\u06ff]/);
    }
  });

  it('refuses the line past limits.cart_lines, and the cart keeps what it had', async () => {
    setSetting(web.db, 'limits.cart_lines', 5);
    for (let i = 0; i < 5; i++) await api.addItem({ product_id: product.id, quantity: 1 });
    const error = await refusal(api.addItem({ product_id: product.id, quantity: 1 }));
    expect(error.code).toBe('invalid_input');
    expect(error.reason).toEqual({ code: 'limits.cartLines', params: { max: 5 } });
    inBothLanguages(error, 5);
    // A scan adds a line too.
    expect((await api.cart()).lines).toHaveLength(5);
    // Changing a line that is there is not adding one.
    const first = (await api.cart()).lines[0]!;
    expect((await api.updateItem({ line_id: first.line_id, quantity: 2 })).lines).toHaveLength(5);
    // After a line goes, another may come.
    await api.removeItem({ line_id: first.line_id });
    expect((await api.addItem({ product_id: product.id, quantity: 1 })).lines).toHaveLength(5);
  });

  it('refuses a quantity over limits.line_quantity (500 by default), added or changed', async () => {
    const error = await refusal(api.addItem({ product_id: product.id, quantity: 501 }));
    expect(error.reason).toEqual({ code: 'limits.lineQuantity', params: { max: 500 } });
    inBothLanguages(error, 500);
    const line = (await api.addItem({ product_id: product.id, quantity: 1 })).lines[0]!;
    const raised = await refusal(api.updateItem({ line_id: line.line_id, quantity: 999 }));
    expect(raised.reason?.code).toBe('limits.lineQuantity');
    expect((await api.cart()).lines[0]!.quantity).toBe(1);
  });

  it('refuses the line that takes the total past limits.order_total (100,000.00 by default), and a checkout over it', async () => {
    // Lines of 500 until the next one would pass 100,000.00 (10,000,000 halalas).
    const perLine = 500 * product.price;
    const fit = Math.floor(10_000_000 / perLine);
    expect(fit).toBeLessThan(200);
    for (let i = 0; i < fit; i++) await api.addItem({ product_id: product.id, quantity: 500 });
    const before = await api.cart();
    expect(before.total).toBeLessThanOrEqual(10_000_000);
    const error = await refusal(api.addItem({ product_id: product.id, quantity: 500 }));
    expect(error.reason).toEqual({ code: 'limits.orderTotal', params: { max: '100000.00' } });
    inBothLanguages(error, '100000.00');
    expect((await api.cart()).total).toBe(before.total);

    // The operator lowers the limit under the cart: it is not paid over it, and it can still shrink.
    setSetting(web.db, 'limits.order_total', '10.00');
    const paid = await refusal(api.checkout({ payments: [{ method_key: 'CASH', amount: before.total }] }));
    expect(paid.reason).toEqual({ code: 'limits.orderTotal', params: { max: '10.00' } });
    expect((await api.orders({ limit: 10 })).length).toBe(0);
    const line = before.lines[0]!;
    expect((await api.updateItem({ line_id: line.line_id, quantity: 1 })).lines[0]!.quantity).toBe(1);
  });

  it("holds a tab's rounds to the same limits", async () => {
    setSetting(web.db, 'limits.cart_lines', 3);
    const tab = await api.openTab({ label: 'Limits' });
    const round = (count: number, quantity = 1) => Array.from({ length: count }, () => ({ product_id: product.id, quantity }));
    const first = await api.addRound({ tab_id: tab.id, version: tab.version, lines: round(2) });
    const tooMany = await refusal(api.addRound({ tab_id: tab.id, version: first.version, lines: round(2) }));
    expect(tooMany.reason).toEqual({ code: 'limits.cartLines', params: { max: 3 } });
    const tooMuch = await refusal(api.addRound({ tab_id: tab.id, version: first.version, lines: round(1, 501) }));
    expect(tooMuch.reason?.code).toBe('limits.lineQuantity');
    expect((await api.tab({ tab_id: tab.id })).lines).toHaveLength(2);
  });
});
