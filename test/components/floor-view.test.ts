// The floor (issue 21) on screen over a real till: every table's state by
// area (free; ordering with its total, guests and age; with the kitchen;
// paid and to be cleared), a free table opened from the floor, another
// station's change arriving as the host's `tab` event, and a change made
// on a stale tab refused with what changed — the tab shown as it is now
// and the round being taken kept on screen, then sent.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { FloorScreen, TablesTab } from '../../src-renderer/floor/index.ts';
import { CASH_METHOD_KEY } from '../../src-shared/pricing/index.ts';
import { Notices } from '../../src-renderer/ui/index.ts';
import { LocaleState } from '../../src-renderer/state/index.ts';
import { floorTill, withTill } from './real-till.ts';
import { plainProducts } from './sale-fixtures.ts';

const MINUTE = 60_000;

test('the floor shows each table by area: free, ordering (total, guests, age, lines not sent), with the kitchen, paid to be cleared', async () => {
  const { state: till } = await floorTill();
  const [tea, cake] = await plainProducts(till, 2);
  const floor = await till.api.floor();
  const byName = (name: string) => floor.find((t) => t.name === name)!;

  // T1: a round taken, not sent. T2: a round sent. T3: paid, the guests still there.
  const t1 = await till.api.openTab({ table_id: byName('T1').id, guests: 2 });
  await till.api.addRound({ tab_id: t1.id, version: t1.version, lines: [{ product_id: tea!.id, quantity: 2 }] });
  const t2 = await till.api.openTab({ table_id: byName('T2').id, guests: 3 });
  const t2Round = await till.api.addRound({ tab_id: t2.id, version: t2.version, lines: [{ product_id: cake!.id }] });
  await till.api.sendRound({ tab_id: t2.id, version: t2Round.version });
  const t3 = await till.api.openTab({ table_id: byName('T3').id, guests: null });
  const t3Round = await till.api.addRound({ tab_id: t3.id, version: t3.version, lines: [{ product_id: tea!.id }] });
  await till.api.payTab({ tab_id: t3.id, version: t3Round.version, payments: [{ method_key: CASH_METHOD_KEY, amount: t3Round.total }] });

  // Twelve minutes (and a half) after T1 was opened, by the test's clock.
  const screen = await render(FloorScreen, { props: { now: () => t1.opened_at + 12 * MINUTE + 30_000 }, ...withTill(till) });
  const card = (name: string) => screen.container.querySelector<HTMLElement>(`[data-testid="floor-table"][data-id="${byName(name).id}"]`);
  await expect.poll(() => card('T1')?.dataset.state).toBe('open');

  // By area, in the service's order.
  const areas = [...screen.container.querySelectorAll<HTMLElement>('[data-testid="floor-area"]')].map((a) => a.dataset.area);
  expect(areas).toEqual(['Hall', 'Terrace']);

  const t1Card = card('T1')!;
  expect(t1Card.querySelector('[data-testid="floor-state"]')!.textContent).toBe('Ordering');
  expect(t1Card.querySelector<HTMLElement>('[data-testid="floor-total"]')!.dataset.amount).toBe(String(tea!.price! * 2));
  expect(t1Card.querySelector('[data-testid="floor-guests"]')!.textContent).toBe('2 guests');
  expect(t1Card.querySelector<HTMLElement>('[data-testid="floor-age"]')!.dataset.minutes).toBe('12');
  expect(t1Card.querySelector('[data-testid="floor-age"]')!.textContent).toBe('12 min');
  expect(t1Card.querySelector('[data-testid="floor-unsent"]')!.textContent).toBe('1 not sent');

  expect(card('T2')!.dataset.state).toBe('waiting');
  expect(card('T2')!.querySelector('[data-testid="floor-state"]')!.textContent).toBe('With the kitchen');
  expect(card('T2')!.querySelector('[data-testid="floor-sent"]')!.textContent).toMatch(/^sent \d+ min ago$/);
  expect(card('T2')!.querySelector('[data-testid="floor-unsent"]')).toBeNull();

  expect(card('T3')!.dataset.state).toBe('paid');
  expect(card('T3')!.querySelector('[data-testid="floor-state"]')!.textContent).toBe('Paid: to be cleared');

  expect(card('T4')!.dataset.state).toBe('free');
  expect(card('T4')!.querySelector('[data-testid="floor-state"]')!.textContent).toBe('Free');
  expect(card('T4')!.textContent).toContain('4 seats');
  expect(card('P1')!.dataset.state).toBe('free');
});

