import { expect, test } from '@playwright/test';
import { guardPage, shot, signInWithDemo, waitForTill, watchPullProgress, pullStatesSeen } from './till-page.ts';
import { startTillServer, type TillServer } from './till-server.ts';

const PRODUCTS = 100_000;
let server: TillServer;
test.beforeEach(async () => {
  server = await startTillServer({ products: PRODUCTS });
});
test.afterEach(async () => {
  await server.stop();
});

test('a 100,000-product catalog: the pull pages through, the grid scrolls virtualized, search answers in both languages', async ({ page }) => {
  test.setTimeout(600_000);
  const guard = guardPage(page);
  await watchPullProgress(page);
  await page.goto(`${server.url}?lang=en`);
  await signInWithDemo(page, 'en');

  // A real progress bar: products arrive page after page, of many.
  const progress = page.getByTestId('pull-progress');
  await expect(progress).toHaveAttribute('data-resource', 'products', { timeout: 120_000 });
  await expect.poll(async () => Number(await progress.getAttribute('data-page')), { timeout: 120_000 }).toBeGreaterThan(1);
  await shot(page, 'large-catalog-pull-en');
  await waitForTill(page);
  const productPages = (await pullStatesSeen(page)).filter((p) => p.phase === 'list' && p.resource === 'products');
  expect(Number(productPages.at(-1)!.pages)).toBeGreaterThan(10);
  expect(Number(productPages.at(-1)!.page)).toBe(Number(productPages.at(-1)!.pages));

  // The biggest category: thousands of products, a few dozen tiles in the DOM.
  const counts = await page.locator('[data-testid^="category-"] .count').allTextContents();
  const biggest = counts.map(Number).reduce((best, n, i, all) => (n > all[best]! ? i : best), 0);
  const category = page.locator('[data-testid^="category-"]').nth(biggest);
  await category.click();
  const grid = page.getByTestId('product-grid');
  const total = Number(counts[biggest]);
  expect(total).toBeGreaterThan(5_000);
  await expect(grid).toHaveAttribute('data-total', String(total));
  const tiles = page.getByTestId('product-tile');
  await expect(tiles.first()).toBeVisible();
  expect(await tiles.count()).toBeLessThan(200);

  // Scrolled to the middle and to the end, the rows there are filled with real products.
  for (const fraction of [0.5, 1]) {
    await grid.evaluate((el, f) => (el.scrollTop = (el.scrollHeight - el.clientHeight) * f), fraction);
    const target = Math.floor((total - 1) * fraction);
    await expect
      .poll(async () => {
        const indices = await page.locator('[data-testid="product-tile"]').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.index)));
        return indices.some((i) => Math.abs(i - target) < 200);
      })
      .toBe(true);
    expect(await tiles.count()).toBeLessThan(200);
  }
  await expect(tiles.last()).toHaveAttribute('data-index', String(total - 1));
  await shot(page, 'large-catalog-grid-end-en');

  // Search answers in English and Arabic, and a result goes into the cart.
  await page.getByTestId('search-input').fill('latte');
  await expect(page.getByTestId('grid-heading')).toContainText('results for');
  await expect(tiles.first()).toContainText(/latte/i);
  await shot(page, 'large-catalog-search-en');
  await page.getByTestId('lang-toggle').click();
  await page.getByTestId('search-input').fill('قهوة');
  await expect(page.getByTestId('grid-heading')).toContainText('نتيجة');
  await expect(tiles.first()).toContainText(/قهوة/);
  await shot(page, 'large-catalog-search-ar');
  // One tap puts it in the cart, options or not (issue 34: none of the replica's options is required).
  await tiles.first().click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('search-clear').click();
  await category.click();
  await shot(page, 'large-catalog-grid-ar');

  expect(guard.errors).toEqual([]);
});
