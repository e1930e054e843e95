import { firstRunSale } from './sale-flow.ts';
import { expect, test } from './till-test.ts';

test('first run on the demo: pair with progress, sell three items with a modifier, split cash and card, print, upload', async ({ page, server }) => {
  await firstRunSale(page, server, 'en');
});

test('the same sale in Arabic, right to left', async ({ page, server }) => {
  await firstRunSale(page, server, 'ar');
  // The layout mirrors: the cart, at the inline end, is on the left of the catalog in Arabic.
  await page.getByTestId('nav-sell').click();
  const cart = await page.getByTestId('cart').boundingBox();
  const grid = await page.getByTestId('product-grid').boundingBox();
  const rail = await page.getByTestId('category-rail').boundingBox();
  expect(cart!.x).toBeLessThan(grid!.x);
  expect(rail!.x).toBeGreaterThan(grid!.x);
  await expect(page.getByTestId('pay-button')).toContainText('الدفع');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
