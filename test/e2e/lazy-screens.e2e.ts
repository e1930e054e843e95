import { pairTill } from './till-page.ts';
import { expect, test } from './till-test.ts';

// Issue 34 item 8, in the built app: the floor's code is a chunk of its own, fetched when the floor first opens. While
// the fetch is held the floor's place says it is opening; when it fails the cashier reads so in English and in Arabic,
// and Try again opens the floor once its code can be fetched.
test('a screen loaded on demand says it is opening, says in words when it cannot be loaded, and opens on Try again', async ({ page, server }) => {
  test.setTimeout(600_000);
  await pairTill(page, server.url, 'en');

  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let refuse = true;
  await page.route(/\/assets\/floor-[^/]+\.js$/, async (route) => {
    await held;
    if (refuse) await route.abort('connectionrefused');
    else await route.continue();
  });

  await page.getByTestId('nav-floor').click();
  await expect(page.getByTestId('screen-loading')).toContainText('Opening…');
  release();
  const failed = page.getByTestId('screen-load-failed');
  await expect(failed).toContainText('This screen did not open.');
  await page.keyboard.press('Alt+L');
  await expect(failed).toContainText('لم تُفتح هذه الشاشة.');
  await page.keyboard.press('Alt+L');

  refuse = false;
  await page.getByTestId('screen-load-retry').click();
  // Try again fetches the chunk again (the loader forgot the failure, and the browser keeps no refused fetch): the floor opens.
  await expect(page.getByTestId('floor-view')).toBeVisible();
});
