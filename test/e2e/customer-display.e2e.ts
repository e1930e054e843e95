import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addProduct, CAPPUCCINO_OAT, CROISSANT, guardPage, payCashExact, signInWithDemo, waitForTill } from './till-page.ts';
import { startTillServer, type TillServer } from './till-server.ts';

// Issue 21, part 5: counter A rings up in one browser while a second
// browser, made the customer display D of counter A, follows it: the lines
// and the total, then the thank-you and the receipt's QR, in English and
// (the customer's own button) Arabic. axe finds nothing serious on it, and
// the screenshots in docs/ are taken here.

const pos = fileURLToPath(new URL('../../bin/pos.mjs', import.meta.url));
const root = fileURLToPath(new URL('../../', import.meta.url));

let server: TillServer;
test.beforeEach(async () => {
  server = await startTillServer();
});
test.afterEach(async () => {
  await server.stop();
});

async function axeSerious(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a customer display follows counter A: lines and total, then the thank-you and the QR, in English and Arabic', async ({ browser }) => {
  // Pairing pulls the demo catalog first; on a loaded machine that alone can take minutes.
  test.setTimeout(600_000);
  const a = await (await browser.newContext()).newPage();
  const guardA = guardPage(a);
  await a.goto(`${server.url}?lang=en`);
  await signInWithDemo(a, 'en');
  await waitForTill(a);
  execFileSync(process.execPath, [
    pos,
    'stations',
    '--db',
    server.dbFile,
    'add',
    'Customer screen',
    '--code',
    'D',
    '--kind',
    'customer_display',
    '--shows',
    'A',
  ]);

  // The display: a browser made station D (the cookie the Stations tab's "Use on this screen" sets). No cashier signs in there.
  const contextD = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await contextD.addCookies([{ name: 'till_station', value: 'D', url: new URL(server.url).origin }]);
  const d = await contextD.newPage();
  const guardD = guardPage(d);
  await d.goto(`${server.url}?lang=en`);
  const display = d.getByTestId('customer-display');
  await expect(display).toHaveAttribute('data-state', 'idle', { timeout: 60_000 });
  await expect(d.getByTestId('customer-branch')).not.toBeEmpty();
  expect(await axeSerious(d)).toEqual([]);

  await addProduct(a, CAPPUCCINO_OAT, 'en');
  await addProduct(a, CROISSANT, 'en');
  await expect(display).toHaveAttribute('data-state', 'cart');
  await expect(d.getByTestId('customer-line')).toHaveCount(2);
  await expect(d.getByTestId('customer-line').nth(0)).toContainText(CAPPUCCINO_OAT.en);
  await expect(d.getByTestId('customer-total')).toHaveText((await a.getByTestId('cart-total').textContent())!.replace(/[^\d.]/g, ''));
  expect(await axeSerious(d)).toEqual([]);
  mkdirSync(join(root, 'docs'), { recursive: true });
  await d.screenshot({ path: join(root, 'docs', 'customer-display-en.png') });

  // The customer's own language button: Arabic, right to left, the same lines.
  await d.getByTestId('lang-toggle').click();
  await expect(d.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(d.getByTestId('customer-line').nth(0)).toContainText(CAPPUCCINO_OAT.ar);
  await expect(d.getByTestId('customer-line').nth(1)).toContainText(CROISSANT.ar);
  expect(await axeSerious(d)).toEqual([]);
  await d.screenshot({ path: join(root, 'docs', 'customer-display-ar.png') });

  // Paid at A: the thank-you, the change due and the receipt's QR on D.
  await payCashExact(a);
  await expect(display).toHaveAttribute('data-state', 'paid');
  await expect(d.getByTestId('customer-change')).toHaveText('0.00');
  await expect(d.getByTestId('customer-qr')).toBeVisible();
  expect(await axeSerious(d)).toEqual([]);
  // The next sale ends the thank-you at once.
  await addProduct(a, CROISSANT, 'en');
  await expect(display).toHaveAttribute('data-state', 'cart');
  await expect(d.getByTestId('customer-line')).toHaveCount(1);
  expect(guardA.errors).toEqual([]);
  expect(guardD.errors).toEqual([]);
});
