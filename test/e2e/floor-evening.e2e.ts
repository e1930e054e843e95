import type { Page } from '@playwright/test';
import { openDatabase } from '../../src-main/db/index.ts';
import { setDisplayRoute } from '../../src-main/kitchen/index.ts';
import { posJson, posOn } from './pos-cli.ts';
import {
  CAPPUCCINO_OAT,
  closeNotices,
  CROISSANT,
  docsShot,
  halalas,
  ICED_AMERICANO,
  openShiftWithFloat,
  openStation,
  pairTill,
  pickProduct,
  signInWithPin,
  type DemoProduct,
  type Lang,
} from './till-page.ts';
import { expect, test } from './till-test.ts';

// Issue 21: a table's whole evening on the floor, in English and in Arabic,
// with the internet down from the first round to the last payment.
// Counter A opens table T4 for four guests and sends a first round; counter
// B (another browser on the same hub) sees the table change without a
// reload and sends a second round; A sees it too. The kitchen display (a
// third browser, a kitchen_display station) gets each round as a ticket
// and bumps it. A splits the tab evenly
// in two, A pays one part and B the other (two orders, each its station's,
// adding up to the tab), and the table is cleared and free again. The
// screenshots in docs/ (the floor and the tab) are taken on the way.

const SARA = { name: 'Sara', pin: '1357' };

/**
 * The kitchen display K shows these categories, set on the hub's database
 * as the Kitchens tab's routing does (setDisplayRoute; the running host
 * reads the routes at each send).
 */
function routeToDisplay(dbFile: string, code: string, categories: number[]): void {
  const stations = posJson<{ id: number; code: string }[]>(dbFile, 'stations');
  const db = openDatabase(dbFile);
  try {
    setDisplayRoute(db, stations.find((s) => s.code === code)!.id, categories, null, Date.now());
  } finally {
    db.close();
  }
}

/** The kitchen bumps the one ticket on its board, for table `table` and round `round`; the board is empty after. */
async function kitchenBumps(k: Page, table: string, round: number, items: number): Promise<void> {
  const ticket = k.getByTestId('kitchen-ticket');
  await expect(ticket).toHaveCount(1);
  await expect(ticket.getByTestId('ticket-label')).toContainText(table);
  await expect(ticket.getByTestId('ticket-round')).toContainText(String(round));
  await expect(ticket.getByTestId('kitchen-item')).toHaveCount(items);
  await ticket.getByTestId('bump-ticket').click();
  await expect(k.getByTestId('kitchen-ticket')).toHaveCount(0);
}

/** A table's card on the floor, by its name. */
const tableCard = (page: Page, name: string) => page.getByTestId('floor-table').filter({ has: page.getByText(name, { exact: true }) });

/** Takes a product into the tab's new round (its option chosen in the picker when it has one). */
async function takeItem(page: Page, product: DemoProduct, lang: Lang): Promise<void> {
  const before = await page.getByTestId('tab-draft-line').count();
  await pickProduct(page, product, lang);
  await expect(page.getByTestId('tab-draft-line')).toHaveCount(before + 1);
}

/** Pays the part (or the whole tab) in the open payment dialog in cash, exact; returns the order's number. */
async function payCash(page: Page): Promise<string> {
  const dialog = page.getByTestId('payment-dialog');
  await expect(dialog.getByTestId('payment-layout')).toHaveAttribute('data-mode', 'tab');
  await dialog.getByTestId('pay-method-CASH').click();
  await dialog.getByTestId('pay-complete').click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toBeVisible({ timeout: 60_000 });
  const number = (await receipt.getAttribute('data-order-number')) ?? '';
  await page.getByTestId('new-sale').click();
  await expect(page.getByTestId('receipt-dialog')).toBeHidden();
  return number;
}

/** The screen for docs/, without the notices over it. */
async function docShot(page: Page, name: string): Promise<void> {
  await closeNotices(page);
  await docsShot(page, name);
}

