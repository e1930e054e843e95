import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import {
  addProduct,
  CAPPUCCINO_OAT,
  CROISSANT,
  E2E_MANAGER,
  guardPage,
  ICED_AMERICANO,
  openShiftWithFloat,
  payCashExact,
  shot,
  signInWithDemo,
  waitForTill,
} from './till-page.ts';
import { startTillServer, type TillServer } from './till-server.ts';

// Issue 20: two browsers on one `pos serve` are two stations. Counter A (in
// English) and counter B (in Arabic) each ring up their own cart, sign in
// their own cashier and pay; neither ever sees the other's items, and each
// order is its own cashier's.

const pos = fileURLToPath(new URL('../../bin/pos.mjs', import.meta.url));
const SARA = { name: 'Sara', pin: '1357' };

let server: TillServer;
test.beforeEach(async () => {
  server = await startTillServer();
});
test.afterEach(async () => {
  await server.stop();
});

/** The product names on the cart's lines, as the station shows them. */
const cartNames = (page: Page) => page.getByTestId('cart-line').allTextContents();

test('two browser contexts are two stations: own carts, own cashiers, own payments, in English and Arabic', async ({ browser }) => {
  // Pairing pulls the demo catalog first; on a loaded machine that alone can take minutes.
  test.setTimeout(600_000);
  const a = await (await browser.newContext()).newPage();
  const guardA = guardPage(a);
  await a.goto(`${server.url}?lang=en`);
  await signInWithDemo(a, 'en');
  // The first run makes the manager (Mona) and opens the shift on counter A.
  await waitForTill(a);
  execFileSync(process.execPath, [pos, 'cashiers', '--db', server.dbFile, 'add', SARA.name, '--role', 'cashier', '--pin', SARA.pin]);

  // Counter B: the manager adds the station and another browser is made it (the till_station cookie that the
  // Stations tab's "Use on this screen" sets); nobody is signed in there yet.
  execFileSync(process.execPath, [pos, 'stations', '--db', server.dbFile, 'add', 'Counter B', '--code', 'B']);
  const contextB = await browser.newContext();
  await contextB.addCookies([{ name: 'till_station', value: 'B', url: new URL(server.url).origin }]);
  const b = await contextB.newPage();
  const guardB = guardPage(b);
  await b.goto(`${server.url}?lang=ar`);
  await expect(b.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(b.getByTestId('pin-screen')).toBeVisible({ timeout: 60_000 });
  await b.locator(`[data-testid="pick-cashier"][data-name="${SARA.name}"]`).click();
  await b.getByTestId('pin-input').fill(SARA.pin);
  await b.getByTestId('pin-input').press('Enter');
  await expect(b.getByTestId('sell-screen')).toBeVisible();
  // Each station has its own drawer: Sara opens counter B's shift.
  await openShiftWithFloat(b, '100');
  await b.getByTestId('nav-sell').click();
  await expect(b.getByTestId('sell-screen')).toBeVisible();

  // Each station's cashier is its own.
  await expect(a.getByTestId('switch-cashier')).toHaveAttribute('data-cashier', E2E_MANAGER.name);
  await expect(b.getByTestId('switch-cashier')).toHaveAttribute('data-cashier', SARA.name);

  // A rings up a cappuccino with oat milk and an iced americano; B a croissant. Neither sees the other's.
  await addProduct(a, CAPPUCCINO_OAT, 'en');
  await addProduct(b, CROISSANT, 'ar');
  await addProduct(a, ICED_AMERICANO, 'en');
  await expect(a.getByTestId('cart-line')).toHaveCount(2);
  await expect(b.getByTestId('cart-line')).toHaveCount(1);
  expect((await cartNames(a)).join(' ')).not.toContain(CROISSANT.en);
  expect((await cartNames(b)).join(' ')).toContain(CROISSANT.ar);
  expect((await cartNames(b)).join(' ')).not.toMatch(new RegExp(`${CAPPUCCINO_OAT.ar}|${ICED_AMERICANO.ar}`));
  // A reload of B (a Wi-Fi hiccup) finds B's cart, not A's.
  await b.reload();
  await expect(b.getByTestId('cart-line')).toHaveCount(1);
  await shot(a, 'stations-counter-a-en');
  await shot(b, 'stations-counter-b-ar');

  // B pays first: its order is its croissant alone, and A's cart is untouched.
  const numberB = await payCashExact(b);
  await expect(b.getByTestId('cart-line')).toHaveCount(0);
  await a.getByTestId('nav-orders').click();
  await a.getByTestId('nav-sell').click();
  await expect(a.getByTestId('cart-line')).toHaveCount(2);
  const numberA = await payCashExact(a);
  expect(numberA).not.toBe(numberB);

  // Each order is its own station's, with its own cashier.
  const orders = JSON.parse(execFileSync(process.execPath, [pos, 'orders', '--db', server.dbFile, '--json'], { encoding: 'utf8' })) as {
    number: string;
    uuid: string;
  }[];
  expect(orders.map((o) => o.number).sort()).toEqual([numberA, numberB].sort());
  await b.getByTestId('nav-orders').click();
  const rowB = b.getByTestId('order-row').filter({ hasText: numberB });
  await expect(rowB).toContainText(SARA.name);
  await a.getByTestId('nav-orders').click();
  await expect(a.getByTestId('order-row').filter({ hasText: numberA })).toContainText(E2E_MANAGER.name);
  expect(guardA.errors).toEqual([]);
  expect(guardB.errors).toEqual([]);
});
