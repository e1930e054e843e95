// Issue 34, items 1 and 7, over a real till host: a product whose options are
// all optional goes into the cart at the first tap and a tap on its line
// edits them; exact cash beside Pay pays in one tap and the paid sale never
// holds the counter; the search highlights its first result, the arrows move
// the highlight, Enter adds it and the focus stays in the search.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { userEvent } from 'vitest/browser';
import type { ProductCard } from '../../src-shared/selling/index.ts';
import SellScreen from '../../src-renderer/selling/SellScreen.svelte';
import { opensPickerFirst } from '../../src-renderer/selling/tap-rule.ts';
import type { TillState } from '../../src-renderer/state/index.ts';
import { ManagerApprovalSheet } from '../../src-renderer/staff/index.ts';
import { realTill, withTill } from './real-till.ts';

/** A cashier at the till with a shift open and an empty cart. */
async function cashierOnShift(): Promise<TillState> {
  const till = await realTill();
  const mona = await till.api.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
  await till.api.unlock({ cashier_id: mona.id, pin: '2468' });
  const sami = await till.api.addCashier({ name: 'Sami', role: 'cashier', pin: '1357' });
  await till.api.unlock({ cashier_id: sami.id, pin: '1357' });
  await till.api.openShift({ float: 0 });
  await till.refreshStaff();
  return till;
}

test('the rule: only a product with a required choice opens the picker first; optional add-ons do not', () => {
  const card: ProductCard = { id: 'p', category_id: 1, name_en: 'Cappuccino', name_ar: 'كابتشينو', price: 1500, has_modifiers: true, sold_out: false };
  expect(opensPickerFirst(card)).toBe(false);
  expect(opensPickerFirst({ ...card, has_modifiers: false })).toBe(false);
  expect(opensPickerFirst({ ...card, requires_choice: true })).toBe(true);
});

test('a product with optional options goes into the cart at the first tap; a tap on its line opens them to edit', async () => {
  const till = await cashierOnShift();
  const screen = await render(SellScreen, withTill(till));
  await screen.getByTestId('search-input').fill('Butter croissant');
  const tile = screen.getByTestId('product-tile').filter({ hasText: 'Butter croissant' }).first();
  await expect.element(tile).toHaveAttribute('data-has-options', 'true');
  await tile.click();

  await expect.element(screen.getByTestId('cart-line')).toBeVisible();
  expect(document.querySelector('[data-testid="line-dialog"]')).toBeNull();
  const line = (await till.api.cart()).lines[0]!;
  expect(line.name_en).toBe('Butter croissant');
  expect(line.modifiers).toEqual([]);

  await screen.getByTestId('line-edit').click();
  const dialog = screen.getByTestId('line-dialog');
  await expect.element(dialog).toBeVisible();
  await dialog.getByTestId('modifier-option').filter({ hasText: 'Warmed up' }).click();
  await dialog.getByTestId('line-save').click();
  await expect.element(dialog).not.toBeInTheDocument();
  await expect.element(screen.getByTestId('cart-line')).toHaveTextContent(/Warmed up/);
  const edited = (await till.api.cart()).lines;
  expect(edited).toHaveLength(1);
  expect(edited[0]!.line_id).toBe(line.line_id);
  expect(edited[0]!.modifiers.map((m) => m.name_en)).toEqual(['Warmed up']);
});

test('exact cash pays the total in one tap; the paid sale sits beside the products and the next tap starts the next sale', async () => {
  const till = await cashierOnShift();
  const screen = await render(SellScreen, withTill(till));
  await render(ManagerApprovalSheet, withTill(till));
  await screen.getByTestId('search-input').fill('croissant');
  await screen.getByTestId('product-tile').first().click();
  await expect.element(screen.getByTestId('cart-line')).toBeVisible();
  const total = (await till.api.cart()).total;

  await screen.getByTestId('pay-exact-cash').click();
  const done = screen.getByTestId('sale-done');
  await expect.element(done).toBeVisible();
  const number = done.getByTestId('receipt').element().getAttribute('data-order-number');
  const order = await till.api.order({ uuid: done.getByTestId('receipt').element().getAttribute('data-order-uuid')! });
  expect(order.number).toBe(number);
  expect(order.payments).toEqual([{ method_key: 'CASH', amount: total }]);
  expect(order.tendered).toBe(total);
  expect(order.change_due).toBe(0);
  // Not a modal: nothing on the page is inert, and no dialog is open.
  expect(document.querySelector('dialog[open]')).toBeNull();

  // The next product tapped starts the next sale: the panel goes, the cart holds the one item.
  await screen.getByTestId('product-tile').first().click();
  await expect.element(done).not.toBeInTheDocument();
  await expect.element(screen.getByTestId('cart-line')).toBeVisible();
  expect((await till.api.cart()).lines).toHaveLength(1);
});

test('keyboard: the search highlights its first result, the arrows move it, Enter adds it and the focus stays in the search', async () => {
  const till = await cashierOnShift();
  const screen = await render(SellScreen, withTill(till));
  const search = screen.getByTestId('search-input');
  await search.click();
  // Croissants: their options are all optional, so Enter puts one in the cart (a drink's size would open the picker).
  await userEvent.keyboard('croissant');
  const tiles = screen.getByTestId('product-tile');
  await expect.poll(() => tiles.elements().length).toBeGreaterThan(2);
  await expect.element(tiles.nth(0)).toHaveAttribute('data-highlighted', 'true');
  await expect.element(tiles.nth(1)).toHaveAttribute('data-highlighted', 'false');

  await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
  await expect.element(tiles.nth(1)).toHaveAttribute('data-highlighted', 'true');
  await expect.element(tiles.nth(0)).toHaveAttribute('data-highlighted', 'false');
  const second = tiles.nth(1).element().getAttribute('data-product-id');

  await userEvent.keyboard('{Enter}');
  await expect.poll(async () => (await till.api.cart()).lines.map((l) => l.product_id)).toEqual([second]);
  await expect.element(search).toHaveValue('');
  await expect.element(search).toHaveFocus();

  // The next item is typed at once: Enter adds the first result of the new search.
  await userEvent.keyboard('cake');
  await expect.element(screen.getByTestId('product-tile').nth(0)).toHaveAttribute('data-highlighted', 'true');
  const first = screen.getByTestId('product-tile').nth(0).element().getAttribute('data-product-id');
  await userEvent.keyboard('{Enter}');
  await expect.poll(async () => (await till.api.cart()).lines.map((l) => l.product_id)).toEqual([second, first]);
  await expect.element(search).toHaveFocus();
});
