import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';

const screenshots = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));
const docs = fileURLToPath(new URL('../../docs/', import.meta.url));

/** A product of the demo menu, by category and by its name in each language. */
export interface DemoProduct {
  category: number;
  en: string;
  ar: string;
  /** A modifier to choose, by its name in each language. */
  modifier?: { en: string; ar: string };
  /** Its size, when it comes in sizes (a required one-of group: the tile opens the picker, and the size's tap adds the line). */
  size?: { en: string; ar: string };
}

export const CAPPUCCINO_OAT: DemoProduct = {
  category: 1,
  en: 'Cappuccino',
  ar: 'كابتشينو',
  modifier: { en: 'Oat milk', ar: 'حليب الشوفان' },
  size: { en: 'Medium', ar: 'وسط' },
};
export const CROISSANT: DemoProduct = { category: 5, en: 'Butter croissant', ar: 'كرواسون بالزبدة' };
export const ICED_AMERICANO: DemoProduct = { category: 2, en: 'Iced americano', ar: 'آيس أمريكانو', size: { en: 'Small', ar: 'صغير' } };

export type Lang = 'en' | 'ar';

/** Saves a full-page screenshot as a test artifact under test-results/screenshots/. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: `${screenshots}${name}.png` });
}

/** Saves a screenshot of the page as a picture of the README, under docs/. */
export async function docsShot(page: Page, name: string): Promise<void> {
  mkdirSync(docs, { recursive: true });
  await page.screenshot({ path: `${docs}${name}.png` });
}

/** Closes every notice on the screen (info notices also go away by themselves: whichever is first, until none is left). */
export async function closeNotices(page: Page): Promise<void> {
  while ((await page.locator('.notices .notice').count()) > 0) {
    await page
      .locator('.notices .notice .btn')
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  await expect(page.locator('.notices .notice')).toHaveCount(0);
}

/**
 * A keyboard-wedge scan as a scanner sends it: every key and the Enter in one
 * burst, dispatched to the focused element within one task of the page, so the
 * keys' time stamps are microseconds apart however busy the machine is
 * (Playwright's own typing is one round trip per key, which a loaded machine
 * spreads past the wedge's gap).
 */
export async function scanBarcode(page: Page, code: string): Promise<void> {
  await page.evaluate((keys) => {
    const target = document.activeElement ?? document.body;
    for (const key of [...keys, 'Enter']) target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  }, code);
}

/** "1,234.50" or "38.00" as halalas. */
export function halalas(text: string | null): number {
  const match = /(-?)(\d+)\.(\d{2})/.exec((text ?? '').replace(/,/g, ''));
  if (!match) throw new Error(`"${text}" is not an amount`);
  const value = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -value : value;
}

/**
 * Records every state the pull progress shows, from before the page's own
 * scripts run, so a fast pull that is over before the test looks still
 * leaves its trace.
 */
export async function watchPullProgress(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Record<string, string | undefined>[] = [];
    (window as unknown as { __pullSeen: typeof seen }).__pullSeen = seen;
    const record = () => {
      const el = document.querySelector<HTMLElement>('[data-testid="pull-progress"]');
      if (!el) return;
      const state = { phase: el.dataset.phase, resource: el.dataset.resource, page: el.dataset.page, pages: el.dataset.pages };
      const last = seen.at(-1);
      if (!last || JSON.stringify(last) !== JSON.stringify(state)) seen.push(state);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

export async function pullStatesSeen(page: Page): Promise<{ phase?: string; resource?: string; page?: string; pages?: string }[]> {
  return page.evaluate(() => (window as unknown as { __pullSeen: [] }).__pullSeen);
}

/** The text of every info notice drawn on the page since the watch began (one entry per notice, in order). */
async function infoNoticesSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __infoNotices?: string[] };
    if (!w.__infoNotices) {
      const seen: string[] = [];
      const index = new WeakMap<Element, number>();
      const record = () =>
        document.querySelectorAll('[data-testid="notice-info"]').forEach((notice) => {
          const at = index.get(notice);
          if (at === undefined) index.set(notice, seen.push(notice.textContent ?? '') - 1);
          else seen[at] = notice.textContent ?? '';
        });
      new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
      record();
      w.__infoNotices = seen;
    }
    return [...w.__infoNotices];
  });
}

