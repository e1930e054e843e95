import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { posOn } from './pos-cli.ts';
import { addProduct, CAPPUCCINO_OAT, CROISSANT, docsShot, guardPage, openStation, pairTill, payCashExact, type Lang } from './till-page.ts';
import { expect, test } from './till-test.ts';

// Issue 21, part 4: a kitchen display on the branch's hub. A counter (one
// browser) sells; a second browser, made the kitchen display station K,
// shows the ticket as the host's `kitchen` event arrives over its
// WebSocket; the cook bumps an item and the ticket by touch, recalls with
// the bump bar's 0, picks a ticket with a digit and bumps it with Enter.
// In English and in Arabic; the README's pictures (docs/kitchen-display-*.png).

const NOTE = { en: 'Warm, please', ar: 'ساخن من فضلك' } as const;
/** The labels of the board's tickets, oldest first. */
const labels = (display: Page) => display.getByTestId('ticket-label').evaluateAll((els) => els.map((e) => e.querySelector('bdi')!.textContent!.trim()));

for (const lang of ['en', 'ar'] as const satisfies Lang[]) {
  test(`a counter sells, the kitchen display shows it, bump by touch and keys, recall (${lang})`, async ({ browser, server }) => {
    // Pairing pulls the demo catalog first; on a loaded machine that alone can take minutes.
    test.setTimeout(600_000);
    const counter = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const guardCounter = await pairTill(counter, server.url, lang);

    // The manager adds the kitchen display K and sends the hot drinks and the bakery to it.
    posOn(server.dbFile, 'stations', 'add', lang === 'en' ? 'Hot kitchen' : 'المطبخ الساخن', '--code', 'K', '--kind', 'kitchen_display');
    posOn(server.dbFile, 'kitchens', 'display', 'K', '--categories', `${CAPPUCCINO_OAT.category},${CROISSANT.category}`);

    // The display: a browser made station K; no sign-in, its board.
    const { page: display, guard: guardDisplay } = await openStation(browser, server.url, 'K', lang, { viewport: { width: 1280, height: 800 } });
    await expect(display.getByTestId('kitchen-screen')).toBeVisible({ timeout: 60_000 });
    await expect(display.getByTestId('kitchen-empty')).toBeVisible();
    await expect(display.getByTestId('sell-screen')).toHaveCount(0);

    // Two sales at the counter: a cappuccino with oat milk, then two croissants.
    await addProduct(counter, CAPPUCCINO_OAT, lang);
    const first = await payCashExact(counter);
    await addProduct(counter, CROISSANT, lang);
    // Two, warmed: the line's dialog takes the quantity and a note for the kitchen.
    await counter.getByTestId('line-edit').first().click();
    await counter.getByTestId('qty-more').click();
    await counter.getByTestId('line-notes').fill(NOTE[lang]);
    await counter.getByTestId('line-save').click();
    await expect(counter.getByTestId('line-dialog')).toBeHidden();
    await expect(counter.getByTestId('line-quantity').first()).toHaveText('2');
    const second = await payCashExact(counter);

    // They arrive through the event, oldest first, in the display's language.
    await expect.poll(() => labels(display)).toEqual([first, second]);
    const ticket1 = display.getByTestId('kitchen-ticket').nth(0);
    await expect(ticket1.getByTestId('kitchen-item')).toContainText(CAPPUCCINO_OAT[lang]);
    // Its size is on the ticket too (issue 34's required size): the oat milk is one of its options.
    await expect(ticket1.getByTestId('kitchen-modifier').filter({ hasText: CAPPUCCINO_OAT.modifier![lang] })).toBeVisible();
    await expect(display.getByTestId('kitchen-ticket').nth(1).getByTestId('kitchen-item')).toContainText(`2× ${CROISSANT[lang]}`);
    await expect(display.getByTestId('kitchen-ticket').nth(1).getByTestId('kitchen-note')).toHaveText(NOTE[lang]);
    await expect(display.getByTestId('all-day-count').filter({ hasText: CROISSANT[lang] })).toHaveAttribute('data-quantity', '2');

    // The README's pictures, with one item already made.
    await ticket1.getByTestId('kitchen-item').click();
    await expect(ticket1.getByTestId('kitchen-item')).toHaveAttribute('aria-pressed', 'true');
    await docsShot(display, `kitchen-display-${lang}`);
    const axe = await new AxeBuilder({ page: display }).setLegacyMode(true).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Touch: "Done" on the first ticket; the bump bar's 0 brings it back.
    await ticket1.getByTestId('bump-ticket').click();
    await expect.poll(() => labels(display)).toEqual([second]);
    await display.keyboard.press('0');
    await expect.poll(() => labels(display)).toEqual([first, second]);

    // Keys only: 2 picks the croissants, Enter bumps them.
    await display.keyboard.press('2');
    await expect(display.getByTestId('kitchen-ticket').nth(1)).toHaveAttribute('data-selected', 'true');
    await display.keyboard.press('Enter');
    await expect.poll(() => labels(display)).toEqual([first]);
    await expect(display.getByTestId('kitchen-recall')).toContainText(second);
    await expect(display.getByTestId('all-day-count').filter({ hasText: CROISSANT[lang] })).toHaveCount(0);

    // The display goes dark (its page closes: its socket with it). A sale meanwhile prints on the kitchen printer;
    // opened again, the display shows every open ticket, marked where it was printed because it was away.
    await display.close();
    await addProduct(counter, CROISSANT, lang);
    const third = await payCashExact(counter);
    const again = await display.context().newPage();
    const guardAgain = guardPage(again);
    await again.goto(`${server.url}?lang=${lang}`);
    await expect.poll(() => labels(again)).toEqual([first, third]);
    await expect(again.getByTestId('kitchen-ticket').nth(1).getByTestId('ticket-fallback')).toBeVisible();

    expect(guardCounter.errors).toEqual([]);
    expect(guardDisplay.errors).toEqual([]);
    expect(guardAgain.errors).toEqual([]);
  });
}
