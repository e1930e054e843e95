import type { Page } from '@playwright/test';
import { translate, type MessageKey } from '../../src-shared/i18n/index.ts';
import { posOn } from './pos-cli.ts';
import { addProduct, CROISSANT, openStation, pairTill, payCashExact, pickProduct, shot, type Lang } from './till-page.ts';
import { expect, test } from './till-test.ts';

// Issue 34, item 4: one notice area that never covers an action. A notice is
// raised, and kept up, over each screen's action bar (the sell screen and its
// cart totals, the payment dialog, the floor, a tab and its split dialog, the
// orders, the shift and the branch screens) at 1280×800 and 1024×768, in
// English and Arabic, and its box is compared with every visible button's and
// total's. The same notice said twice is shown once; what went well leaves
// after 2 s and an error stays (the page's clock is Playwright's, moved by
// hand: no test here waits on wall time); the offline error says what happens
// to the sales, the engineer's words one tap away under Details. The
// kitchen display's notices are a row under its bar, over no ticket's button.

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
] as const;
const LANGS: Lang[] = ['en', 'ar'];
const words = (lang: Lang, key: MessageKey) => translate(lang, key);

/** A table's card on the floor, by its name. */
const tableCard = (page: Page, name: string) => page.getByTestId('floor-table').filter({ has: page.getByText(name, { exact: true }) });

/**
 * What a shown notice covers: every visible button, field and total (the cart's and the tab's) whose box meets the
 * box of the notice area, outside the area itself; and every action pushed out of the window (with no scroller of its
 * own to bring it back). Inside a modal dialog only the dialog's own controls count: the page under it is inert.
 */
async function coveredByNotices(page: Page): Promise<{ notices: number; covered: string[]; offScreen: string[] }> {
  return page.evaluate(() => {
    const dialogs = [...document.querySelectorAll<HTMLDialogElement>('dialog[open]')];
    const scope: ParentNode = dialogs.at(-1) ?? document;
    const area = [...scope.querySelectorAll<HTMLElement>('.notices')].find((n) => n.querySelector('.notice'));
    if (!area) return { notices: 0, covered: [], offScreen: [] };
    const box = area.getBoundingClientRect();
    const meets = (b: DOMRect) => b.left < box.right && box.left < b.right && b.top < box.bottom && box.top < b.bottom;
    const name = (el: HTMLElement) => el.dataset.testid ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName;
    const targets = [
      ...scope.querySelectorAll<HTMLElement>(
        'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], dl, [data-testid$="-total"], [data-testid="tab-parts"]',
      ),
    ].filter((el) => !area.contains(el) && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && el.getClientRects().length > 0);
    // The part of an element that can be seen: its box cut by every ancestor that clips (a dialog's scrolling body).
    const seen = (el: HTMLElement): DOMRect => {
      let { left, top, right, bottom } = el.getBoundingClientRect();
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = up.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      return new DOMRect(left, top, Math.max(0, right - left), Math.max(0, bottom - top));
    };
    const covered = targets
      .map((el) => ({ el, b: seen(el) }))
      .filter(({ b }) => b.width > 0 && b.height > 0 && meets(b))
      .map(({ el }) => name(el));
    const offScreen: string[] = [];
    for (const el of targets) {
      const b = el.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) continue;
      if (b.top >= -1 && b.bottom <= innerHeight + 1 && b.left >= -1 && b.right <= innerWidth + 1) continue;
      let scroller = el.parentElement;
      while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY + getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      if (!scroller || scroller === document.body || scroller === document.documentElement) offScreen.push(name(el));
    }
    return { notices: area.querySelectorAll('.notice').length, covered, offScreen };
  });
}

/** The notice area on this screen covers nothing and pushes nothing out of the window; `where` names the screen. */
async function expectNothingCovered(page: Page, where: string): Promise<void> {
  const found = await coveredByNotices(page);
  expect(found.notices, `${where}: a notice is shown`).toBeGreaterThan(0);
  expect(found.covered, `${where}: under a notice`).toEqual([]);
  expect(found.offScreen, `${where}: pushed out of the window`).toEqual([]);
}

/** The floor's tables (the Floor button shows the tab last open there: back from it). */
async function toFloor(page: Page): Promise<void> {
  await page.getByTestId('nav-floor').click();
  await expect(page.getByTestId('floor-view').or(page.getByTestId('tab-screen'))).toBeVisible();
  if (await page.getByTestId('tab-screen').isVisible()) await page.getByTestId('tab-back').click();
  await expect(page.getByTestId('floor-table').first()).toBeVisible();
}

/** "Sync now", from the status bar or, on a narrow screen, its menu. */
async function syncNow(page: Page): Promise<void> {
  if (!(await page.getByTestId('sync-now').isVisible())) await page.getByTestId('menu-toggle').click();
  await page.getByTestId('sync-now').click();
}

