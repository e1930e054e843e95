// Issue 35 on a table's tab: the tab screen's "Discounts" lists the chain's
// discounts for the tab (the counter's list); one picked there is given on
// the tab, named in its sums, and the total and Pay are after it. In English
// and in Arabic, over a real till host with the emulator's discounts.
import { expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import { FloorScreen } from '../../src-renderer/floor/index.ts';
import { LocaleState, money } from '../../src-renderer/state/index.ts';
import { floorTill, withTill } from './real-till.ts';
import { plainProducts } from './sale-fixtures.ts';

for (const lang of ['en', 'ar'] as const) {
  test(`a discount picked for a tab is named in its sums; the total and Pay are after it (${lang})`, async () => {
    const { state: till } = await floorTill();
    const [cake] = await plainProducts(till, 1);
    const table = (await till.api.floor()).find((t) => t.state === 'free')!;
    let tab = await till.api.openTab({ table_id: table.id, guests: 2 });
    tab = await till.api.addRound({ tab_id: tab.id, version: tab.version, lines: [{ product_id: cake!.id, quantity: 3 }] });
    const pickable = (await till.api.tabDiscounts({ tab_id: tab.id })).find((d) => !d.automatic && !d.coupon && d.applies && d.scope === 'ORDER')!;
    expect(pickable, 'the emulator has a whole-order discount the cashier may pick now').toBeDefined();
    till.floorTab = tab.id;
    const locale = new LocaleState();
    locale.set(lang);
    const screen = await render(FloorScreen, { props: { now: () => Date.now() }, ...withTill(till, locale) });
    const text = (id: string) => screen.container.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? null;
    await expect.poll(() => text('tab-total')).toBe(money(tab.total));
    expect(screen.container.querySelector('[data-testid="tab-discount"]')).toBeNull();

    await screen.getByTestId('tab-discounts').click();
    await expect.element(screen.getByTestId('tab-discounts-dialog')).toHaveTextContent(locale.t('discounts.title'));
    const row = () => screen.getByTestId('tab-discounts-dialog').element().querySelector(`[data-testid="service-discount"][data-id="${pickable.id}"]`);
    await expect.poll(row).toBeTruthy();
    expect(row()!.textContent).toContain(lang === 'ar' ? pickable.name_ar : pickable.name_en);
    (row()!.querySelector('[data-testid="service-discount-pick"]') as HTMLButtonElement).click();

    await expect.poll(async () => (await till.api.tab({ tab_id: tab.id })).picked_discounts).toEqual([pickable.id]);
    const now = await till.api.tab({ tab_id: tab.id });
    expect(now.total).toBeLessThan(tab.total);
    await expect.poll(() => text('tab-total')).toBe(money(now.total));
    expect(text('tab-discount')).toBe(lang === 'ar' ? pickable.name_ar : pickable.name_en);
    expect(text('tab-pay')).toBe(locale.t('tab.pay', { amount: money(now.total) }));
  });
}

test('a coupon on a tab goes through the counter’s Coupon / reward dialog: one the till cannot check is refused with the reason, the tab unchanged', async () => {
  const { state: till } = await floorTill();
  const [cake] = await plainProducts(till, 1);
  let tab = await till.api.openTab({ label: 'Bar 7' });
  tab = await till.api.addRound({ tab_id: tab.id, version: tab.version, lines: [{ product_id: cake!.id }] });
  till.floorTab = tab.id;
  const screen = await render(FloorScreen, { props: { now: () => Date.now() }, ...withTill(till) });
  await screen.getByTestId('tab-code').click();
  await expect.element(screen.getByTestId('promotion-dialog')).toBeVisible();
  await userEvent.type(screen.getByTestId('promotion-code').element() as HTMLElement, 'FLYER5');
  await screen.getByTestId('promotion-apply').click();
  // Why, in her words, as the notice itself, as at the counter (not folded under its details).
  await expect.poll(() => till.notices.find((n) => n.tone === 'error')?.text.key).toBe('reason.promotion.not_signed_in');
  await expect.element(screen.getByTestId('promotion-dialog')).toBeVisible();
  const now = await till.api.tab({ tab_id: tab.id });
  expect(now.version).toBe(tab.version);
  expect(now.discounts).toEqual([]);
});
