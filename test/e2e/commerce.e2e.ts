import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import type { UploadedOrder } from '../../emulator/received-order.ts';
import { translate, type MessageKey, type MessageParams } from '../../src-shared/i18n/index.ts';
import { posJson, posOn } from './pos-cli.ts';
import { CROISSANT, guardPage, halalas, ICED_AMERICANO, pickProduct, shot, waitForTill, type Lang } from './till-page.ts';
import { startTillServer, type TillServer } from './till-server.ts';
import { expect, test } from './till-test.ts';

// Issue 35 in a real browser, in English and Arabic: the chain's discounts
// (an automatic one and one picked from the list), a coupon verified online
// and one refused, a loyalty reward checked as the contract shows it and
// applied once, and a customer added at the counter, each seen on the
// screen in the cashier's words and in what the service received. The
// service is the emulator in this process (so the test adds the chain's
// discount, holds an answer and reads what arrived), the till `pos serve`
// signed in to it from its sign-in screen as a manager does.

const LOYALTY_PROVIDER = 'e2e-loyalty';
const LOYALTY_TOKEN = 'e2e-loyalty-token-7f3a';
const REWARD = 'APP-REWARD-5';
const UNKNOWN_REWARD = 'APP-REWARD-404';
const COUPON = 'RAMADAN10';
const BAD_COUPON = 'NOPE-42';

/** The chain's automatic discount on the bakery (the croissant's category), in force now. */
const BAKERY = { name_en: 'Bakery morning 20%', name_ar: 'صباح المخبوزات 20%' };
/** The demo chain's manual whole-order discount, picked from the list. */
const STAFF = { name_en: 'Staff 10%', name_ar: 'خصم الموظفين 10%' };
const NEW_CUSTOMER = {
  en: { name: 'Layla Haddad', phone: '509876541' },
  ar: { name: 'ليلى حداد', phone: '509876542' },
};

const words = (lang: Lang, key: MessageKey, params?: MessageParams) => translate(lang, key, params);

/** The service with the chain's automatic bakery discount, and a till database told its loyalty provider and token before it starts. */
async function commerceTill(): Promise<{ emulator: RunningEmulator; server: TillServer; dir: string }> {
  const emulator = await startEmulator({ port: 0 });
  emulator.tenant.discounts.push({
    id: 'b2a1c6f0-0000-4000-8000-00000000d020',
    market_id: emulator.marketId,
    branch_ids: [emulator.branchId],
    is_active: true,
    is_automatic: true,
    code: null,
    deleted_at: null,
    ...BAKERY,
    type: 'PERCENT',
    value: '20.00',
    applies_to: 'CATEGORIES',
    category_ids: [CROISSANT.category],
  });
  emulator.promotions.loyaltyApiToken = LOYALTY_TOKEN;
  const dir = mkdtempSync(join(tmpdir(), 'till-commerce-'));
  const dbFile = join(dir, 'till.db');
  const settings: [string, string][] = [
    ['loyalty.provider', LOYALTY_PROVIDER],
    ['loyalty.api_token', LOYALTY_TOKEN],
  ];
  for (const [key, value] of settings) posOn(dbFile, 'settings', 'set', key, value);
  const server = await startTillServer({ dbFile, demo: false });
  return { emulator, server, dir };
}

/** Signs in to the service from the sign-in screen as a manager types it, and waits for the till (first manager, shift). */
async function signIn(page: Page, url: string, emulator: RunningEmulator, lang: Lang): Promise<{ errors: string[] }> {
  const guard = guardPage(page);
  await page.goto(`${url}?lang=${lang}`);
  await expect(page.getByTestId('signin')).toBeVisible();
  await page.getByTestId('signin-base-url').fill(emulator.baseUrl);
  await page.getByTestId('signin-token').fill(emulator.token);
  await page.getByTestId('signin-submit').click();
  await waitForTill(page);
  return guard;
}

/** The service discounts named under the cart's discount, by name, with what each takes off. */
async function cartServiceDiscounts(page: Page): Promise<{ name: string; amount: number }[]> {
  const rows = page.getByTestId('cart-service-discount');
  const found: { name: string; amount: number }[] = [];
  for (const row of await rows.all())
    found.push({ name: ((await row.locator('dt').textContent()) ?? '').trim(), amount: halalas(await row.locator('dd').textContent()) });
  return found;
}

/** Pays the cart in exact cash; the order's number. */
async function payExactCash(page: Page, total: number): Promise<string> {
  await page.getByTestId('pay-exact-cash').click();
  const done = page.getByTestId('sale-done');
  await expect(done).toBeVisible();
  expect(halalas(await done.getByTestId('receipt-total').textContent())).toBe(total);
  const number = (await done.getByTestId('receipt').getAttribute('data-order-number')) ?? '';
  expect(number).not.toBe('');
  await page.getByTestId('new-sale').click();
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  return number;
}

