import { expect, type Page } from '@playwright/test';
import { printedTexts } from './printed-texts.ts';
import type { TillServer } from './till-server.ts';
import {
  addProduct,
  CAPPUCCINO_OAT,
  cartFigures,
  CROISSANT,
  guardPage,
  halalas,
  ICED_AMERICANO,
  pullStatesSeen,
  shot,
  signInWithDemo,
  waitForTill,
  watchPullProgress,
  type Lang,
} from './till-page.ts';

/**
 * The first-run sale, in either language: pair with the demo service behind
 * a progress bar, ring up three items (one with a modifier), pay part cash
 * and part card, see the receipt, and follow the order to the printers and
 * to the service.
 */
export async function firstRunSale(page: Page, server: TillServer, lang: Lang): Promise<void> {
  const prefix = 'first-run';
  const guard = guardPage(page);
  await watchPullProgress(page);
  await page.goto(`${server.url}?lang=${lang}`);
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);

  await signInWithDemo(page, lang, prefix);
  await waitForTill(page);
  await shot(page, `${prefix}-sell-${lang}`);

  // The progress bar showed real pages of real resources, products among them.
  const pulls = await pullStatesSeen(page);
  const productPages = pulls.filter((p) => p.phase === 'list' && p.resource === 'products');
  expect(productPages.length).toBeGreaterThan(0);
  for (const p of productPages) {
    expect(Number(p.page)).toBeGreaterThanOrEqual(1);
    expect(Number(p.page)).toBeLessThanOrEqual(Number(p.pages));
  }

  await addProduct(page, CAPPUCCINO_OAT, lang, `${prefix}-modifier-${lang}`);
  await addProduct(page, CROISSANT, lang);
  await addProduct(page, ICED_AMERICANO, lang);

  const cappuccinoLine = page.getByTestId('cart-line').filter({ hasText: CAPPUCCINO_OAT[lang] });
  await expect(cappuccinoLine).toContainText(CAPPUCCINO_OAT.modifier![lang]);
  const figures = await cartFigures(page);
  expect(figures.lines).toHaveLength(3);
  expect(figures.total).toBe(figures.lines.reduce((a, b) => a + b, 0));
  // The demo's prices include 15 % VAT: the VAT shown is the total's VAT share, give or take a halala per line.
  expect(Math.abs(figures.vat - Math.round((figures.total * 15) / 115))).toBeLessThanOrEqual(3);
  await shot(page, `${prefix}-cart-${lang}`);

  // Split: 20.00 in cash (handed a banknote), the rest on mada.
  await page.getByTestId('pay-button').click();
  const dialog = page.getByTestId('payment-dialog');
  await expect(dialog).toBeVisible();
  expect(halalas(await dialog.getByTestId('pay-total').textContent())).toBe(figures.total);
  await dialog.getByTestId('pay-amount').fill('20');
  await dialog.getByTestId('pay-method-CASH').click();
  expect(halalas(await dialog.getByTestId('pay-remaining').textContent())).toBe(figures.total - 2000);
  await dialog.getByTestId('pay-method-MADA').click();
  await expect(dialog.getByTestId('pay-remaining')).toHaveText('0.00');
  await expect(dialog.getByTestId('pay-line')).toHaveCount(2);
  const note = dialog.getByTestId('quick-cash').last();
  const tendered = Number(await note.getAttribute('data-amount'));
  await note.click();
  expect(halalas(await dialog.getByTestId('pay-change').textContent())).toBe(tendered - 2000);
  await shot(page, `${prefix}-payment-${lang}`);
  await dialog.getByTestId('pay-complete').click();

  const receipt = page.getByTestId('receipt');
  await expect(receipt).toBeVisible();
  const number = (await receipt.getAttribute('data-order-number')) ?? '';
  expect(number).not.toBe('');
  expect(halalas(await page.getByTestId('receipt-total').textContent())).toBe(figures.total);
  expect(halalas(await page.getByTestId('receipt-change').textContent())).toBe(tendered - 2000);
  await expect(page.getByTestId('receipt-preview')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await shot(page, `${prefix}-receipt-${lang}`);

  // The virtual printers got the receipt (with the cash drawer kick) and the kitchen tickets.
  await expect
    .poll(
      () => printedTexts(server.demo.printers.receipt).some((t) => t.includes('Cappuccino') && t.includes('Butter croissant') && t.includes('[drawer kick')),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);
  await expect
    .poll(() => printedTexts(server.demo.printers.kitchen).some((t) => t.includes(`#${number}`) && t.includes('Cappuccino') && t.includes('+ Oat milk')), {
      timeout: 30_000,
    })
    .toBe(true);

  await page.getByTestId('new-sale').click();
  await expect(page.getByTestId('cart-empty')).toBeVisible();

  // The order reaches the service: its row in the history turns "uploaded".
  await page.getByTestId('nav-orders').click();
  const row = page.locator(`[data-testid="order-row"][data-number="${number}"]`);
  await expect(row).toHaveAttribute('data-upload', 'synced', { timeout: 60_000 });
  await row.click();
  await expect(page.getByTestId('order-detail')).toHaveAttribute('data-upload', 'synced');
  expect(halalas(await page.getByTestId('order-total').textContent())).toBe(figures.total);
  await expect(page.getByTestId('status-pending')).toHaveAttribute('data-count', '0');
  await shot(page, `${prefix}-orders-${lang}`);

  expect(guard.errors).toEqual([]);
}