for (const lang of ['en', 'ar'] as const) {
  test(`a table's evening: open, two rounds from two stations, split, two payments, cleared (${lang})`, async ({ browser, server }) => {
    // Pairing pulls the demo catalog first; on a loaded machine that alone can take minutes.
    test.setTimeout(900_000);
    const a = await (await browser.newContext()).newPage();
    const guardA = await pairTill(a, server.url, lang);
    posOn(server.dbFile, 'cashiers', 'add', SARA.name, '--role', 'cashier', '--pin', SARA.pin);
    posOn(server.dbFile, 'stations', 'add', 'Counter B', '--code', 'B');

    // Counter B: another browser, Sara signs in and opens its drawer.
    const { page: b, guard: guardB } = await openStation(browser, server.url, 'B', lang);
    await signInWithPin(b, SARA);
    await expect(b.getByTestId('sell-screen')).toBeVisible();
    await openShiftWithFloat(b, '100');

    // The kitchen display: a third browser made station K, a kitchen_display, showing the bakery and the drinks.
    posOn(server.dbFile, 'stations', 'add', 'Kitchen', '--code', 'K', '--kind', 'kitchen_display');
    routeToDisplay(server.dbFile, 'K', [CROISSANT.category, ICED_AMERICANO.category, CAPPUCCINO_OAT.category]);
    const { page: k, guard: guardK } = await openStation(browser, server.url, 'K', lang);
    await expect(k.getByTestId('kitchen-screen')).toBeVisible({ timeout: 60_000 });
    if (lang === 'ar') {
      await expect(a.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(b.locator('html')).toHaveAttribute('dir', 'rtl');
    }

    // The internet drops for the whole evening: the tables, tabs, kitchen and payments all run on the hub.
    await server.emulator('stop');

    // Both on the floor: the demo branch's tables by area, all free.
    await a.getByTestId('nav-floor').click();
    await b.getByTestId('nav-floor').click();
    for (const page of [a, b]) {
      await expect(page.getByTestId('floor-area')).toHaveCount(2);
      await expect(page.getByTestId('floor-table')).toHaveCount(8);
      await expect(tableCard(page, 'T4')).toHaveAttribute('data-state', 'free');
    }

    // A opens T4 for four guests and sends the first round: a croissant.
    await tableCard(a, 'T4').click();
    await a.getByTestId('open-tab-guests-4').click();
    await a.getByTestId('open-tab-confirm').click();
    await expect(a.getByTestId('tab-screen')).toHaveAttribute('data-state', 'open');
    await takeItem(a, CROISSANT, lang);
    await a.getByTestId('tab-send').click();
    await expect(a.getByTestId('tab-round')).toHaveCount(1);
    await expect(a.getByTestId('tab-round').first()).toHaveAttribute('data-sent', 'true');
    // The kitchen has the round as a ticket and bumps it.
    await kitchenBumps(k, 'T4', 1, 1);

    // B's floor shows T4 with the kitchen, with its guests, without a reload.
    await expect(tableCard(b, 'T4')).toHaveAttribute('data-state', 'waiting');
    await expect(tableCard(b, 'T4').getByTestId('floor-guests')).toContainText('4');

    // B adds the second round at the same table: an iced americano and a cappuccino with oat milk.
    await tableCard(b, 'T4').click();
    await expect(b.getByTestId('tab-line')).toHaveCount(1);
    await takeItem(b, ICED_AMERICANO, lang);
    await takeItem(b, CAPPUCCINO_OAT, lang);
    await b.getByTestId('tab-send').click();
    await expect(b.getByTestId('tab-round')).toHaveCount(2);
    await expect(b.getByTestId('tab-draft')).toHaveCount(0);
    await kitchenBumps(k, 'T4', 2, 2);

    // A's tab screen shows B's round as it is now (the host's tab event), with the kitchen.
    await expect(a.getByTestId('tab-round')).toHaveCount(2);
    await expect(a.getByTestId('tab-line')).toHaveCount(3);
    await expect(a.getByTestId('tab-round').nth(1)).toHaveAttribute('data-sent', 'true');
    const total = halalas(await a.getByTestId('tab-total').textContent());
    await docShot(a, `tab-screen-${lang}`);

    // Meanwhile B opens T1 for two with a round not sent yet: the floor shows every state.
    await b.getByTestId('tab-back').click();
    await tableCard(b, 'T1').click();
    await b.getByTestId('open-tab-guests-2').click();
    await b.getByTestId('open-tab-confirm').click();
    await takeItem(b, CROISSANT, lang);
    await b.getByTestId('tab-add-round').click();
    await expect(b.getByTestId('tab-line')).toHaveCount(1);
    // Added, not sent: the kitchen has nothing of it.
    await expect(k.getByTestId('kitchen-empty')).toBeVisible();
    await b.getByTestId('tab-back').click();
    await expect(tableCard(b, 'T1')).toHaveAttribute('data-state', 'open');
    await expect(tableCard(b, 'T1').getByTestId('floor-unsent')).toBeVisible();
    await expect(tableCard(b, 'T4')).toHaveAttribute('data-state', 'waiting');
    await docShot(b, `floor-view-${lang}`);

    // A splits T4 evenly in two.
    await a.getByTestId('tab-split').click();
    await a.getByTestId('split-confirm').click();
    await expect(a.getByTestId('tab-screen')).toHaveAttribute('data-state', 'split');
    await expect(a.getByTestId('tab-part')).toHaveCount(2);

    // A pays part 1 here; B, from the floor, pays part 2 there.
    await a.getByTestId('tab-pay-part').first().click();
    const numberA = await payCash(a);
    await expect(a.getByTestId('tab-part').first()).toHaveAttribute('data-paid', 'true');
    await tableCard(b, 'T4').click();
    await expect(b.getByTestId('tab-part')).toHaveCount(2);
    await expect(b.getByTestId('tab-part').first()).toHaveAttribute('data-paid', 'true');
    await b.getByTestId('tab-pay-part').click();
    const numberB = await payCash(b);
    expect(numberA).not.toBe(numberB);

    // Every part paid: T4 waits to be cleared, on both screens; A clears it and it is free again.
    await expect(b.getByTestId('tab-screen')).toHaveAttribute('data-state', 'paid');
    await expect(a.getByTestId('tab-screen')).toHaveAttribute('data-state', 'paid');
    await b.getByTestId('tab-back').click();
    await expect(tableCard(b, 'T4')).toHaveAttribute('data-state', 'paid');
    await a.getByTestId('tab-clear').click();
    await expect(a.getByTestId('floor-view')).toBeVisible();
    await expect(tableCard(a, 'T4')).toHaveAttribute('data-state', 'free');
    await expect(tableCard(b, 'T4')).toHaveAttribute('data-state', 'free');

    // Both orders wait on the hub while the service is away, and each uploads once when it is back.
    await expect(a.getByTestId('status-pending')).toHaveAttribute('data-count', '2', { timeout: 60_000 });
    await server.emulator('start');
    await expect(a.getByTestId('status-pending')).toHaveAttribute('data-count', '0', { timeout: 120_000 });
    await expect(b.getByTestId('status-pending')).toHaveAttribute('data-count', '0', { timeout: 60_000 });

    // Two orders, each its station's and cashier's, adding up to the tab to the halala.
    const orders = posJson<{ number: string; total: string; status: string }[]>(server.dbFile, 'orders');
    const paid = orders.filter((o) => o.number === numberA || o.number === numberB);
    expect(paid).toHaveLength(2);
    expect(paid.every((o) => o.status === 'PAID')).toBe(true);
    expect(paid.reduce((sum, o) => sum + halalas(o.total), 0)).toBe(total);
    expect(numberA.startsWith('A')).toBe(true);
    expect(numberB.startsWith('B')).toBe(true);
    expect(guardA.errors).toEqual([]);
    expect(guardB.errors).toEqual([]);
    expect(guardK.errors).toEqual([]);
  });
}
