// Issue 23, parts 1 and 4 over a real till host: a notice raised while a
// dialog is open is shown inside that dialog as an alert (not under its
// backdrop), and every dialog opens with the focus on its primary action, so
// Enter does what the cashier means (never ✕, which dropped the item).
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { userEvent } from 'vitest/browser';
import type { OrderView, ProductCard } from '../../src-shared/selling/index.ts';
import { PaymentDialog } from '../../src-renderer/selling/index.ts';
import LineDialog from '../../src-renderer/selling/LineDialog.svelte';
import type { TillState } from '../../src-renderer/state/index.ts';
import { Notices } from '../../src-renderer/ui/index.ts';
import { realTill, withTill } from './real-till.ts';
import { addToCart, plainProducts } from './sale-fixtures.ts';

const MANAGER_PIN = '2468';

/** The first "12.50"-style amount in a text, in halalas (NaN when none yet). */
function amountIn(text: string | null): number {
  const match = /(\d+)\.(\d{2})/.exec((text ?? '').replace(/,/g, ''));
  return match ? Number(match[1]) * 100 + Number(match[2]) : Number.NaN;
}

/** A cashier (not a manager) at the till with a shift open and one line in the cart. */
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

async function productWithModifiers(till: TillState): Promise<ProductCard> {
  for (const category of till.categories) {
    const { items } = await till.api.products({ category_id: category.id, offset: 0, limit: 100 });
    const found = items.find((p) => p.has_modifiers && p.price !== null);
    if (found) return found;
  }
  throw new Error('the demo menu has no product with modifiers');
}

test('a refusal inside a dialog is an alert inside that dialog, and the page shows none under it', async () => {
  const till = await cashierWithLine();
  const line = till.cart!.lines[0]!;
  // The page's own notices are mounted too, as App.svelte mounts them.
  const page = await render(Notices, { props: {}, ...withTill(till) });
  const dialog = await render(LineDialog, { props: { mode: 'edit', line, onclose: () => {} }, ...withTill(till) });
  const saveAmount = () => amountIn(dialog.getByTestId('line-save').element().textContent);
  await expect.poll(saveAmount).toBe(line.total);
  await dialog.getByTestId('discount-kind-PERCENT').click();
  await dialog.getByTestId('discount-value').fill('50');
  // Part 5: Save shows what it commits, the discount taken off.
  await expect.poll(saveAmount).toBe(line.total - Math.round(line.total / 2));
  // The line goes from under the dialog (another hand emptied the cart), so Save is refused by the host.
  await till.api.removeItem({ line_id: line.line_id, approval: { manager_pin: MANAGER_PIN } });
  await dialog.getByTestId('line-save').click();

  const inside = dialog.getByTestId('line-dialog').getByRole('alert');
  await expect.element(inside).toBeVisible();
  expect(till.notices.at(-1)?.tone).toBe('error');
  // Painted in the dialog (the top layer), between its fields and its buttons; nothing left under the backdrop.
  const box = document.querySelector('[data-testid="line-dialog"] [data-testid="notices-dialog"]');
  expect(box?.closest('dialog')?.open).toBe(true);
  expect(page.container.querySelectorAll('[data-testid="notices-page"] [role="alert"]')).toHaveLength(0);
  expect(document.activeElement?.getAttribute('data-testid')).not.toBe('dialog-close');
});

test('the modifier picker opens on its Add button: Enter adds the item instead of closing the picker', async () => {
  const till = await cashierWithLine();
  const product = await productWithModifiers(till);
  let closed = 0;
  const dialog = await render(LineDialog, { props: { mode: 'add', product, onclose: () => void closed++ }, ...withTill(till) });
  await expect.element(dialog.getByTestId('line-save')).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await expect.poll(() => closed).toBe(1);
  expect(till.cart!.lines.some((l) => l.product_id === product.id)).toBe(true);
});

test('paying cash exact by keyboard: the dialog opens on Cash, Enter takes it and keeps the focus, Enter completes', async () => {
  const till = await cashierWithLine();
  const paid: OrderView[] = [];
  const dialog = await render(PaymentDialog, { props: { onclose: () => {}, onpaid: (order: OrderView) => void paid.push(order) }, ...withTill(till) });
  await expect.element(dialog.getByTestId('pay-method-CASH')).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  // Cash's button is gone (nothing left to pay): the focus went on to the cash received, not to the page.
  await expect.element(dialog.getByTestId('pay-tendered')).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await expect.poll(() => paid.length).toBe(1);
  expect(paid[0]!.payments).toEqual([{ method_key: 'CASH', amount: paid[0]!.total }]);
});
