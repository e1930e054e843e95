// The cart as the cashier sees it, over a real till host: every change goes
// to the host and the panel shows the cart it answers with.
import { expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import CartPanel from '../../src-renderer/selling/CartPanel.svelte';
import { money } from '../../src-renderer/state/index.ts';
import { ManagerApprovalSheet } from '../../src-renderer/staff/index.ts';
import { realTill, withTill } from './real-till.ts';
import { addToCart, plainProducts } from './sale-fixtures.ts';

const props = { onpay: () => {}, onpark: () => {} };

test('an empty cart invites a first item and shows no total', async () => {
  const till = await realTill();
  const screen = await render(CartPanel, { props, ...withTill(till) });
  await expect.element(screen.getByTestId('cart-empty')).toBeVisible();
  await expect.element(screen.getByTestId('cart-total')).toHaveTextContent(money(0));
});

test('items rung up show as lines and the total is what the host priced', async () => {
  const till = await realTill();
  const [tea, cake] = await plainProducts(till, 2);
  const screen = await render(CartPanel, { props, ...withTill(till) });
  await addToCart(till, tea!);
  await addToCart(till, cake!, 2);
  await expect.element(screen.getByTestId('cart-line').nth(1)).toHaveAttribute('data-quantity', '2');
  const priced = await till.api.cart();
  expect(priced.total).toBeGreaterThanOrEqual(tea!.price! + 2 * cake!.price!);
  await expect.element(screen.getByTestId('cart-total')).toHaveTextContent(money(priced.total));
  await expect.element(screen.getByTestId('cart-vat')).toHaveTextContent(money(priced.tax));
});

test('one more and one less change the quantity and the total; the last one less empties the cart once confirmed', async () => {
  const till = await realTill();
  const [tea] = await plainProducts(till, 1);
  const screen = await render(CartPanel, { props, ...withTill(till) });
  const sheet = await render(ManagerApprovalSheet, withTill(till));
  await addToCart(till, tea!);
  const single = (await till.api.cart()).total;
  await expect.element(screen.getByTestId('cart-total')).toHaveTextContent(money(single));

  await screen.getByRole('button', { name: 'One more' }).click();
  await expect.element(screen.getByTestId('line-quantity')).toHaveTextContent('2');
  await expect.element(screen.getByTestId('cart-total')).toHaveTextContent(money((await till.api.cart()).total));
  expect((await till.api.cart()).lines[0]!.quantity).toBe(2);

  await screen.getByRole('button', { name: 'One less' }).click();
  await expect.element(screen.getByTestId('line-quantity')).toHaveTextContent('1');
  // The last one less empties the cart: that is a void, confirmed in the approval sheet (no PIN on a till without cashiers) like one.
  await screen.getByRole('button', { name: 'One less' }).click();
  await expect.element(sheet.getByTestId('approval-what')).toHaveTextContent(/the last item: the order is then empty/);
  await expect.element(sheet.getByTestId('approval-sheet-pin')).not.toBeInTheDocument();
  await sheet.getByTestId('approval-send').click();
  await expect.element(screen.getByTestId('cart-empty')).toBeVisible();
  expect((await till.api.cart()).lines).toEqual([]);
});

test('dine in asks for a table, and the table goes to the host', async () => {
  const till = await realTill();
  const [tea] = await plainProducts(till, 1);
  await addToCart(till, tea!);
  const screen = await render(CartPanel, { props, ...withTill(till) });
  await expect.element(screen.getByTestId('table-input')).not.toBeInTheDocument();
  await screen.getByTestId('ordertype-DINE_IN').click();
  await expect.element(screen.getByTestId('ordertype-DINE_IN')).toHaveAttribute('aria-pressed', 'true');
  await screen.getByTestId('table-input').fill('T7');
  await userEvent.keyboard('{Enter}');
  await expect.poll(async () => (await till.api.cart()).table_id).toBe('T7');
  expect((await till.api.cart()).order_type).toBe('DINE_IN');
});
