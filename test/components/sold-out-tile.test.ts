// Issue 34 item 6: a sold-out tile says "Sold out", cannot be added (it is
// disabled with its reason), and comes back when the host says it is back;
// the picker's sold-out option cannot be chosen; the kitchen display marks a
// product from its all-day list and lists what is out. Over a real till host.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { CASH_METHOD_KEY } from '../../src-shared/pricing/index.ts';
import SellScreen from '../../src-renderer/selling/SellScreen.svelte';
import { KitchenScreen } from '../../src-renderer/kitchen/index.ts';
import { hearingTill, kitchenTill, withTill } from './real-till.ts';
import { plainProducts } from './sale-fixtures.ts';

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
  // A cappuccino's size is required: the tap opens its picker at once.
  await screen.getByTestId('product-tile').filter({ hasText: 'Cappuccino' }).first().click();
  const option = screen.getByTestId('line-dialog').getByTestId('modifier-option').filter({ hasText: 'Oat milk' });
  await expect.element(option).toHaveAttribute('data-sold-out', 'true');
  await expect.element(option).toBeDisabled();
  await expect.element(option).toHaveTextContent(/Sold out/);
});

test('the kitchen display marks a product sold out from its all-day list, lists it, and puts it back on sale', async () => {
  const { counter, display, deliver, route } = await kitchenTill();
  const [cake] = await plainProducts(counter, 1);
  await route([cake!.category_id]);
  const screen = await render(KitchenScreen, withTill(display));
  await expect.element(screen.getByTestId('kitchen-sold-out')).toHaveTextContent('Nothing is sold out.');
  await counter.changeCart((api) => api.addItem({ product_id: cake!.id }));
  const total = counter.cart!.total;
  await counter.api.checkout({ payments: [{ method_key: CASH_METHOD_KEY, amount: total }], cash_tendered: total });
  await deliver();

  await screen.getByTestId('all-day-count').filter({ hasText: cake!.name_en }).getByTestId('all-day-sold-out').click();
  await expect.poll(async () => (await counter.api.search({ query: cake!.name_en, limit: 5 })).find((p) => p.id === cake!.id)?.sold_out).toBe(true);
  await deliver();
  const item = screen.getByTestId('sold-out-item');
  await expect.element(item).toHaveAttribute('data-id', cake!.id);
  await expect.element(item).toHaveTextContent(cake!.name_en);

  await item.getByTestId('sold-out-back').click();
  await expect.element(screen.getByTestId('kitchen-sold-out')).toHaveTextContent('Nothing is sold out.');
  expect((await counter.api.soldOut()).length).toBe(0);
});