test('a free table opens a tab for its guests; another station’s tab appears on the floor when the host says a tab changed', async () => {
  const { state: till, emit, atStation } = await floorTill();
  const floor = await till.api.floor();
  const t4 = floor.find((t) => t.name === 'T4')!;
  const p2 = floor.find((t) => t.name === 'P2')!;
  const screen = await render(FloorScreen, { props: { now: () => Date.now() }, ...withTill(till) });

  await expect.poll(() => screen.container.querySelector(`[data-testid="floor-table"][data-id="${t4.id}"]`)).not.toBeNull();
  screen.container.querySelector<HTMLElement>(`[data-testid="floor-table"][data-id="${t4.id}"]`)!.click();
  await expect.element(screen.getByTestId('open-tab-dialog')).toBeVisible();
  await screen.getByTestId('open-tab-guests-4').click();
  await screen.getByTestId('open-tab-confirm').click();
  await expect.element(screen.getByTestId('tab-screen')).toHaveAttribute('data-state', 'open');
  await expect.element(screen.getByTestId('tab-title')).toHaveTextContent('T4');
  const opened = (await till.api.floor()).find((t) => t.id === t4.id)!;
  expect(opened.state).toBe('open');
  expect(opened.tab!.guests).toBe(4);

  await screen.getByTestId('tab-back').click();
  const p2Card = () => screen.container.querySelector<HTMLElement>(`[data-testid="floor-table"][data-id="${p2.id}"]`);
  await expect.poll(() => p2Card()?.dataset.state).toBe('free');
  // Station B opens P2; the floor here learns of it from the host's event, with no reload.
  const other = await atStation('B').openTab({ table_id: p2.id, guests: 2 });
  expect(p2Card()!.dataset.state).toBe('free');
  emit({ type: 'tab', tab_id: other.id, version: other.version, table_id: p2.id });
  await expect.poll(() => p2Card()?.dataset.state).toBe('open');
  expect(p2Card()!.querySelector('[data-testid="floor-guests"]')!.textContent).toBe('2 guests');
});

