import type { Page } from '@playwright/test';
import { replicaCatalog, type CatalogPrice } from './replica-catalog.ts';
import { addProduct, cartFigures, CROISSANT, halalas, ICED_AMERICANO, pairTill, shot, type DemoProduct, type Lang } from './till-page.ts';
import type { TillServer } from './till-server.ts';
import { expect, test } from './till-test.ts';

/**
 * What a product costs on a price list for a takeaway order, worked out
 * from the paired catalog (read with `pos catalog`) rather than from the
 * till's own pricing: the list's own price, else the CASH price, plus the
 * takeaway adjustment. The demo's prices are all NOMINAL.
 */
function takeawayPrice(dbFile: string, product: DemoProduct, list: string): number {
  const { prices } = replicaCatalog(dbFile).products.find((p) => p.name_en === product.en && p.is_active)!;
  const own = (type: CatalogPrice['priceable_type'], id: string) =>
    prices.find((p) => p.modifier_id === null && p.priceable_type === type && p.priceable_id === id && p.value_type === 'NOMINAL');
  const base = own('PAYMENT_METHOD', list) ?? own('PAYMENT_METHOD', 'CASH')!;
  const takeaway = own('ORDER_TYPE', 'TAKEAWAY');
  return halalas(base.value) + (takeaway ? halalas(takeaway.value) : 0);
}

const lineTotal = async (page: Page, product: DemoProduct, lang: Lang) =>
  halalas(await page.getByTestId('cart-line').filter({ hasText: product[lang] }).getByTestId('line-total').textContent());

const ABDULLAH = 'Abdullah Al-Qahtani';

/**
 * A HungerStation order: the cart switched to the app's prices and back,
 * a customer found by phone, then paid with HungerStation while the cart
 * is on the counter's prices, so the till warns and switches on one tap;
 * the order in the history carries the customer and the app's prices.
 */