test('a notice over each screen covers no button or total, at 1280×800 and 1024×768, in English and Arabic; shown once; info leaves, errors stay', async ({
  page,
  server,
}) => {
  // Pairing pulls the demo catalog first; on a loaded machine that alone can take minutes.
  test.setTimeout(900_000);
  // The page's timers are Playwright's: they run with wall time until paused, then only as far as the test moves them.
  await page.clock.install();
  const guard = await pairTill(page, server.url, 'en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // A cart with a line, so its totals and Pay are drawn (first: a change to the cart closes the errors before it).
  await pickProduct(page, CROISSANT, 'en');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  // The service goes away: "Sync now" is refused, said to the cashier as what happens to her sales.
  await server.emulator('stop');
  await syncNow(page);
  await expect(page.getByTestId('sync-now')).toBeEnabled();
  await syncNow(page);
  await expect(page.getByTestId('sync-now')).toBeEnabled();
  const error = page.getByTestId('notices-bar').getByTestId('notice-error');
  await expect(error).toHaveCount(1);
  await expect(error.locator('strong')).toHaveText(words('en', 'error.offline'));
  // The engineer's words are one tap away, not on the cashier's screen.
  const details = error.locator('details');
  await expect(details.locator('small')).toBeHidden();
  await details.locator('summary').click();
  await expect(details.locator('small')).toHaveText(words('en', 'error.unreachable'));
  await expect(details.locator('small')).toBeVisible();
  // Said again while it is being read, it is the same notice: still one, its Details still open.
  await syncNow(page);
  await expect(page.getByTestId('sync-now')).toBeEnabled();
  await expect(error).toHaveCount(1);
  await expect(details.locator('small')).toBeVisible();

  let tabOpened = false;
  for (const size of SIZES) {
    for (const lang of LANGS) {
      const at = `${size.width}x${size.height} ${lang}`;
      await page.setViewportSize(size);
      if ((await page.locator('html').getAttribute('lang')) !== lang) await page.keyboard.press('Alt+l');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // The error is still there, in this language, whatever screen the cashier went to (it stays until closed).
      await expect(error.locator('strong')).toHaveText(words(lang, 'error.offline'));

      // Sell, with the cart's line, its totals and Pay.
      await page.getByTestId('nav-sell').click();
      await expect(page.getByTestId('cart-line')).toHaveCount(1);
      await expectNothingCovered(page, `${at} sell`);
      await shot(page, `notices-sell-${size.width}-${lang}`);

      // The payment dialog shows the notice inside it, above its buttons.
      await page.getByTestId('pay-button').click();
      const payment = page.getByTestId('payment-dialog');
      await expect(payment.getByTestId('notice-error')).toHaveCount(1);
      await expectNothingCovered(page, `${at} payment dialog`);
      await shot(page, `notices-payment-${size.width}-${lang}`);
      await payment.getByTestId('dialog-close').click();
      await expect(payment).toBeHidden();

      // The floor, and a tab on table T4.
      await toFloor(page);
      await expectNothingCovered(page, `${at} floor`);
      await tableCard(page, 'T4').click();
      if (!tabOpened) {
        await page.getByTestId('open-tab-guests-4').click();
        await page.getByTestId('open-tab-confirm').click();
        tabOpened = true;
      }
      await expect(page.getByTestId('tab-screen')).toHaveAttribute('data-state', 'open');

      // A round sent twice: "the round went to the kitchen" is shown once, beside the error, and covers nothing.
      // The clock stands still meanwhile, so the notice cannot leave before it is looked at.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      const sent = page
        .getByTestId('notices-bar')
        .getByTestId('notice-info')
        .filter({ hasText: words(lang, 'tab.sentDone') });
      for (let round = 0; round < 2; round++) {
        const rounds = await page.getByTestId('tab-round').count();
        await pickProduct(page, CROISSANT, lang);
        await page.getByTestId('tab-send').click();
        await expect(page.getByTestId('tab-round')).toHaveCount(rounds + 1);
      }
      await expect(sent).toHaveCount(1);
      await expectNothingCovered(page, `${at} tab`);
      await shot(page, `notices-tab-${size.width}-${lang}`);
      // What went well leaves after 2 s of the page's clock; the error stays until it is closed.
      await page.clock.runFor(1_500);
      await expect(sent).toHaveCount(1);
      await page.clock.runFor(1_000);
      await expect(sent).toHaveCount(0);
      await page.clock.runFor(60_000);
      await expect(error).toHaveCount(1);
      await page.clock.resume();

      // The split dialog shows the notice above its footer.
      await page.getByTestId('tab-split').click();
      const split = page.getByTestId('split-tab-dialog');
      await expect(split.getByTestId('notice-error')).toHaveCount(1);
      await expectNothingCovered(page, `${at} split dialog`);
      await expect(split.getByTestId('split-confirm')).toBeInViewport({ ratio: 1 });
      await shot(page, `notices-split-${size.width}-${lang}`);
      await split.getByTestId('dialog-close').click();
      await expect(split).toBeHidden();

      for (const view of ['orders', 'shift', 'branch'] as const) {
        await page.getByTestId(`nav-${view}`).click();
        await expect(page.getByTestId('till')).toHaveAttribute('data-view', view);
        await expect(page.locator('main.view').getByRole('button').first()).toBeVisible();
        await expectNothingCovered(page, `${at} ${view}`);
      }
    }
  }

  // Last (1024×768, Arabic): the tab is split; its parts and every "Pay part" stay in view beside the totals, the
  // products' place says what to do rather than going blank, and the notice covers none of it.
  await toFloor(page);
  await tableCard(page, 'T4').click();
  await page.getByTestId('tab-split').click();
  // By items, the lines scroll in the dialog's body; what each part comes to and Split stay in its footer, in view.
  const split = page.getByTestId('split-tab-dialog');
  await split.getByTestId('split-by-lines').click();
  await expect(split.getByTestId('split-line')).toHaveCount(await page.getByTestId('tab-line').count());
  await expect(split.getByTestId('split-part-totals')).toBeInViewport({ ratio: 1 });
  await expect(split.getByTestId('split-confirm')).toBeInViewport({ ratio: 1 });
  await expectNothingCovered(page, '1024x768 ar split dialog by items');
  await shot(page, 'notices-split-by-items-1024-ar');
  await split.getByTestId('split-evenly').click();
  await page.getByTestId('split-more').click();
  await page.getByTestId('split-confirm').click();
  await expect(page.getByTestId('tab-screen')).toHaveAttribute('data-state', 'split');
  await expect(page.getByTestId('tab-pay-part')).toHaveCount(3);
  for (const pay of await page.getByTestId('tab-pay-part').all()) await expect(pay).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('tab-state-note')).toBeVisible();
  await expect(page.getByTestId('tab-state-note')).toHaveText(words('ar', 'tab.splitNoItems'));
  await expectNothingCovered(page, '1024x768 ar split tab');
  await shot(page, 'notices-split-tab-1024-ar');

  // Closed, the error is gone, and the screen below moves back up.
  await error.locator('button.btn').click();
  await expect(page.locator('.notices .notice')).toHaveCount(0);
  expect(guard.errors).toEqual([]);
});

