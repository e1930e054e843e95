// Issue 34, item 3: while a round is being taken, the tab shows its running
// total (the round alone, and the tab with it) as the host prices it, and
// Pay names that amount and says what it covers; Pay adds the round to the
// tab first and pays it all. Before, the tab showed Total 0.00 and "Pay
// 0.00" with a round on screen, and Pay was refused after the tap.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { FloorScreen } from '../../src-renderer/floor/index.ts';
import { LocaleState, money } from '../../src-renderer/state/index.ts';
import { floorTill, withTill } from './real-till.ts';
import { plainProducts } from './sale-fixtures.ts';

for (const lang of ['en', 'ar'] as const) {
  test(`a round being taken shows its running total; Pay names it and what it covers (${lang})`, async () => {
    const { state: till } = await floorTill();
    const [tea, cake] = await plainProducts(till, 2);
    const t6 = (await till.api.floor()).find((t) => t.name === 'T6') ?? (await till.api.floor())[0]!;
    let tab = await till.api.openTab({ table_id: t6.id, guests: 2 });
    tab = await till.api.addRound({ tab_id: tab.id, version: tab.version, lines: [{ product_id: cake!.id }] });
    tab = await till.api.sendRound({ tab_id: tab.id, version: tab.version });
    till.floorTab = tab.id;
    const locale = new LocaleState();
    locale.set(lang);
    const screen = await render(FloorScreen, { props: { now: () => Date.now() }, ...withTill(till, locale) });
    const text = (id: string) => screen.container.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? null;
    await expect.poll(() => text('tab-total')).toBe(money(tab.total));
    // Only sent rounds: Pay covers them all.
    expect(text('tab-pay-covers')).toBe(locale.t('tab.coversSent'));
    expect(text('tab-pay')).toBe(locale.t('tab.pay', { amount: money(tab.total) }));

    // Two teas into the new round: the running total is the host's price of it, and the tab's total with it.
    for (let i = 0; i < 2; i++) {
      const tile = screen.container.querySelector<HTMLElement>(`[data-testid="product-tile"][data-product-id="${tea!.id}"]`);
      if (tile) tile.click();
      else {
        await screen.getByTestId('search-input').fill(tea!.name_en);
        await screen.getByTestId('product-tile').first().click();
      }
    }
    await expect.poll(() => screen.container.querySelector('[data-testid="tab-draft-line"]')?.textContent).toContain('2×');
    const round = await till.api.priceRound({ tab_id: tab.id, lines: [{ product_id: tea!.id, quantity: 2 }] });
    expect(round.total).toBeGreaterThan(0);
    await expect.poll(() => text('tab-round-total')).toBe(money(round.total));
    expect(text('tab-total')).toBe(money(round.with_tab.total));
    expect(round.with_tab.total).toBe(tab.total + round.total);
    expect(text('tab-draft-amount')).toBe(money(round.lines[0]!.total));
    expect(text('tab-pay')).toBe(locale.t('tab.pay', { amount: money(round.with_tab.total) }));
    expect(text('tab-pay-covers')).toBe(locale.t('tab.coversDraft', { count: 2 }));
    expect(screen.container.querySelector('[data-testid="tab-pay"]')!.getAttribute('aria-describedby')).toBe('tab-pay-covers');

    // Pay: the round goes on the tab first, and the payment is for the whole of it.
    await screen.getByTestId('tab-pay').click();
    await expect.element(screen.getByTestId('payment-layout')).toHaveAttribute('data-mode', 'tab');
    const now = await till.api.tab({ tab_id: tab.id });
    expect(now.total).toBe(round.with_tab.total);
    expect(now.lines.map((l) => [l.product_id, l.quantity, l.sent_at === null])).toEqual([
      [cake!.id, 1, false],
      [tea!.id, 2, true],
    ]);
    await expect.poll(() => text('tab-pay-covers')).toBe(locale.t('tab.coversUnsent', { count: 2 }));
  });
}
