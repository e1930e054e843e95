// Issue 34 item 6: a sold-out tile says "Sold out", cannot be added (it is
// disabled with its reason), and comes back when the host says it is back;
// the picker's sold-out option cannot be chosen. Over a real till host.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import SellScreen from '../../src-renderer/selling/SellScreen.svelte';
import { hearingTill, withTill } from './real-till.ts';

test('a sold-out tile shows "Sold out", is disabled with the reason and adds nothing; marked back, it sells again', async () => {
  const { state: till, hear } = await hearingTill();
  const mona = await till.api.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
  await till.api.unlock({ cashier_id: mona.id, pin: '2468' });
  await till.api.openShift({ float: 0 });
  await till.refreshStaff();
  const croissant = (await till.api.search({ query: 'croissant', limit: 5 }))[0]!;
  await till.api.markSoldOut({ kind: 'product', id: croissant.id });

  const screen = await render(SellScreen, withTill(till));
  await screen.getByTestId('search-input').fill('croissant');
  const tile = screen.getByTestId('product-tile').filter({ hasText: croissant.name_en }).first();
  await expect.element(tile).toHaveAttribute('data-sold-out', 'true');
  await expect.element(tile).toBeDisabled();
  await expect.element(tile.getByTestId('sold-out-label')).toHaveTextContent('Sold out');
  await expect.element(tile).toHaveAttribute('title', 'Sold out today: it cannot be added until it is marked back.');
  await tile.click({ force: true });
  expect((await till.api.cart()).lines).toEqual([]);

  // Marked back at another station: the host's event makes the screen read its products again.
  const items = await till.api.markBack({ kind: 'product', id: croissant.id });
  hear({ type: 'sold-out', items });
  await expect.element(tile).toHaveAttribute('data-sold-out', 'false');
  await expect.element(tile).toBeEnabled();
  await tile.click();
  await expect.element(screen.getByTestId('cart-line')).toBeVisible();
  expect((await till.api.cart()).lines.map((l) => l.product_id)).toEqual([croissant.id]);
});

test('the picker shows a sold-out option as sold out and it cannot be chosen', async () => {
  const { state: till } = await hearingTill();
  const mona = await till.api.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
  await till.api.unlock({ cashier_id: mona.id, pin: '2468' });
  await till.api.openShift({ float: 0 });
  await till.refreshStaff();
  const cappuccino = (await till.api.search({ query: 'Cappuccino', limit: 5 }))[0]!;
  const oat = (await till.api.product({ id: cappuccino.id })).modifiers.find((m) => m.name_en === 'Oat milk')!;
  await till.api.markSoldOut({ kind: 'modifier', id: oat.id });

  const screen = await render(SellScreen, withTill(till));
  await screen.getByTestId('search-input').fill('Cappuccino');
  await screen.getByTestId('product-tile').filter({ hasText: 'Cappuccino' }).first().click();
  await screen.getByTestId('line-edit').click();
  const option = screen.getByTestId('line-dialog').getByTestId('modifier-option').filter({ hasText: 'Oat milk' });
  await expect.element(option).toHaveAttribute('data-sold-out', 'true');
  await expect.element(option).toBeDisabled();
  await expect.element(option).toHaveTextContent(/Sold out/);
});
