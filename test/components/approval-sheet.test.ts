// The manager-approval sheet (issue 23, part 2) over the real host's
// authorization hook: a cashier's discount over the limit is approved in
// the sheet BEFORE anything is sent (the dialog says the limit at the
// field), a wrong PIN is answered inside the sheet, and the right PIN
// sends that one change once. A manager signed in gets no sheet.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import LineDialog from '../../src-renderer/selling/LineDialog.svelte';
import { ManagerApprovalSheet } from '../../src-renderer/staff/index.ts';
import { LocaleState, type TillState } from '../../src-renderer/state/index.ts';
import { realTill, withTill } from './real-till.ts';
import { addToCart, plainProducts } from './sale-fixtures.ts';

const MANAGER_PIN = '2468';

/** A till with a manager (Mona) and a cashier (Sami) at the counter, a shift open and one line in the cart. */
async function cashierWithLine(who: 'Sami' | 'Mona' = 'Sami'): Promise<TillState> {
  const till = await realTill();
  const mona = await till.api.addCashier({ name: 'Mona', role: 'manager', pin: MANAGER_PIN });
  await till.api.unlock({ cashier_id: mona.id, pin: MANAGER_PIN });
  const sami = await till.api.addCashier({ name: 'Sami', role: 'cashier', pin: '1357' });
  if (who === 'Sami') await till.api.unlock({ cashier_id: sami.id, pin: '1357' });
  await till.api.openShift({ float: 0 });
  await till.refreshStaff();
  const [tea] = await plainProducts(till, 1);
  await addToCart(till, tea!);
  return till;
}

async function editLine(till: TillState, locale = new LocaleState()) {
  let closed = 0;
  const line = till.cart!.lines[0]!;
  const dialog = await render(LineDialog, { props: { mode: 'edit', line, onclose: () => void closed++ }, ...withTill(till, locale) });
  const sheet = await render(ManagerApprovalSheet, withTill(till, locale));
  return { dialog, sheet, closed: () => closed };
}

test('a line discount over the limit is approved in the sheet before it is sent; a wrong PIN is refused inside the sheet', async () => {
  const till = await cashierWithLine();
  const { dialog, sheet, closed } = await editLine(till);
  // The limit is said at the field, before anything is tried.
  await expect.element(dialog.getByTestId('discount-limit')).toHaveTextContent(/Up to \W?20%\W? without a manager’s approval/);

  await dialog.getByTestId('discount-kind-PERCENT').click();
  await dialog.getByTestId('discount-value').fill('50');
  await dialog.getByTestId('line-save').click();

  // The sheet, before the change was sent: nothing refused, nothing changed.
  await expect.element(sheet.getByTestId('approval-sheet')).toBeVisible();
  await expect.element(sheet.getByTestId('approval-what')).toHaveTextContent(/Approve a discount of .*50%.* on .*Up to .*20%.* needs no approval/);
  expect(till.notices.filter((n) => n.tone === 'error')).toEqual([]);
  expect((await till.api.cart()).lines[0]!.line_discount).toBeNull();

  await sheet.getByTestId('approval-sheet-pin').fill('9999');
  await sheet.getByTestId('approval-send').click();
  await expect.element(sheet.getByTestId('approval-error')).toHaveAttribute('data-reason', 'approval.wrongPin');
  await expect.element(sheet.getByRole('alert')).toHaveTextContent('That is not an active manager’s PIN');
  expect((await till.api.cart()).lines[0]!.line_discount).toBeNull();
  expect(closed()).toBe(0);

  await sheet.getByTestId('approval-sheet-pin').fill(MANAGER_PIN);
  await sheet.getByTestId('approval-send').click();
  await expect.poll(closed).toBe(1);
  await expect.element(sheet.getByTestId('approval-sheet')).not.toBeInTheDocument();
  expect(till.cart!.lines[0]!.line_discount).toEqual({ kind: 'PERCENT', value: 5_000 });
});

test('cancelling the sheet sends nothing', async () => {
  const till = await cashierWithLine();
  const { dialog, sheet } = await editLine(till);
  await dialog.getByTestId('discount-kind-PERCENT').click();
  await dialog.getByTestId('discount-value').fill('50');
  await dialog.getByTestId('line-save').click();
  await sheet.getByTestId('approval-cancel').click();
  await expect.element(sheet.getByTestId('approval-sheet')).not.toBeInTheDocument();
  await expect.element(dialog.getByTestId('line-dialog')).toBeVisible();
  expect((await till.api.cart()).lines[0]!.line_discount).toBeNull();
});

test('within the limit, or with a manager signed in, no sheet at all', async () => {
  const till = await cashierWithLine('Mona');
  const { dialog, sheet, closed } = await editLine(till);
  await dialog.getByTestId('discount-kind-PERCENT').click();
  await dialog.getByTestId('discount-value').fill('50');
  await dialog.getByTestId('line-save').click();
  await expect.poll(closed).toBe(1);
  await expect.element(sheet.getByTestId('approval-sheet')).not.toBeInTheDocument();
  expect(till.cart!.lines[0]!.line_discount).toEqual({ kind: 'PERCENT', value: 5_000 });
});

test('the sheet speaks Arabic, and a wrong PIN is answered in Arabic', async () => {
  const till = await cashierWithLine();
  const locale = new LocaleState();
  locale.set('ar');
  const { dialog, sheet } = await editLine(till, locale);
  await dialog.getByTestId('discount-kind-PERCENT').click();
  await dialog.getByTestId('discount-value').fill('50');
  await dialog.getByTestId('line-save').click();
  await expect.element(sheet.getByTestId('approval-what')).toHaveTextContent(/الموافقة على خصم/);
  await sheet.getByTestId('approval-sheet-pin').fill('9999');
  await sheet.getByTestId('approval-send').click();
  await expect.element(sheet.getByRole('alert')).toHaveTextContent('هذا ليس الرقم السري لمدير نشط');
});
