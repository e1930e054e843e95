import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { posOn } from './pos-cli.ts';
import { addProduct, CAPPUCCINO_OAT, CROISSANT, docsShot, openStation, pairTill, payCashExact } from './till-page.ts';
import { expect, test } from './till-test.ts';

// Issue 21, part 5: counter A rings up in one browser while a second
// browser, made the customer display D of counter A, follows it: the lines
// and the total, then the thank-you and the receipt's QR, in English and
// (the customer's own button) Arabic. axe finds nothing serious on it, and
// the screenshots in docs/ are taken here.

async function axeSerious(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a customer display follows counter A: lines and total, then the thank-you and the QR, in English and Arabic', async ({ browser, server }) => {
  // Pairing pulls the demo catalog first; on a loaded machine that alone can take minutes.
  test.setTimeout(600_000);
  const a = await (await browser.newContext()).newPage();
  const guardA = await pairTill(a, server.url, 'en');
  posOn(server.dbFile, 'stations', 'add', 'Customer screen', '--code', 'D', '--kind', 'customer_display', '--shows', 'A');

  // The display: a browser made station D. No cashier signs in there.
  const { page: d, guard: guardD } = await openStation(browser, server.url, 'D', 'en', { viewport: { width: 1280, height: 800 } });
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
  await docsShot(d, 'customer-display-en');

  // The customer's own language button: Arabic, right to left, the same lines.
  await d.getByTestId('lang-toggle').click();
  await expect(d.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(d.getByTestId('customer-line').nth(0)).toContainText(CAPPUCCINO_OAT.ar);
  await expect(d.getByTestId('customer-line').nth(1)).toContainText(CROISSANT.ar);
  expect(await axeSerious(d)).toEqual([]);
  await docsShot(d, 'customer-display-ar');

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