async function deliveryAppSale(page: Page, server: TillServer, lang: Lang): Promise<void> {
  // Pairing, two sales and the history on a loaded machine take longer than the default three minutes.
  test.setTimeout(600_000);
  const prefix = 'price-list';
  const guard = await pairTill(page, server.url, lang);

  // The counter's prices by default; the delivery apps, which have menus of their own, besides.
  const select = page.getByTestId('pricelist-select');
  await expect(select).toHaveAttribute('data-price-list', 'CASH');
  expect(await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).toEqual([
    'CASH',
    'HUNGERSTATION',
    'JAHEZ',
  ]);
  await expect(select.locator('option[value="CASH"]')).toHaveText(lang === 'en' ? 'Counter' : 'المحل');
  await expect(select.locator('option[value="HUNGERSTATION"]')).toHaveText(lang === 'en' ? 'HungerStation' : 'هنقرستيشن');

  await addProduct(page, ICED_AMERICANO, lang);
  await addProduct(page, CROISSANT, lang);
  const counter = { americano: takeawayPrice(server.dbFile, ICED_AMERICANO, 'CASH'), croissant: takeawayPrice(server.dbFile, CROISSANT, 'CASH') };
  // HungerStation prices the drink higher; the croissant has no HungerStation price, so it stays at the counter's.
  const app = { americano: takeawayPrice(server.dbFile, ICED_AMERICANO, 'HUNGERSTATION'), croissant: takeawayPrice(server.dbFile, CROISSANT, 'HUNGERSTATION') };
  expect(app.americano).toBeGreaterThan(counter.americano);
  expect(app.croissant).toBe(counter.croissant);
  const counterTotal = counter.americano + counter.croissant;
  const appTotal = app.americano + app.croissant;
  expect((await cartFigures(page)).total).toBe(counterTotal);

  // Switched to HungerStation, the cart re-prices at once, and so do the tiles.
  await select.selectOption('HUNGERSTATION');
  await expect(select).toHaveAttribute('data-price-list', 'HUNGERSTATION');
  await expect.poll(async () => (await cartFigures(page)).total).toBe(appTotal);
  expect(await lineTotal(page, ICED_AMERICANO, lang)).toBe(app.americano);
  expect(await lineTotal(page, CROISSANT, lang)).toBe(app.croissant);
  await page.getByTestId(`category-${ICED_AMERICANO.category}`).click();
  const tile = page.getByTestId('product-tile').filter({ hasText: ICED_AMERICANO[lang] }).first();
  await expect.poll(async () => halalas(await tile.locator('.price').textContent())).toBe(app.americano);
  await shot(page, `${prefix}-hungerstation-${lang}`);

  // And back to the counter's prices.
  await select.selectOption('CASH');
  await expect(select).toHaveAttribute('data-price-list', 'CASH');
  await expect.poll(async () => (await cartFigures(page)).total).toBe(counterTotal);
  await expect.poll(async () => halalas(await tile.locator('.price').textContent())).toBe(counter.americano);

  // The customer, found by the phone as a person says it (with the leading 0), chosen with Enter.
  await page.getByTestId('customer-button').click();
  const picker = page.getByTestId('customer-dialog');
  await expect(picker).toBeVisible();
  await expect(picker.getByTestId('customer-option')).toHaveCount(4);
  await page.keyboard.type('0501');
  const option = picker.getByTestId('customer-option');
  await expect(option).toHaveCount(1);
  await expect(option).toContainText(ABDULLAH);
  await expect(option).toContainText('+966 501234567');
  const customerId = (await option.getAttribute('data-customer-id'))!;
  await shot(page, `${prefix}-customer-${lang}`);
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('cart')).toHaveAttribute('data-customer-id', customerId);
  await expect(page.getByTestId('customer-name')).toHaveText(ABDULLAH);

  // Cleared with one tap, and chosen again by name.
  await page.getByTestId('customer-clear').click();
  await expect(page.getByTestId('cart')).not.toHaveAttribute('data-customer-id');
  await page.getByTestId('customer-button').click();
  await picker.getByTestId('customer-search').fill('qahtani');
  await picker.getByTestId('customer-option').filter({ hasText: ABDULLAH }).click();
  await expect(page.getByTestId('customer-name')).toHaveText(ABDULLAH);
  await shot(page, `${prefix}-cart-${lang}`);

  // Paying with HungerStation on the counter's prices: a warning, and nothing re-priced until the cashier says so.
  await page.getByTestId('pay-button').click();
  const pay = page.getByTestId('payment-dialog');
  await expect(pay).toBeVisible();
  expect(halalas(await pay.getByTestId('pay-total').textContent())).toBe(counterTotal);
  await pay.getByTestId('pay-method-HUNGERSTATION').click();
  const warning = pay.getByTestId('pay-pricelist-warning');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(
    lang === 'en' ? 'HungerStation has its own prices, but this order is on Counter prices' : 'لـهنقرستيشن أسعار خاصة، لكن هذا الطلب بأسعار المحل',
  );
  await expect(warning.getByTestId('pay-switch-pricelist')).toBeFocused();
  expect(halalas(await pay.getByTestId('pay-total').textContent())).toBe(counterTotal);
  await shot(page, `${prefix}-warning-${lang}`);

  await warning.getByTestId('pay-switch-pricelist').click();
  await expect(warning).toBeHidden();
  await expect.poll(async () => halalas(await pay.getByTestId('pay-total').textContent())).toBe(appTotal);
  await expect(pay.getByTestId('pay-pricelist')).toHaveAttribute('data-price-list', 'HUNGERSTATION');
  const line = pay.getByTestId('pay-line');
  await expect(line).toHaveCount(1);
  await expect(line).toHaveAttribute('data-method', 'HUNGERSTATION');
  await expect(line).toHaveAttribute('data-amount', String(appTotal));
  await expect(pay.getByTestId('pay-remaining')).toHaveText('0.00');
  await shot(page, `${prefix}-payment-${lang}`);
  await pay.getByTestId('pay-complete').click();

  const receipt = page.getByTestId('receipt');
  await expect(receipt).toBeVisible();
  const number = (await receipt.getAttribute('data-order-number'))!;
  expect(halalas(await page.getByTestId('receipt-total').textContent())).toBe(appTotal);
  await page.getByTestId('new-sale').click();

  // The next order starts on the counter's prices, with no customer.
  await expect(select).toHaveAttribute('data-price-list', 'CASH');
  await expect(page.getByTestId('cart')).not.toHaveAttribute('data-customer-id');

  // The order in the history: the customer, the app's prices, paid by the app.
  await page.getByTestId('nav-orders').click();
  await page.locator(`[data-testid="order-row"][data-number="${number}"]`).click();
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-customer')).toHaveAttribute('data-customer-id', customerId);
  await expect(detail.getByTestId('order-customer')).toContainText(ABDULLAH);
  await expect(detail.getByTestId('order-pricelist')).toHaveAttribute('data-price-list', 'HUNGERSTATION');
  expect(halalas(await detail.getByTestId('order-total').textContent())).toBe(appTotal);
  await expect(detail.locator('.payments li')).toContainText(lang === 'en' ? 'HungerStation' : 'هنقرستيشن');
  await shot(page, `${prefix}-order-${lang}`);

  expect(guard.errors).toEqual([]);
}

test("a delivery-app order: the app's prices, a customer, the warning when paying at other prices", async ({ page, server }) => {
  await deliveryAppSale(page, server, 'en');
});

test('the same delivery-app order in Arabic, right to left', async ({ page, server }) => {
  await deliveryAppSale(page, server, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The price list and the customer sit in the cart panel, mirrored: the price list at the inline start (right).
  await page.getByTestId('nav-sell').click();
  const select = await page.getByTestId('pricelist-select').boundingBox();
  const customer = await page.getByTestId('customer-button').boundingBox();
  expect(select!.x).toBeGreaterThan(customer!.x);
});
