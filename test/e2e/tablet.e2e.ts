import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { addProduct, CAPPUCCINO_OAT, CROISSANT, guardPage, ICED_AMERICANO, signInWithDemo, waitForTill, type DemoProduct } from './till-page.ts';
import { startTillServer, type TillServer } from './till-server.ts';

// The till on a tablet: 1024×768 landscape and 800×1280 portrait. Every
// control of the header reachable on screen (through its menu), at least four
// cart lines in view, every target at least 44×44 px. The screens land in
// docs/ (tablet-*.png) and the README's selling screen is refreshed here.

const docs = fileURLToPath(new URL('../../docs/', import.meta.url));
const SIZES = [
  { name: '1024x768', width: 1024, height: 768 },
  { name: '800x1280', width: 800, height: 1280 },
] as const;
const MIN_TARGET = 44;

let server: TillServer;
test.beforeEach(async () => {
  server = await startTillServer();
});
test.afterEach(async () => {
  await server.stop();
});

/** Every visible control smaller than 44×44 px, or reaching outside the window, named by its test id or text. */
async function badTargets(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate(
    ({ selector, min }) => {
      const root = document.querySelector(selector) ?? document.body;
      const controls = root.querySelectorAll<HTMLElement>('button, input:not([type="hidden"]), select, textarea, a[href], [role="tab"], [role="button"]');
      const bad: string[] = [];
      for (const control of controls) {
        if (!control.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
        // A control inside a modal dialog's inert background is not a target now.
        if (control.closest('[inert]') || (document.querySelector('dialog[open]') && !control.closest('dialog[open]'))) continue;
        const box = control.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const name = control.dataset.testid ?? control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 30) ?? control.tagName;
        if (Math.round(box.width) < min || Math.round(box.height) < min) bad.push(`${name}: ${Math.round(box.width)}×${Math.round(box.height)}`);
        if (box.left < -1 || box.right > window.innerWidth + 1 || box.top < -1 || box.bottom > window.innerHeight + 1) {
          // A control scrolled out of its own scrolling list is reachable; one outside the window with no scroller is not.
          let scroller: HTMLElement | null = control.parentElement;
          while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY + getComputedStyle(scroller).overflowX))
            scroller = scroller.parentElement;
          if (!scroller || scroller === document.body || scroller === document.documentElement)
            bad.push(`${name}: off screen at ${Math.round(box.left)},${Math.round(box.top)}`);
        }
      }
      return bad;
    },
    { selector: within, min: MIN_TARGET },
  );
}

/** The box is wholly inside the window. */
async function onScreen(page: Page, testid: string): Promise<void> {
  const box = (await page.getByTestId(testid).boundingBox())!;
  const size = page.viewportSize()!;
  expect(box, testid).not.toBeNull();
  expect(box.x, `${testid} left`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${testid} top`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${testid} right`).toBeLessThanOrEqual(size.width);
  expect(box.y + box.height, `${testid} bottom`).toBeLessThanOrEqual(size.height);
}

/** How many cart lines are wholly visible inside the cart's scrolling list. */
async function visibleCartLines(page: Page): Promise<number> {
  return page.evaluate(() => {
    const list = document.querySelector('[data-testid="cart-lines"]')!.getBoundingClientRect();
    return [...document.querySelectorAll('[data-testid="cart-line"]')].filter((line) => {
      const box = line.getBoundingClientRect();
      return box.top >= list.top - 1 && box.bottom <= list.bottom + 1 && box.bottom <= window.innerHeight;
    }).length;
  });
}

async function saveDoc(page: Page, name: string): Promise<void> {
  mkdirSync(docs, { recursive: true });
  await page.screenshot({ path: join(docs, `${name}.png`) });
}

test('tablet: header menu on screen, four cart lines, 44 px targets, at 1024×768 and 800×1280 in both languages', async ({ page }) => {
  test.setTimeout(600_000);
  const guard = guardPage(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server.url}?lang=en`);
  await signInWithDemo(page, 'en');
  await waitForTill(page);

  // Five lines, one with a modifier (a taller line).
  const products: DemoProduct[] = [CAPPUCCINO_OAT, CROISSANT, ICED_AMERICANO];
  for (const product of products) await addProduct(page, product, 'en');
  await page.getByTestId(`category-${CROISSANT.category}`).click();
  const tiles = page.getByTestId('product-tile').filter({ hasNotText: CROISSANT.en });
  for (const index of [0, 1]) {
    const before = await page.getByTestId('cart-line').count();
    await tiles.nth(index).click();
    if (await page.getByTestId('line-dialog').isVisible()) await page.getByTestId('line-save').click();
    await expect(page.getByTestId('cart-line')).toHaveCount(before + 1);
  }
  await expect(page.getByTestId('cart-line')).toHaveCount(5);

  // The README's own picture of the selling screen, at a terminal's 1280×800.
  await saveDoc(page, 'screenshot-en');
  await page.keyboard.press('Alt+L');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await saveDoc(page, 'screenshot-ar');
  await page.keyboard.press('Alt+L');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const lang of ['en', 'ar'] as const) {
      if ((await page.locator('html').getAttribute('lang')) !== lang) {
        // A tablet has no Alt+L: the language is switched from the header's menu.
        await page.getByTestId('menu-toggle').click();
        await onScreen(page, 'lang-toggle');
        await page.getByTestId('lang-toggle').click();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await page.keyboard.press('Escape');
      }
      const where = `${size.name} ${lang}`;

      // Every tab and the menu button are on screen; the menu holds Sync, the language and the cashier, all on screen.
      for (const tab of ['nav-sell', 'nav-orders', 'nav-parked', 'nav-shift', 'nav-branch', 'menu-toggle']) await onScreen(page, tab);
      await expect(page.getByTestId('sync-now')).toBeHidden();
      await page.getByTestId('menu-toggle').click();
      await expect(page.getByTestId('menu-toggle')).toHaveAttribute('aria-expanded', 'true');
      for (const action of ['sync-now', 'lang-toggle', 'switch-cashier']) await onScreen(page, action);
      expect(await badTargets(page, '[data-testid="status-bar"]'), where).toEqual([]);
      await saveDoc(page, `tablet-menu-${size.name}-${lang}`);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('sync-now')).toBeHidden();

      // At least four cart lines in view, the pay button on screen, every target big enough.
      expect(await visibleCartLines(page), where).toBeGreaterThanOrEqual(4);
      await onScreen(page, 'pay-button');
      expect(await badTargets(page), where).toEqual([]);
      await saveDoc(page, `tablet-sell-${size.name}-${lang}`);

      // The line dialog's steppers and the payment dialog.
      await page.getByTestId('cart-line').first().getByTestId('line-edit').click();
      await expect(page.getByTestId('line-dialog')).toBeVisible();
      expect(await badTargets(page, '[data-testid="line-dialog"]'), `line dialog ${where}`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByTestId('pay-button').click();
      await expect(page.getByTestId('payment-dialog')).toBeVisible();
      await onScreen(page, 'pay-complete');
      expect(await badTargets(page, '[data-testid="payment-dialog"]'), `payment ${where}`).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('payment-dialog')).toBeHidden();

      // The shift screen: its choices are segmented buttons, not small radios.
      await page.getByTestId('nav-shift').click();
      await expect(page.getByTestId('shift-screen')).toBeVisible();
      expect(await badTargets(page, '[data-testid="shift-screen"]'), `shift ${where}`).toEqual([]);
      await saveDoc(page, `tablet-shift-${size.name}-${lang}`);
      await page.getByTestId('nav-sell').click();
    }
  }
  expect(guard.errors).toEqual([]);
});
