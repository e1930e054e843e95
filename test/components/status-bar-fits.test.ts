// The header at a counter's usual 1366 px: six screens, the cashier, Sync
// and the language button all fit, in English and in Arabic (a button cut
// off at the edge cannot be tapped). With the app's own styles and fonts.
import '../../src-renderer/fonts.css';
import '../../src-renderer/app.css';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import { LocaleState } from '../../src-renderer/state/index.ts';
import { StatusBar } from '../../src-renderer/status/index.ts';
import { offlineTill, withTill } from './real-till.ts';

for (const lang of ['en', 'ar'] as const) {
  test(`at 1366 px in ${lang === 'en' ? 'English' : 'Arabic'} every header button is on screen`, async () => {
    await page.viewport(1366, 800);
    const till = offlineTill();
    till.station = {
      id: 2,
      code: 'B',
      name: 'Counter B',
      kind: 'counter',
      receipt_printer_id: null,
      drawer_printer_id: null,
      created_at: 0,
      revoked_at: null,
      shows_cart_of: null,
    };
    till.staff = { needs_first_manager: false, cashier: { id: 'c1', name: 'Sara', role: 'cashier', active: true }, shift: null, idle_lock_minutes: 5 };
    const locale = new LocaleState();
    locale.set(lang);
    locale.apply();
    const screen = await render(StatusBar, withTill(till, locale));
    await expect.element(screen.getByTestId('sync-now')).toBeVisible();
    const top = screen.container.querySelector<HTMLElement>('.top')!;
    expect(top.scrollWidth).toBeLessThanOrEqual(top.clientWidth);
    for (const button of top.querySelectorAll<HTMLElement>('button')) {
      const box = button.getBoundingClientRect();
      expect(box.left, button.textContent ?? '').toBeGreaterThanOrEqual(0);
      expect(box.right, button.textContent ?? '').toBeLessThanOrEqual(1366);
    }
  });
}
