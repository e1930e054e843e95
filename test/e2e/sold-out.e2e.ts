import { translate } from '../../src-shared/i18n/index.ts';
import { posOn } from './pos-cli.ts';
import { addProduct, CROISSANT, openStation, pairTill, payCashExact } from './till-page.ts';
import { expect, test } from './till-test.ts';

// Issue 34, item 6: sold out (86) on every screen. Two browsers on one hub
// are two stations: station A is the kitchen display K (in English), station
// B the counter (in Arabic). The cook marks the butter croissant sold out on
// A; B hears it pushed over its WebSocket and refuses it: its tile says so
// and cannot be tapped, and the search's Enter does not add it. Marked back
// on A, B sells it again.
//
// B's grid reads its products again only on the sold-out event (it polls
// nothing), so B showing the mark at all is the push. How long it took is
// measured and written to the test's annotations (about 0.1–0.3 s here; the
// issue's 1 s), not asserted: a wall-clock window fails on a loaded machine.

/** Long enough for a loaded machine; a screen that polled nothing and missed the push would never get there. */
const PUSHED_WITHIN = { timeout: 15_000 };

/** Runs `action`, waits for `seen`, and notes how long station B took to show it. */
async function timedPush(what: string, action: () => Promise<void>, seen: () => Promise<void>): Promise<void> {
  const started = Date.now();
  await action();
  await seen();
  test.info().annotations.push({ type: `${what} shown on B after (ms)`, description: String(Date.now() - started) });
}

test('sold out marked on station A is refused on station B, pushed', async ({ browser, server }) => {
  // Pairing pulls the demo catalog first; on a loaded machine that alone can take minutes.
  test.setTimeout(600_000);
  // Station B: the counter (the first browser pairs the hub and opens a shift).
  const b = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const guardB = await pairTill(b, server.url, 'ar');

  // Station A: the kitchen display K, shown the bakery.
  posOn(server.dbFile, 'stations', 'add', 'Hot kitchen', '--code', 'K', '--kind', 'kitchen_display');
  posOn(server.dbFile, 'kitchens', 'display', 'K', '--categories', String(CROISSANT.category));
  const { page: a, guard: guardA } = await openStation(browser, server.url, 'K', 'en', { viewport: { width: 1280, height: 800 } });
  await expect(a.getByTestId('kitchen-screen')).toBeVisible({ timeout: 60_000 });

  // A croissant sold at B reaches A's board, and its all-day line carries the 86 button.
  await addProduct(b, CROISSANT, 'ar');
  await payCashExact(b);
  const allDay = a.getByTestId('all-day-count').filter({ hasText: CROISSANT.en });
  await expect(allDay).toHaveAttribute('data-quantity', '1');

  // B shows the bakery: the croissant's tile can be tapped.
  await b.getByTestId(`category-${CROISSANT.category}`).click();
  const tile = b.getByTestId('product-tile').filter({ hasText: CROISSANT.ar }).first();
  await expect(tile).toBeEnabled();
  await expect(tile).toHaveAttribute('data-sold-out', 'false');

  // A marks it sold out; B refuses it.
  await timedPush(
    'sold out',
    () => allDay.getByTestId('all-day-sold-out').click(),
    () => expect(tile).toHaveAttribute('data-sold-out', 'true', PUSHED_WITHIN),
  );
  await expect(tile).toBeDisabled(PUSHED_WITHIN);
  await expect(tile.getByTestId('sold-out-label')).toHaveText(translate('ar', 'soldOut.tile'), PUSHED_WITHIN);
  await expect(a.getByTestId('sold-out-item').filter({ hasText: CROISSANT.en })).toBeVisible();

  // Found by the search, it is marked there too, and Enter (which adds the highlighted result) adds nothing.
  await b.keyboard.press('F2');
  await b.keyboard.type(CROISSANT.ar);
  const found = b.getByTestId('product-tile').filter({ hasText: CROISSANT.ar });
  await expect(found).toHaveCount(1);
  await expect(found).toHaveAttribute('data-sold-out', 'true');
  await b.keyboard.press('Enter');
  await expect(b.getByTestId('search-input')).toHaveValue(CROISSANT.ar);
  await expect(b.getByTestId('cart-line')).toHaveCount(0);
  await b.getByTestId('search-input').fill('');

  // Back on sale at A: B sells it again.
  await timedPush(
    'back on sale',
    () => a.getByTestId('sold-out-item').filter({ hasText: CROISSANT.en }).getByTestId('sold-out-back').click(),
    () => expect(tile).toHaveAttribute('data-sold-out', 'false', PUSHED_WITHIN),
  );
  await expect(tile).toBeEnabled(PUSHED_WITHIN);
  await tile.click();
  await expect(b.getByTestId('cart-line')).toHaveCount(1);

  expect(guardA.errors).toEqual([]);
  expect(guardB.errors).toEqual([]);
});
