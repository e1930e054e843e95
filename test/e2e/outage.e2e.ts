import { expect, test } from '@playwright/test';
import { addProduct, CROISSANT, guardPage, ICED_AMERICANO, payCashExact, shot, signInWithDemo, waitForTill } from './till-page.ts';
import { startTillServer, type TillServer } from './till-server.ts';

let server: TillServer;
test.beforeEach(async () => {
  server = await startTillServer();
});
test.afterEach(async () => {
  await server.stop();
});

test('outage: sales go on while the service is down, the banner counts pending orders, and they drain when it is back', async ({ page }) => {
  const guard = guardPage(page);
  await page.goto(`${server.url}?lang=en`);
  await signInWithDemo(page, 'en');
  await waitForTill(page);
  await expect(page.getByTestId('status-pending')).toHaveAttribute('data-count', '0');

  await server.emulator('stop');

  // Two sales with the service gone: each is saved at once and waits to upload.
  await addProduct(page, CROISSANT, 'en');
  const first = await payCashExact(page);
  await expect(page.getByTestId('status-online')).toHaveAttribute('data-online', 'false', { timeout: 60_000 });
  await addProduct(page, ICED_AMERICANO, 'en');
  await addProduct(page, CROISSANT, 'en');
  const second = await payCashExact(page);
  expect(second).not.toBe(first);
  await expect(page.getByTestId('status-pending')).toHaveAttribute('data-count', '2');
  await expect(page.getByTestId('status-pending')).toContainText('2 waiting to upload');
  await shot(page, 'outage-offline-en');

  await page.getByTestId('nav-orders').click();
  await expect(page.locator('[data-testid="order-row"][data-upload="pending"]')).toHaveCount(2);
  await shot(page, 'outage-orders-pending-en');
  await page.getByTestId('lang-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('status-pending')).toContainText('2 بانتظار الرفع');
  await shot(page, 'outage-orders-pending-ar');
  await page.getByTestId('nav-sell').click();
  await shot(page, 'outage-offline-ar');
  await page.getByTestId('lang-toggle').click();

  // The service returns; the uploader's next probe finds it and the queue drains to zero.
  await server.emulator('start');
  await expect(page.getByTestId('status-pending')).toHaveAttribute('data-count', '0', { timeout: 90_000 });
  await expect(page.getByTestId('status-online')).toHaveAttribute('data-online', 'true');
  await page.getByTestId('nav-orders').click();
  await expect(page.locator('[data-testid="order-row"][data-upload="synced"]')).toHaveCount(2);
  await shot(page, 'outage-drained-en');

  expect(guard.errors).toEqual([]);
});
