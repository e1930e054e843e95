import type { Page } from '@playwright/test';
import { posJson, posOn } from './pos-cli.ts';
import {
  addProduct,
  CAPPUCCINO_OAT,
  CROISSANT,
  E2E_MANAGER,
  ICED_AMERICANO,
  openShiftWithFloat,
  openStation,
  pairTill,
  payCashExact,
  shot,
  signInWithPin,
} from './till-page.ts';
import { expect, test } from './till-test.ts';

// Issue 20: two browsers on one `pos serve` are two stations. Counter A (in
// English) and counter B (in Arabic) each ring up their own cart, sign in
// their own cashier and pay; neither ever sees the other's items, and each
// order is its own cashier's.

const SARA = { name: 'Sara', pin: '1357' };

/** The product names on the cart's lines, as the station shows them. */
const cartNames = (page: Page) => page.getByTestId('cart-line').allTextContents();

test('two browser contexts are two stations: own carts, own cashiers, own payments, in English and Arabic', async ({ browser, server }) => {
  // Pairing pulls the demo catalog first; on a loaded machine that alone can take minutes.
  test.setTimeout(600_000);
  // The first run makes the manager (Mona) and opens the shift on counter A.
  const a = await (await browser.newContext()).newPage();
  const guardA = await pairTill(a, server.url, 'en');
  posOn(server.dbFile, 'cashiers', 'add', SARA.name, '--role', 'cashier', '--pin', SARA.pin);

  // Counter B: the manager adds the station and another browser is made it; nobody is signed in there yet.
  posOn(server.dbFile, 'stations', 'add', 'Counter B', '--code', 'B');
  const { page: b, guard: guardB } = await openStation(browser, server.url, 'B', 'ar');
  await expect(b.locator('html')).toHaveAttribute('dir', 'rtl');
  await signInWithPin(b, SARA);
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
  const orders = posJson<{ number: string; uuid: string }[]>(server.dbFile, 'orders');
  expect(orders.map((o) => o.number).sort()).toEqual([numberA, numberB].sort());
  await b.getByTestId('nav-orders').click();
  const rowB = b.getByTestId('order-row').filter({ hasText: numberB });
  await expect(rowB).toContainText(SARA.name);
  await a.getByTestId('nav-orders').click();
  await expect(a.getByTestId('order-row').filter({ hasText: numberA })).toContainText(E2E_MANAGER.name);
  expect(guardA.errors).toEqual([]);
  expect(guardB.errors).toEqual([]);
});
