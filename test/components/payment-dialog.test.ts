// Taking payment over a real till host: what is due, the change, when the
// sale can be completed, and that completing it records the order.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import type { OrderView } from '../../src-shared/selling/index.ts';
import { PaymentDialog } from '../../src-renderer/selling/index.ts';
import { money, type TillState } from '../../src-renderer/state/index.ts';
import { realTill, withTill } from './real-till.ts';
import { addToCart, cardMethod, plainProducts } from './sale-fixtures.ts';

async function tillWithCart(): Promise<{ till: TillState; total: number }> {
  const till = await realTill();
  const [tea, cake] = await plainProducts(till, 2);
  await addToCart(till, tea!);
  await addToCart(till, cake!, 2);
  return { till, total: till.cart!.total };
}

function openDialog(till: TillState) {
  const paid: OrderView[] = [];
  const screen = render(PaymentDialog, { props: { onclose: () => {}, onpaid: (order: OrderView) => void paid.push(order) }, ...withTill(till) });
  return { screen, paid };
}

test('nothing paid yet: the whole total is due and the sale cannot be completed', async () => {
  const { till, total } = await tillWithCart();
  const { screen } = openDialog(till);
  const dialog = await screen;
  await expect.element(dialog.getByTestId('pay-total')).toHaveTextContent(money(total));
  await expect.element(dialog.getByTestId('pay-remaining')).toHaveTextContent(money(total));
  await expect.element(dialog.getByTestId('pay-complete')).toBeDisabled();
});

test('cash: the change due follows the cash received, and completing records the sale with that change', async () => {
  const { till, total } = await tillWithCart();
  const { screen, paid } = openDialog(till);
  const dialog = await screen;
  await dialog.getByTestId('pay-method-CASH').click();
  await expect.element(dialog.getByTestId('pay-remaining')).toHaveTextContent(money(0));
  // Cash tapped with nothing typed is the exact amount: no change, ready to complete.
  await expect.element(dialog.getByTestId('pay-change')).toHaveTextContent(money(0));
  await expect.element(dialog.getByTestId('pay-complete')).toBeEnabled();

  const tendered = (Math.floor(total / 10_000) + 1) * 10_000;
  await dialog.getByTestId('pay-tendered').fill(money(tendered));
  await expect.element(dialog.getByTestId('pay-change')).toHaveTextContent(money(tendered - total));
  await expect.element(dialog.getByTestId('pay-complete')).toBeEnabled();

  await dialog.getByTestId('pay-complete').click();
  await expect.poll(() => paid.length).toBe(1);
  expect(paid[0]!.total).toBe(total);
  expect(paid[0]!.payments).toEqual([expect.objectContaining({ method_key: 'CASH', amount: total })]);
  // Recorded by the host, and the cart it emptied in the same transaction is what the till now shows.
  expect((await till.api.order({ uuid: paid[0]!.uuid })).total).toBe(total);
  expect(till.cart!.lines).toEqual([]);
});

test('cash received short of the cash due leaves the sale open', async () => {
  const { till, total } = await tillWithCart();
  const dialog = await openDialog(till).screen;
  await dialog.getByTestId('pay-method-CASH').click();
  await dialog.getByTestId('pay-tendered').fill(money(total - 100));
  await expect.element(dialog.getByTestId('pay-change-box')).toHaveTextContent('—');
  await expect.element(dialog.getByTestId('pay-complete')).toBeDisabled();
});

test('split payment: part by card leaves the rest due; the rest in cash completes it', async () => {
  const { till, total } = await tillWithCart();
  const card = cardMethod(till);
  const dialog = await openDialog(till).screen;
  const byCard = Math.floor(total / 2);
  await dialog.getByTestId('pay-amount').fill(money(byCard));
  await dialog.getByTestId(`pay-method-${card.key}`).click();
  await expect.element(dialog.getByTestId('pay-remaining')).toHaveTextContent(money(total - byCard));
  await expect.element(dialog.getByTestId('pay-complete')).toBeDisabled();

  // The amount field offers what is left; cash for exactly that completes the sale.
  await expect.element(dialog.getByTestId('pay-amount')).toHaveValue(money(total - byCard));
  await dialog.getByTestId('pay-method-CASH').click();
  await dialog.getByTestId('pay-tendered').fill(money(total - byCard));
  await expect.element(dialog.getByTestId('pay-change')).toHaveTextContent(money(0));
  await expect.element(dialog.getByTestId('pay-complete')).toBeEnabled();
});

test('an amount above what remains is refused with the amount that does', async () => {
  const { till, total } = await tillWithCart();
  const card = cardMethod(till);
  const dialog = await openDialog(till).screen;
  await dialog.getByTestId('pay-amount').fill(money(total + 500));
  await dialog.getByTestId(`pay-method-${card.key}`).click();
  await expect.element(dialog.getByTestId('pay-problem')).toHaveTextContent(`That is more than what remains (${money(total)})`);
  await expect.element(dialog.getByTestId('pay-remaining')).toHaveTextContent(money(total));
  await expect.element(dialog.getByTestId('pay-complete')).toBeDisabled();
});

test('a tax invoice for a business: the buyer form checks as typed, and a till not onboarded for B2B says so and keeps the cart', async () => {
  const { till, total } = await tillWithCart();
  const { screen, paid } = openDialog(till);
  const dialog = await screen;
  await dialog.getByTestId('pay-method-CASH').click();
  await expect.element(dialog.getByTestId('pay-complete')).toBeEnabled();
  await dialog.getByTestId('pay-b2b').click();
  // The buyer's fields are required before the sale can complete; a wrong one says what it must be once left.
  await expect.element(dialog.getByTestId('pay-complete')).toBeDisabled();
  await dialog.getByTestId('b2b-vat_number').fill('310175397400004');
  await dialog.getByTestId('b2b-name').click();
  await expect.element(dialog.getByTestId('b2b-problem-vat_number')).toHaveTextContent('15 digits that start and end with 3');
  const buyer = {
    name: 'Ufuq Trading',
    vat_number: '310175397400003',
    street: 'Prince Mohammed Road',
    building: '4321',
    district: 'Al Malaz',
    city: 'Riyadh',
    postal_code: '12836',
  };
  for (const [field, value] of Object.entries(buyer)) await dialog.getByTestId(`b2b-${field}`).fill(value);
  await expect.element(dialog.getByTestId('b2b-problem-vat_number')).not.toBeInTheDocument();
  await expect.element(dialog.getByTestId('pay-complete')).toBeEnabled();

  // This till has no ZATCA unit onboarded for standard invoices: refused before anything is written.
  await dialog.getByTestId('pay-complete').click();
  await expect.poll(() => till.notices.at(-1)?.text).toMatchObject({ key: 'error.zatca_clearance', lines: [{ key: 'reason.zatca.b2bNotOnboarded' }] });
  expect(paid).toEqual([]);
  expect(till.cart!.lines).toHaveLength(2);
  expect(till.cart!.total).toBe(total);
});
