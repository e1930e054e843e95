// A cashier's discount over the branch's limit, through the real host's
// authorization hook: refused, the manager's PIN field opens beside the
// discount, and the same discount goes through once a manager types it.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import LineDialog from '../../src-renderer/selling/LineDialog.svelte';
import type { TillState } from '../../src-renderer/state/index.ts';
import { realTill, withTill } from './real-till.ts';
import { addToCart, plainProducts } from './sale-fixtures.ts';

const MANAGER_PIN = '2468';

/** A till with a manager (Mona) and a cashier (Sami) at the counter, a shift open and one line in the cart. */
async function cashierWithLine(): Promise<TillState> {
  const till = await realTill();
  const mona = await till.api.addCashier({ name: 'Mona', role: 'manager', pin: MANAGER_PIN });
  await till.api.unlock({ cashier_id: mona.id, pin: MANAGER_PIN });
  const sami = await till.api.addCashier({ name: 'Sami', role: 'cashier', pin: '1357' });
  await till.api.unlock({ cashier_id: sami.id, pin: '1357' });
  await till.api.openShift({ float: 0 });
  await till.refreshStaff();
  const [tea] = await plainProducts(till, 1);
  await addToCart(till, tea!);
  return till;
}

test('a line discount over the limit asks for a manager PIN, and goes through with it', async () => {
  const till = await cashierWithLine();
  const line = till.cart!.lines[0]!;
  let closed = 0;
  const dialog = await render(LineDialog, { props: { mode: 'edit', line, onclose: () => void closed++ }, ...withTill(till) });

  await dialog.getByTestId('discount-kind-PERCENT').click();
  await dialog.getByTestId('discount-value').fill('50');
  await expect.element(dialog.getByTestId('approval-pin')).not.toBeInTheDocument();
  await dialog.getByTestId('line-save').click();

  // Refused for want of approval: nothing changed, the dialog stays open with the PIN field.
  await expect.element(dialog.getByTestId('approval-pin')).toBeVisible();
  expect(closed).toBe(0);
  expect(till.cart!.lines[0]!.line_discount).toBeNull();
  expect(till.notices.at(-1)?.text.key).toBe('error.not_allowed');

  await dialog.getByTestId('approval-pin').fill(MANAGER_PIN);
  await dialog.getByTestId('line-save').click();
  await expect.poll(() => closed).toBe(1);
  expect(till.cart!.lines[0]!.line_discount).toEqual({ kind: 'PERCENT', value: 5_000 });
  expect(till.cart!.discount_total).toBeGreaterThan(0);
});

test('a wrong manager PIN leaves the discount off', async () => {
  const till = await cashierWithLine();
  const line = till.cart!.lines[0]!;
  const dialog = await render(LineDialog, { props: { mode: 'edit', line, onclose: () => {} }, ...withTill(till) });
  await dialog.getByTestId('discount-kind-PERCENT').click();
  await dialog.getByTestId('discount-value').fill('50');
  await dialog.getByTestId('line-save').click();
  await dialog.getByTestId('approval-pin').fill('9999');
  await dialog.getByTestId('line-save').click();
  await expect.poll(() => till.notices.at(-1)?.text.key).toMatch(/error\.(not_allowed|wrong_pin)/);
  expect(till.cart!.lines[0]!.line_discount).toBeNull();
});