/**
 * Runs `action` and waits for an info notice holding `text` drawn after it began. An info notice goes away by itself
 * after 4 s of wall time, which a loaded machine can spend before an expect polls: the notices are recorded as they
 * are drawn instead of racing that window (and one left over from an earlier save is closed first: a notice said
 * again is the same element, not a new one).
 */
export async function expectInfoNotice(page: Page, text: string | RegExp, action: () => Promise<unknown>): Promise<void> {
  // The same notice said again is the one on screen, its time started again (issue 34): none may be left from before.
  await closeNotices(page);
  const before = (await infoNoticesSeen(page)).length;
  await action();
  const matches = (notice: string) => (typeof text === 'string' ? notice.includes(text) : text.test(notice));
  await expect
    .poll(async () => (await infoNoticesSeen(page)).slice(before).filter(matches), { message: `an info notice with ${String(text)}` })
    .not.toEqual([]);
}

/** Fails the test on any CSP violation or uncaught error in the page. */
export function guardPage(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) errors.push(`CSP: ${message.text()}`);
  });
  return { errors };
}

/** Signs in with the demo service's credentials, as a first-run cashier would, and waits for the till. */
export async function signInWithDemo(page: Page, lang: Lang, screenshotPrefix?: string): Promise<void> {
  await expect(page.getByTestId('signin')).toBeVisible();
  await page.getByTestId('use-demo').click();
  await expect(page.getByTestId('signin-base-url')).not.toHaveValue('');
  if (screenshotPrefix) await shot(page, `${screenshotPrefix}-signin-${lang}`);
  await page.getByTestId('signin-submit').click();
}

/** The manager every e2e till gets on its first run after pairing. */
export const E2E_MANAGER = { name: 'Mona', pin: '2468' };

/**
 * Waits for the till after pairing. On a first run it answers the "first
 * manager" screen and opens a shift with no float, so flows that are not
 * about shifts can sell at once (shift-day.e2e.ts does it by hand).
 */
export async function waitForTill(page: Page): Promise<void> {
  const sell = page.getByTestId('sell-screen');
  const first = page.getByTestId('first-manager');
  await expect(sell.or(first)).toBeVisible({ timeout: 170_000 });
  if (await first.isVisible()) {
    await createFirstManager(page, E2E_MANAGER.name, E2E_MANAGER.pin);
    await openShiftWithFloat(page, '0');
    await page.getByTestId('nav-sell').click();
  }
  await expect(sell).toBeVisible();
  await expect(page.getByTestId('product-tile').first()).toBeVisible();
}

/**
 * Opens the till at `url` in `lang`, pairs it with the demo service and
 * waits for the till (on a first run: the manager made, a shift opened).
 * Returns the page's guard (guardPage).
 */
export async function pairTill(page: Page, url: string, lang: Lang): Promise<{ errors: string[] }> {
  const guard = guardPage(page);
  await page.goto(`${url}?lang=${lang}`);
  await signInWithDemo(page, lang);
  await waitForTill(page);
  return guard;
}

/**
 * Another browser made station `code` of the hub at `url` (the till_station
 * cookie the Stations tab's "Use on this screen" sets), opened in `lang`;
 * nobody is signed in there yet.
 */
export async function openStation(
  browser: Browser,
  url: string,
  code: string,
  lang: Lang,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; guard: { errors: string[] } }> {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: 'till_station', value: code, url: new URL(url).origin }]);
  const page = await context.newPage();
  const guard = guardPage(page);
  await page.goto(`${url}?lang=${lang}`);
  return { page, guard };
}

/** Signs `cashier` in on the PIN screen (a station's first load can be slow on a loaded machine). */
export async function signInWithPin(page: Page, cashier: { name: string; pin: string }): Promise<void> {
  await expect(page.getByTestId('pin-screen')).toBeVisible({ timeout: 60_000 });
  await page.locator(`[data-testid="pick-cashier"][data-name="${cashier.name}"]`).click();
  await page.getByTestId('pin-input').fill(cashier.pin);
  await page.getByTestId('pin-input').press('Enter');
}