test('a round sent on a stale tab is refused naming what the other station did; the tab reloads and the round taken here is kept, then sent', async () => {
  const { state: till, atStation } = await floorTill();
  const [tea, cake] = await plainProducts(till, 2);
  const t5 = (await till.api.floor()).find((t) => t.name === 'T5')!;
  const tab = await till.api.openTab({ table_id: t5.id, guests: 2 });
  till.floorTab = tab.id;
  const screen = await render(FloorScreen, { props: { now: () => Date.now() }, ...withTill(till) });
  await render(Notices, withTill(till));
  await expect.element(screen.getByTestId('tab-screen')).toHaveAttribute('data-version', String(tab.version));

  // This screen takes a tea (its round, not on the tab yet)…
  const teaTile = screen.container.querySelector<HTMLElement>(`[data-testid="product-tile"][data-product-id="${tea!.id}"]`);
  if (teaTile) teaTile.click();
  else {
    await screen.getByTestId('search-input').fill(tea!.name_en);
    await screen.getByTestId('product-tile').first().click();
  }
  await expect.element(screen.getByTestId('tab-draft-line')).toHaveAttribute('data-product-id', tea!.id);

  // …while station B adds a round of two cakes to the same tab.
  const changed = await atStation('B').addRound({ tab_id: tab.id, version: tab.version, lines: [{ product_id: cake!.id, quantity: 2 }] });

  await screen.getByTestId('tab-send').click();
  // Refused: the notice says what changed and where; nothing of this screen's round reached the tab.
  await expect.poll(() => till.notices.find((n) => n.tone === 'error')?.text.key).toBe('error.stale_tab');
  const refusal = till.notices.find((n) => n.tone === 'error')!.text;
  expect(refusal.lines?.[0]?.key).toBe('reason.tab.stale.round');
  expect(refusal.lines?.[0]?.params).toMatchObject({ station: 'B', count: 1 });
  await expect.element(screen.getByRole('alert').first()).toHaveTextContent(/changed on another screen \(B\): a round of 1 line\(s\) was added/);
  // The tab as it is now: B's cakes, and this screen's tea still waiting to be added.
  await expect.element(screen.getByTestId('tab-screen')).toHaveAttribute('data-version', String(changed.version));
  await expect.element(screen.getByTestId('tab-line')).toHaveAttribute('data-product-id', cake!.id);
  await expect.element(screen.getByTestId('tab-draft-line')).toHaveAttribute('data-product-id', tea!.id);
  expect((await till.api.tab({ tab_id: tab.id })).lines.map((l) => l.product_id)).toEqual([cake!.id]);

  // Sent again: the tea is added and the whole tab goes to the kitchen.
  await screen.getByTestId('tab-send').click();
  await expect.element(screen.getByTestId('tab-draft')).not.toBeInTheDocument();
  await expect.poll(async () => (await till.api.tab({ tab_id: tab.id })).unsent).toBe(0);
  const now = await till.api.tab({ tab_id: tab.id });
  expect(now.lines.map((l) => [l.product_id, l.quantity])).toEqual([
    [cake!.id, 2],
    [tea!.id, 1],
  ]);
  expect(now.lines.every((l) => l.sent_at !== null)).toBe(true);
});

test('the Tables tab: where the service keeps a Tables list it is read-only and says so', async () => {
  const { state: till } = await floorTill();
  const screen = await render(TablesTab, withTill(till));
  await expect.element(screen.getByTestId('tables-from-service')).toBeVisible();
  await expect.poll(() => screen.container.querySelectorAll('[data-testid="table-row"]').length).toBe(8);
  expect(screen.container.querySelector('[data-testid="table-add-form"]')).toBeNull();
  expect(screen.container.querySelector('[data-testid="table-remove"]')).toBeNull();
});

test('the Tables tab: where the service has none, a manager adds tables by area and removes them; the floor shows them', async () => {
  const { state: till } = await floorTill('no-tables');
  const screen = await render(TablesTab, withTill(till));
  await expect.element(screen.getByTestId('tables-list')).toBeVisible();
  expect(screen.container.querySelector('[data-testid="tables-from-service"]')).toBeNull();

  for (const [name, area, seats] of [
    ['W1', 'Window', '2'],
    ['W2', 'Window', '4'],
  ] as const) {
    await screen.getByTestId('table-add-name').fill(name);
    await screen.getByTestId('table-add-area').fill(area);
    await screen.getByTestId('table-add-seats').fill(seats);
    await screen.getByTestId('table-add').click();
    await expect.poll(() => screen.container.querySelector(`[data-testid="table-row"][data-name="${name}"]`)).not.toBeNull();
  }
  const floor = await till.api.floor();
  expect(floor.map((t) => [t.name, t.area, t.seats, t.source])).toEqual([
    ['W1', 'Window', 2, 'local'],
    ['W2', 'Window', 4, 'local'],
  ]);

  await screen.getByRole('button', { name: 'Remove: W1' }).click();
  await screen.getByTestId('confirm-yes').click();
  await expect.poll(() => screen.container.querySelector('[data-testid="table-row"][data-name="W1"]')).toBeNull();
  expect((await till.api.floor()).map((t) => t.name)).toEqual(['W2']);
});