/** The order numbered `number` once the service holds it (the till uploads by itself). */
async function uploaded(emulator: RunningEmulator, number: string): Promise<UploadedOrder> {
  await expect
    .poll(() => [...emulator.orders.values()].some((held) => String(held.order.number) === number), {
      timeout: 60_000,
      message: `order ${number} reaches the service`,
    })
    .toBe(true);
  return [...emulator.orders.values()].find((held) => String(held.order.number) === number)!.order;
}

/** The paid order as the Orders screen shows it (the till API's `order`): each discount it was given (its words and amount), and its total. */
async function orderOnScreen(page: Page, number: string): Promise<{ discounts: { text: string; amount: number }[]; total: number }> {
  await page.getByTestId('nav-orders').click();
  await page.locator(`[data-testid="order-row"][data-number="${number}"]`).click();
  const detail = page.getByTestId('order-detail');
  await expect(detail).toBeVisible();
  await expect(detail).toContainText(number);
  const discounts: { text: string; amount: number }[] = [];
  for (const row of await detail.getByTestId('order-service-discount').all())
    discounts.push({
      text: ((await row.locator('dt').textContent()) ?? '').replace(/\s+/g, ' ').trim(),
      amount: halalas(await row.locator('dd').textContent()),
    });
  const total = halalas(await page.getByTestId('order-total').textContent());
  await page.getByTestId('nav-sell').click();
  await expect(page.getByTestId('sell-screen')).toBeVisible();
  return { discounts, total };
}

/** Types a code in "Coupon / reward" and presses Check and apply. */
async function enterCode(page: Page, kind: 'coupon' | 'reward', code: string): Promise<void> {
  const dialog = page.getByTestId('promotion-dialog');
  if (!(await dialog.isVisible())) await page.getByTestId('promotion-open').click();
  await expect(dialog).toBeVisible();
  await dialog.getByTestId(`promotion-${kind}`).click();
  await dialog.getByTestId('promotion-code').fill(code);
  await dialog.getByTestId('promotion-apply').click();
}