export async function createFirstManager(page: Page, name: string, pin: string): Promise<void> {
  await page.getByTestId('manager-name').fill(name);
  await page.getByTestId('manager-pin').fill(pin);
  await page.getByTestId('manager-pin-again').fill(pin);
  await page.getByTestId('manager-create').click();
  await expect(page.getByTestId('till')).toBeVisible();
}

export async function openShiftWithFloat(page: Page, amount: string): Promise<void> {
  await page.getByTestId('nav-shift').click();
  await page.getByTestId('float-amount').fill(amount);
  await page.getByTestId('shift-open').click();
  await expect(page.getByTestId('shift-screen')).toHaveAttribute('data-open', 'yes');
}

/** Adds a product to the cart (pickProduct); one more cart line after. */
export async function addProduct(page: Page, product: DemoProduct, lang: Lang, screenshotName?: string): Promise<void> {
  const before = await page.getByTestId('cart-line').count();
  await pickProduct(page, product, lang, screenshotName);
  await expect(page.getByTestId('cart-line')).toHaveCount(before + 1);
}

/**
 * Taps a product on the sell grid. Its options all optional, the cart (or a
 * tab's new round) takes it at once (issue 34), and when the test wants an
 * option, it taps the new line and chooses it in the picker. A product with
 * a size (a required group) opens the picker at the tap: the option is
 * chosen there, and the size's tap adds the line.
 */
export async function pickProduct(page: Page, product: DemoProduct, lang: Lang, screenshotName?: string): Promise<void> {
  await page.getByTestId(`category-${product.category}`).click();
  const onTab = await page.getByTestId('tab-screen').isVisible();
  const lines = page.getByTestId(onTab ? 'tab-draft-line' : 'cart-line').filter({ hasText: product[lang] });
  const before = await lines.count();
  await page.getByTestId('product-tile').filter({ hasText: product[lang] }).first().click();
  const dialog = page.getByTestId('line-dialog');
  if (product.size) {
    await expect(dialog).toBeVisible();
    if (product.modifier) {
      const option = dialog.getByTestId('modifier-option').filter({ hasText: product.modifier[lang] });
      await option.click();
      await expect(option).toHaveAttribute('data-chosen', 'true');
    }
    if (screenshotName) await shot(page, screenshotName);
    await dialog.getByTestId('modifier-option').filter({ hasText: product.size[lang] }).first().click();
    await expect(dialog).toBeHidden();
    await expect(lines).toHaveCount(before + 1);
    return;
  }
  await expect(dialog).toBeHidden();
  if (!product.modifier) return;
  // A plain tap on a product already in the cart counts it up; the option goes on the line just added (the last with its name).
  await expect(lines).toHaveCount(before + 1);
  await lines
    .last()
    .getByTestId(onTab ? 'tab-draft-edit' : 'line-edit')
    .click();
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('modifier-option').filter({ hasText: product.modifier[lang] }).click();
  await expect(dialog.getByTestId('modifier-option').filter({ hasText: product.modifier[lang] })).toHaveAttribute('data-chosen', 'true');
  if (screenshotName) await shot(page, screenshotName);
  await dialog.getByTestId('line-save').click();
  await expect(dialog).toBeHidden();
}

/** Σ line totals, and the cart's subtotal, VAT and total, in halalas. */
export async function cartFigures(page: Page): Promise<{ lines: number[]; total: number; vat: number; subtotal: number }> {
  const lines = (await page.getByTestId('line-total').allTextContents()).map(halalas);
  return {
    lines,
    total: halalas(await page.getByTestId('cart-total').textContent()),
    vat: halalas(await page.getByTestId('cart-vat').textContent()),
    subtotal: halalas(await page.getByTestId('cart-subtotal').textContent()),
  };
}

/** Pays the whole cart in cash, exact. */
export async function payCashExact(page: Page): Promise<string> {
  await page.getByTestId('pay-button').click();
  await page.getByTestId('pay-method-CASH').click();
  await page.getByTestId('pay-complete').click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toBeVisible();
  const number = (await receipt.getAttribute('data-order-number')) ?? '';
  await page.getByTestId('new-sale').click();
  await expect(page.getByTestId('sale-done')).toBeHidden();
  return number;
}
