import type { Page } from '@playwright/test';
import { CAPPUCCINO_OAT, halalas, pairTill, type Lang } from './till-page.ts';
import { expect, test } from './till-test.ts';

// Issue 34, item 3, in a real browser on `pos serve --demo`, at 1024×768,
// in English and Arabic: on a dine-in tab the cappuccino's tile shows the
// tab's price (not the counter's takeaway price), and that figure is what
// the round being taken, the running total, Pay and the tab's line charge.

/** A table's card on the floor, by its name. */
const tableCard = (page: Page, name: string) => page.getByTestId('floor-table').filter({ has: page.getByText(name, { exact: true }) });

/** The cappuccino's tile in its category, and the price it shows. */
async function cappuccinoTile(page: Page, lang: Lang) {
  await page.getByTestId(`category-${CAPPUCCINO_OAT.category}`).click();
  const tile = page.getByTestId('product-tile').filter({ hasText: CAPPUCCINO_OAT[lang] }).first();
  await expect(tile).toBeVisible();
  return { tile, price: halalas(await tile.locator('.price .num').textContent()) };
}

for (const lang of ['en', 'ar'] as const) {
  test(`a tab charges the price its tile shows: round, running total, Pay and the tab line (${lang})`, async ({ browser, server }) => {
    test.setTimeout(600_000);
    const page = await (await browser.newContext({ viewport: { width: 1024, height: 768 } })).newPage();
    const guard = await pairTill(page, server.url, lang);
    // The counter's cart is a takeaway: its cappuccino has the counter's price.
    await expect(page.getByTestId('sell-screen')).toBeVisible();
    const counter = (await cappuccinoTile(page, lang)).price;

    await page.getByTestId('nav-floor').click();
    await tableCard(page, 'T2').click();
    await page.getByTestId('open-tab-guests-2').click();
    await page.getByTestId('open-tab-confirm').click();
    await expect(page.getByTestId('tab-screen')).toHaveAttribute('data-state', 'open');

    const { tile, price } = await cappuccinoTile(page, lang);
    // The demo menu prices dine-in above takeaway (15.00 against 14.00): the tab's tile shows the tab's.
    expect(price).not.toBe(counter);
    await tile.click();
    // Its size is a required choice (issue 34): Small adds nothing to the price, and its tap adds the line.
    await page
      .getByTestId('line-dialog')
      .getByTestId('modifier-option')
      .filter({ hasText: lang === 'ar' ? 'صغير' : 'Small' })
      .first()
      .click();
    await expect(page.getByTestId('tab-draft-line')).toHaveCount(1);
    await expect.poll(async () => halalas(await page.getByTestId('tab-draft-amount').textContent())).toBe(price);
    // While the round is taken: its running total, the tab's total with it, and Pay name the same figure.
    await expect.poll(async () => halalas(await page.getByTestId('tab-round-total').textContent())).toBe(price);
    expect(halalas(await page.getByTestId('tab-total').textContent())).toBe(price);
    expect(halalas(await page.getByTestId('tab-pay').textContent())).toBe(price);
    await expect(page.getByTestId('tab-pay-covers')).toBeVisible();

    // On the tab: the line charges the tile's price.
    await page.getByTestId('tab-add-round').click();
    await expect(page.getByTestId('tab-line')).toHaveCount(1);
    expect(halalas(await page.getByTestId('tab-line').locator('.amount').textContent())).toBe(price);
    expect(halalas(await page.getByTestId('tab-total').textContent())).toBe(price);
    expect(halalas(await page.getByTestId('tab-pay').textContent())).toBe(price);
    expect(guard.errors).toEqual([]);
  });
}