for (const lang of ['en', 'ar'] as const) {
  test(`the chain's discounts, a coupon, a reward and a new customer at the counter (${lang})`, async ({ browser }) => {
    test.setTimeout(600_000);
    const { emulator, server, dir } = await commerceTill();
    try {
      const page = await (await browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
      const guard = await signIn(page, server.url, emulator, lang);
      const name = (d: { name_en: string; name_ar: string }) => (lang === 'ar' ? d.name_ar : d.name_en);

      // (a) The automatic bakery discount: on the croissant's line and named under the discount, at the price Pay charges.
      await pickProduct(page, CROISSANT, lang);
      const line = page.getByTestId('cart-line').filter({ hasText: CROISSANT[lang] });
      await expect(line).toHaveCount(1);
      await expect(page.getByTestId('cart-service-discount')).toHaveCount(1);
      await expect(page.getByTestId('cart-service-discount')).toContainText(name(BAKERY));
      const subtotal = halalas(await page.getByTestId('cart-subtotal').textContent());
      const bakeryOff = Math.round(subtotal / 5);
      expect(await cartServiceDiscounts(page)).toEqual([{ name: name(BAKERY), amount: bakeryOff }]);
      await expect(line).toContainText(words(lang, 'cart.lineDiscount', { amount: `-${(bakeryOff / 100).toFixed(2)}` }));
      expect(halalas(await line.getByTestId('line-total').textContent())).toBe(subtotal - bakeryOff);
      expect(halalas(await page.getByTestId('cart-total').textContent())).toBe(subtotal - bakeryOff);
      expect(halalas(await page.getByTestId('pay-button').textContent())).toBe(subtotal - bakeryOff);
      // The Discount dialog lists it as given, automatically, in her words.
      await page.getByTestId('order-discount').click();
      const bakeryRow = page.getByTestId('service-discount').filter({ hasText: name(BAKERY) });
      await expect(bakeryRow).toContainText(words(lang, 'discounts.automatic'));
      await expect(bakeryRow.getByTestId('service-discount-given')).toHaveText(words(lang, 'discounts.given', { amount: (bakeryOff / 100).toFixed(2) }));
      await shot(page, `commerce-automatic-${lang}`);
      await page
        .getByTestId('order-discount-dialog')
        .getByRole('button', { name: words(lang, 'common.cancel') })
        .click();
      await expect(page.getByTestId('order-discount-dialog')).toBeHidden();
      const bakeryNumber = await payExactCash(page, subtotal - bakeryOff);
      const bakeryOrder = await orderOnScreen(page, bakeryNumber);
      expect(bakeryOrder).toEqual({ discounts: [{ text: name(BAKERY), amount: bakeryOff }], total: subtotal - bakeryOff });
      const bakeryUpload = await uploaded(emulator, bakeryNumber);
      expect(bakeryUpload.discounts).toEqual([
        expect.objectContaining({ name_en: BAKERY.name_en, name_ar: BAKERY.name_ar, amount: (bakeryOff / 100).toFixed(2), source: null }),
      ]);
      expect(bakeryUpload.total).toBe(((subtotal - bakeryOff) / 100).toFixed(2));

      // (b) A manual discount picked from the list: given at once, no manager, named on the cart.
      await pickProduct(page, ICED_AMERICANO, lang);
      await expect(page.getByTestId('cart-line')).toHaveCount(1);
      const iced = halalas(await page.getByTestId('cart-subtotal').textContent());
      await expect(page.getByTestId('cart-service-discount')).toHaveCount(0);
      await page.getByTestId('order-discount').click();
      const staffPick = page
        .getByTestId('service-discount')
        .filter({ hasText: name(STAFF) })
        .getByTestId('service-discount-pick');
      await staffPick.click();
      await expect(staffPick).toHaveAttribute('aria-pressed', 'true');
      await shot(page, `commerce-picked-${lang}`);
      await page
        .getByTestId('order-discount-dialog')
        .getByRole('button', { name: words(lang, 'common.cancel') })
        .click();
      const staffOff = Math.round(iced / 10);
      await expect.poll(() => cartServiceDiscounts(page)).toEqual([{ name: name(STAFF), amount: staffOff }]);
      let total = iced - staffOff;
      expect(halalas(await page.getByTestId('cart-total').textContent())).toBe(total);

      // (c) A refused coupon says why in her words, and the sale goes on as it was.
      await enterCode(page, 'coupon', BAD_COUPON);
      const dialog = page.getByTestId('promotion-dialog');
      await expect(dialog.getByTestId('notice-error')).toContainText(words(lang, 'reason.coupon.refused', { code: BAD_COUPON }));
      await expect(dialog).toBeVisible();
      expect(halalas(await page.getByTestId('cart-total').textContent())).toBe(total);

      // A good coupon, its answer held by the service: the dialog says it is checking and takes no second press.
      const verifiesBefore = emulator.promotions.verifyRequests.length;
      const held = emulator.hold('POST', '/discounts/verify');
      await dialog.getByTestId('promotion-code').fill(COUPON);
      await dialog.getByTestId('promotion-apply').click();
      await held.arrived;
      await expect(dialog.getByTestId('promotion-apply')).toHaveText(words(lang, 'promotion.checking'));
      await expect(dialog.getByTestId('promotion-apply')).toBeDisabled();
      await expect(dialog.getByTestId('promotion-checking')).toHaveText(words(lang, 'promotion.checking'));
      // The last code's refusal is gone: it was not about this one.
      await expect(dialog.getByTestId('notice-error')).toHaveCount(0);
      await dialog.getByTestId('promotion-code').press('Enter');
      await shot(page, `commerce-checking-${lang}`);
      held.release();
      await expect(dialog).toBeHidden();
      expect(emulator.promotions.verifyRequests.slice(verifiesBefore).map((r) => r.body)).toEqual([{ code: COUPON, branch_id: emulator.branchId }]);
      const couponRow = page.locator(`[data-testid="cart-promotion"][data-code="${COUPON}"]`);
      await expect(couponRow).toHaveAttribute('data-verified', 'true');
      const couponOff = halalas(await couponRow.locator('dd').textContent());
      expect(couponOff).toBe(Math.round(total / 10));
      total -= couponOff;
      expect(halalas(await page.getByTestId('cart-total').textContent())).toBe(total);

      // (d) A reward the provider refuses says why; the sale goes on as it was.
      await enterCode(page, 'reward', UNKNOWN_REWARD);
      await expect(page.getByTestId('promotion-dialog').getByTestId('notice-error')).toHaveText(words(lang, 'reason.reward.refused', { code: UNKNOWN_REWARD }));
      expect(halalas(await page.getByTestId('cart-total').textContent())).toBe(total);
      // A loyalty reward, checked exactly as the contract shows it, applied once.
      const checkedFrom = Date.now();
      await enterCode(page, 'reward', REWARD);
      await expect(page.getByTestId('promotion-dialog')).toBeHidden();
      const rewardRow = page.locator(`[data-testid="cart-promotion"][data-code="${REWARD}"]`);
      await expect(rewardRow).toBeVisible();
      expect(halalas(await rewardRow.locator('dd').textContent())).toBe(500);
      total -= 500;
      expect(halalas(await page.getByTestId('cart-total').textContent())).toBe(total);
      expect(emulator.promotions.rewardRequests.map((r) => (r.body as { reward_code: string }).reward_code)).toEqual([UNKNOWN_REWARD, REWARD]);
      const check = emulator.promotions.rewardRequests[1];
      expect(check!.path).toBe(`${emulator.baseUrl}/sync/${LOYALTY_PROVIDER}/check_reward`);
      expect(check!.headers['api-token']).toBe(LOYALTY_TOKEN);
      // The loyalty check carries its own token, never the service's bearer token.
      expect(check!.headers.authorization).toBeUndefined();
      const body = check!.body as Record<string, string>;
      expect(Object.keys(body).sort()).toEqual(['branch_id', 'business_refrence', 'date', 'reward_code', 'timestamp']);
      expect(body).toMatchObject({ reward_code: REWARD, business_refrence: emulator.marketId, branch_id: emulator.branchId });
      expect(body.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(body.timestamp).toMatch(/^\d+$/);
      expect(Number(body.timestamp)).toBeGreaterThanOrEqual(checkedFrom - 1_000);
      expect(Number(body.timestamp)).toBeLessThanOrEqual(Date.now());
      // The same code again on this order: refused in her words before the provider is asked, the total unchanged.
      await enterCode(page, 'reward', REWARD);
      await expect(page.getByTestId('promotion-dialog').getByTestId('notice-error')).toContainText(
        words(lang, 'reason.promotion.already_applied', { code: REWARD }),
      );
      await page
        .getByTestId('promotion-dialog')
        .getByRole('button', { name: words(lang, 'common.cancel') })
        .click();
      await expect(page.getByTestId('promotion-dialog')).toBeHidden();
      expect(emulator.promotions.rewardRequests).toHaveLength(2);
      await expect(page.locator(`[data-testid="cart-promotion"][data-code="${REWARD}"]`)).toHaveCount(1);
      expect(halalas(await page.getByTestId('cart-total').textContent())).toBe(total);

      // (e) A new customer added at the counter (name, phone with its country code), the sale's customer at once.
      const person = NEW_CUSTOMER[lang];
      await page.getByTestId('customer-button').click();
      const customers = page.getByTestId('customer-dialog');
      await customers.getByTestId('customer-add').click();
      await expect(customers.getByTestId('customer-add-form')).toContainText(words(lang, 'customerAdd.phone'));
      // A phone the chain already has is offered as that customer instead of a second one.
      const known = emulator.tenant.customers[0]!;
      await customers.getByTestId('customer-add-name').fill(person.name);
      await customers.getByTestId('customer-add-phone').fill(`+${known.phone_prefix} ${known.phone}`);
      await customers.getByTestId('customer-add-save').click();
      await expect(customers.getByTestId('customer-add-existing')).toHaveText(words(lang, 'reason.customer_exists', { name: known.name }));
      await expect(customers.getByTestId('customer-add-use-existing')).toHaveText(words(lang, 'customerAdd.useExisting', { name: known.name }));
      await customers.getByTestId('customer-add-name').fill(person.name);
      await customers.getByTestId('customer-add-phone').fill(`+966 ${person.phone}`);
      await shot(page, `commerce-new-customer-${lang}`);
      await customers.getByTestId('customer-add-save').click();
      await expect(customers).toBeHidden();
      await expect(page.getByTestId('customer-name')).toHaveText(person.name);
      await shot(page, `commerce-cart-${lang}`);

      const number = await payExactCash(page, total);
      const onScreen = await orderOnScreen(page, number);
      expect(onScreen.total).toBe(total);
      expect(onScreen.discounts).toEqual([
        { text: name(STAFF), amount: staffOff },
        { text: expect.stringContaining(`(${COUPON})`), amount: couponOff },
        { text: expect.stringContaining(`(${REWARD})`), amount: 500 },
      ]);

      // What the service received: the order names each discount, and the customer made here once, by the service's id.
      const order = await uploaded(emulator, number);
      expect(order.total).toBe((total / 100).toFixed(2));
      expect(order.discounts).toEqual([
        expect.objectContaining({ name_en: STAFF.name_en, amount: (staffOff / 100).toFixed(2), source: null }),
        expect.objectContaining({ code: COUPON, source: 'coupon', verified: true, amount: (couponOff / 100).toFixed(2) }),
        expect.objectContaining({ code: REWARD, source: 'reward', amount: '5.00' }),
      ]);
      const made = emulator.tenant.customers.filter((c) => c.phone === person.phone);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ name: person.name, phone_prefix: '966' });
      expect(order.customer_id).toBe(made[0]!.id);
      // The till keeps the service's id for the customer it made (pos customers, as support reads it).
      const kept = posJson<{ name: string; upload?: { state: string; service_id: string | null } }[]>(server.dbFile, 'customers', person.phone);
      expect(kept.filter((k) => k.upload)).toEqual([
        expect.objectContaining({ name: person.name, upload: expect.objectContaining({ state: 'synced', service_id: made[0]!.id }) }),
      ]);
      expect(guard.errors).toEqual([]);
    } finally {
      await server.stop();
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
}