test('a tab moves to a free table and another open tab merges into it: the dialogs list only what may be chosen, in both languages', async () => {
  const { state: till } = await floorTill();
  const [tea] = await plainProducts(till, 1);
  const floor = await till.api.floor();
  const byName = (name: string) => floor.find((t) => t.name === name)!;
  const tab = await till.api.openTab({ table_id: byName('T1').id, guests: 2 });
  const other = await till.api.openTab({ table_id: byName('T2').id, guests: 1 });
  await till.api.addRound({ tab_id: other.id, version: other.version, lines: [{ product_id: tea!.id, quantity: 3 }] });
  till.floorTab = tab.id;
  const locale = new LocaleState();
  const screen = await render(FloorScreen, { props: { now: () => Date.now() }, ...withTill(till, locale) });
  await render(Notices, withTill(till));
  await expect.element(screen.getByTestId('tab-title')).toHaveTextContent('T1');

  // Move: only the free tables are offered (not T1 or T2), each with its area.
  await screen.getByTestId('tab-move').click();
  await expect.element(screen.getByTestId('move-tab-dialog')).toBeVisible();
  await expect.element(screen.getByRole('dialog')).toHaveAccessibleName('Move tab T1 to another table');
  await expect.poll(() => screen.container.querySelectorAll('[data-testid="move-tab-to"]').length).toBe(floor.length - 2);
  const t4 = screen.container.querySelector<HTMLElement>(`[data-testid="move-tab-to"][data-id="${byName('T4').id}"]`)!;
  expect(t4.textContent).toContain('T4');
  expect(t4.textContent).toContain(byName('T4').area!);
  expect(screen.container.querySelector(`[data-testid="move-tab-to"][data-id="${byName('T2').id}"]`)).toBeNull();
  t4.click();
  await expect.element(screen.getByTestId('move-tab-dialog')).not.toBeInTheDocument();
  await expect.element(screen.getByTestId('tab-title')).toHaveTextContent('T4');
  await expect.poll(() => till.notices.find((n) => n.tone !== 'error')?.text.key).toBe('tab.moved');
  expect((await till.api.tab({ tab_id: tab.id })).table_id).toBe(byName('T4').id);

  // Merge, in Arabic: the one other open tab is offered with its total; choosing it brings its lines here.
  locale.set('ar');
  await screen.getByTestId('tab-merge').click();
  await expect.element(screen.getByTestId('merge-tab-dialog')).toBeVisible();
  await expect.element(screen.getByRole('dialog')).toHaveAccessibleName(/T4/);
  await expect.poll(() => screen.container.querySelectorAll('[data-testid="merge-tab-from"]').length).toBe(1);
  const from = screen.container.querySelector<HTMLElement>('[data-testid="merge-tab-from"]')!;
  expect(from.dataset.id).toBe(other.id);
  expect(from.textContent).toContain('T2');
  from.click();
  await expect.element(screen.getByTestId('merge-tab-dialog')).not.toBeInTheDocument();
  await expect.poll(async () => (await till.api.tab({ tab_id: tab.id })).lines.map((l) => [l.product_id, l.quantity])).toEqual([[tea!.id, 3]]);
  expect((await till.api.tab({ tab_id: other.id })).state).toBe('merged');

  // Nothing left to merge: the dialog says so, and Cancel closes it.
  await screen.getByTestId('tab-merge').click();
  await expect.element(screen.getByTestId('merge-tab-dialog')).toHaveTextContent('لا يوجد حساب مفتوح آخر.');
  expect(screen.container.querySelector('[data-testid="merge-tab-from"]')).toBeNull();
  locale.set('en');
  await expect.element(screen.getByTestId('merge-tab-dialog')).toHaveTextContent('No other open tab.');
  await screen.getByRole('button', { name: 'Cancel' }).click();
  await expect.element(screen.getByTestId('merge-tab-dialog')).not.toBeInTheDocument();
});
