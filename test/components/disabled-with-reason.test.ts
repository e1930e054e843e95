// Issue 34, item 5: a button that cannot work here is disabled with its
// reason beside it (named by the button's aria-describedby), not hidden and
// not refused after the tap, in both languages. The Stations tab's are in
// stations-pairing.test.ts; here the floor (Pay, and each part's Pay, while
// the hub is out of reach; Pay on an empty tab), the Shift screen
// (closing without the cash counted) and the Branch screen's Printers tab
// (a test page to a printer not bound yet).
import { expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import { BranchScreen } from '../../src-renderer/branch/index.ts';
import { FloorScreen } from '../../src-renderer/floor/index.ts';
import { ShiftScreen } from '../../src-renderer/shifts/index.ts';
import { LocaleState } from '../../src-renderer/state/index.ts';
import { floorTill, realTill, withTill } from './real-till.ts';
import { plainProducts } from './sale-fixtures.ts';

/** The text of the element a disabled button names as its reason. */
function reasonOf(container: HTMLElement, testid: string): string | null {
  const button = container.querySelector<HTMLButtonElement>(`[data-testid="${testid}"]`);
  if (!button?.disabled) return null;
  const id = button.getAttribute('aria-describedby');
  return id ? (container.querySelector(`[id="${id}"]`)?.textContent?.trim() ?? null) : null;
}

for (const lang of ['en', 'ar'] as const) {
  test(`a tab: Pay on an empty tab, and Pay and Pay part while the hub is out of reach, are disabled with the reason (${lang})`, async () => {
    const { state: till } = await floorTill();
    const [tea] = await plainProducts(till, 1);
    const floor = await till.api.floor();
    const empty = await till.api.openTab({ table_id: floor[0]!.id, guests: 1 });
    till.floorTab = empty.id;
    const locale = new LocaleState();
    locale.set(lang);
    const screen = await render(FloorScreen, { props: { now: () => Date.now() }, ...withTill(till, locale) });
    await expect.poll(() => reasonOf(screen.container, 'tab-pay')).toBe(locale.t('tab.coversNothing'));

    // A tab with a line, then the hub is lost: Pay says why it cannot pay now.
    await till.api.addRound({ tab_id: empty.id, version: empty.version, lines: [{ product_id: tea!.id, quantity: 2 }] });
    till.tabsChanged++;
    await expect.poll(() => screen.container.querySelector<HTMLButtonElement>('[data-testid="tab-pay"]')?.disabled).toBe(false);
    till.hubLost = true;
    await expect.poll(() => reasonOf(screen.container, 'tab-pay')).toBe(locale.t('hub.payOff'));

    // Split in two: each part's Pay is disabled with the same reason; back online, they work.
    const now = await till.api.tab({ tab_id: empty.id });
    await till.api.splitTab({ tab_id: empty.id, version: now.version, evenly: 2 });
    till.tabsChanged++;
    await expect.poll(() => screen.container.querySelectorAll('[data-testid="tab-pay-part"]').length).toBe(2);
    expect(reasonOf(screen.container, 'tab-pay-part')).toBe(locale.t('hub.payOff'));
    till.hubLost = false;
    await expect.poll(() => screen.container.querySelector<HTMLButtonElement>('[data-testid="tab-pay-part"]')?.disabled).toBe(false);
    expect(screen.container.querySelector('[data-testid="tab-parts-why"]')).toBeNull();
  });

  test(`the Shift screen: closing is disabled with the reason until the cash counted is typed (${lang})`, async () => {
    const till = await realTill();
    await till.api.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
    await till.api.openShift({ float: 10_000 });
    await till.refreshStaff();
    const locale = new LocaleState();
    locale.set(lang);
    const screen = await render(ShiftScreen, withTill(till, locale));
    await expect.poll(() => reasonOf(screen.container, 'shift-close')).toBe(locale.t('why.closeCounted'));
    await userEvent.fill(screen.getByTestId('close-counted').element(), '100');
    await expect.poll(() => screen.container.querySelector<HTMLButtonElement>('[data-testid="shift-close"]')?.disabled).toBe(false);
    expect(screen.container.querySelector('[data-testid="shift-close-why"]')).toBeNull();
  });
}

for (const lang of ['en', 'ar'] as const) {
  test(`the Branch screen: a test page to a printer not bound yet is disabled with the reason (${lang})`, async () => {
    const till = await realTill();
    await till.api.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
    const locale = new LocaleState();
    locale.set(lang);
    till.view = 'branch';
    const screen = await render(BranchScreen, withTill(till, locale));
    await expect.poll(() => screen.container.querySelectorAll('[data-testid="branch-printer-test"]').length).toBeGreaterThan(0);
    const unbound = (await till.api.branchSetup()).printers.filter((p) => !p.bound);
    expect(unbound.length).toBeGreaterThan(0);
    expect(reasonOf(screen.container, 'branch-printer-test')).toBe(locale.t('why.testPrintUnbound'));
  });
}