test('the kitchen display says its notices in a row under its bar, over no ticket or button, in both sizes and languages', async ({ browser, server }) => {
  test.setTimeout(600_000);
  const counter = await (await browser.newContext()).newPage();
  const guardCounter = await pairTill(counter, server.url, 'en');
  posOn(server.dbFile, 'stations', 'add', 'Hot kitchen', '--code', 'K', '--kind', 'kitchen_display');
  posOn(server.dbFile, 'kitchens', 'display', 'K', '--categories', String(CROISSANT.category));
  const { page: display, guard } = await openStation(browser, server.url, 'K', 'en');
  await display.clock.install();
  // The test's own hold on the display's sockets, to drop its link to the hub as a Wi-Fi hiccup would.
  await display.addInitScript(() => {
    const sockets: WebSocket[] = [];
    (window as unknown as { __sockets: WebSocket[] }).__sockets = sockets;
    window.WebSocket = class extends WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        sockets.push(this);
      }
    };
  });
  await display.reload();
  await expect(display.getByTestId('kitchen-screen')).toBeVisible({ timeout: 60_000 });
  // Two tickets on the board, so their Done buttons are where a floating notice would sit.
  for (let sale = 0; sale < 2; sale++) {
    await addProduct(counter, CROISSANT, 'en');
    await payCashExact(counter);
  }
  await expect(display.getByTestId('kitchen-ticket')).toHaveCount(2);

  for (const size of SIZES) {
    for (const lang of LANGS) {
      const at = `kitchen ${size.width}x${size.height} ${lang}`;
      await display.setViewportSize(size);
      if ((await display.locator('html').getAttribute('lang')) !== lang) await display.keyboard.press('Alt+l');
      await expect(display.locator('html')).toHaveAttribute('lang', lang);
      // The link to the hub drops and comes back: "connected again" is said, and kept (the clock stands still) to be measured.
      await display.clock.pauseAt((await display.evaluate(() => Date.now())) + 1_000);
      await display.evaluate(() => (window as unknown as { __sockets: WebSocket[] }).__sockets.forEach((socket) => socket.close()));
      await expect(display.getByTestId('kitchen-hub-lost')).toBeVisible();
      const back = display.getByTestId('notices-bar').getByTestId('notice-info');
      // The reconnection waits its turn on the page's clock (at most 5 s between tries).
      await expect(async () => {
        await display.clock.runFor(1_000);
        await expect(back).toHaveCount(1, { timeout: 500 });
      }).toPass();
      await expect(back.locator('strong')).toHaveText(words(lang, 'kitchen.hubBack'));
      await expect(display.getByTestId('kitchen-ticket')).toHaveCount(2);
      await expectNothingCovered(display, at);
      await shot(display, `notices-kitchen-${size.width}-${lang}`);
      await display.clock.runFor(2_500);
      await expect(back).toHaveCount(0);
      await display.clock.resume();
    }
  }
  expect(guard.errors).toEqual([]);
  expect(guardCounter.errors).toEqual([]);
});
