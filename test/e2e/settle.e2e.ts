import { printedTexts } from './printed-texts.ts';
import { addProduct, CROISSANT, halalas, pairTill, shot } from './till-page.ts';
import { expect, test } from './till-test.ts';

// Issue 23, part 5: settling a pay-later order opens the sale's own payment
// dialog (tenders, remaining, change, the focus on the next step), for what
// that order owes; by keyboard, Enter takes it in cash, exact, and Enter
// again completes it. The receipt then says PAID, on screen and on paper.

test('settling a pay-later order: the payment dialog with what it owes, cash exact in three keys, a PAID receipt', async ({ page, server }) => {
  // Pairing pulls the demo catalog first; on a loaded machine that alone can take minutes.
  test.setTimeout(600_000);
  const guard = await pairTill(page, server.url, 'en');

  // A pay-later sale, owed by a name (pay later names somebody).
  await addProduct(page, CROISSANT, 'en');
  await page.getByTestId('pay-button').click();
  await page.getByTestId('pay-method-PAY_LATER').click();
  await expect(page.getByTestId('pay-complete')).toBeDisabled();
  await page.getByTestId('pay-later-name').fill('Huda');
  await page.getByTestId('pay-complete').click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toHaveAttribute('data-status', 'UNPAID');
  const number = (await receipt.getAttribute('data-order-number'))!;
  const owed = halalas(await page.getByTestId('receipt-total').textContent());
  expect(owed).toBeGreaterThan(0);
  await page.getByTestId('new-sale').click();
  await expect(page.getByTestId('receipt-dialog')).toBeHidden();

  // The order in the list, and its payment taken by keyboard, every key counted.
  await page.getByTestId('nav-orders').click();
  await page.locator(`[data-testid="order-row"][data-number="${number}"]`).click();
  await expect(page.getByTestId('order-detail')).toContainText('Unpaid');
  await page.getByTestId('order-settle').focus();
  const keys: string[] = [];
  const press = async (key: string) => {
    keys.push(key);
    await page.keyboard.press(key);
  };
  await press('Enter');
  const dialog = page.getByTestId('payment-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('payment-layout')).toHaveAttribute('data-mode', 'settle');
  await expect(dialog).toContainText(`Take payment for order ${number}`);
  expect(halalas(await dialog.getByTestId('pay-total').textContent())).toBe(owed);
  expect(halalas(await dialog.getByTestId('pay-remaining').textContent())).toBe(owed);
  // It pays now: no pay-later tender, and every field has a name (the old dialog had seven unlabelled inputs).
  await expect(dialog.getByTestId('pay-method-PAY_LATER')).toHaveCount(0);
  await expect(dialog.getByTestId('pay-amount')).toHaveAccessibleName('Amount to pay');
  await expect(dialog.getByTestId('pay-method-CASH')).toBeFocused();
  await shot(page, 'settle-payment-dialog-en');
  await press('Enter');
  await expect(dialog.getByTestId('pay-remaining')).toHaveText('0.00');
  await expect(dialog.getByTestId('pay-change')).toHaveText('0.00');
  await expect(dialog.getByTestId('pay-tendered')).toBeFocused();
  await press('Enter');
  await expect(dialog).toBeHidden();
  expect(keys).toEqual(['Enter', 'Enter', 'Enter']);

  // The receipt of the settled order says it is paid; so does the order, and so does the paper.
  await expect(receipt).toHaveAttribute('data-status', 'PAID');
  await expect(page.getByTestId('receipt-dialog')).toContainText(`Order ${number} is paid`);
  // On paper (the order number is in a bilingual line, printed as an image): the only settled order's receipt says PAID, never UNPAID.
  const settledReceipts = () => printedTexts(server.demo.printers.receipt).filter((t) => t.includes('PAID - settled'));
  expect(settledReceipts()).toEqual([]);
  await page.getByTestId('reprint-receipt').click();
  await expect.poll(() => settledReceipts().length, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(settledReceipts().join('')).not.toContain('UNPAID');
  await page.getByTestId('new-sale').click();
  await expect(page.getByTestId('order-detail')).not.toContainText('Unpaid');
  await expect(page.getByTestId('order-settle')).toHaveCount(0);
  expect(guard.errors).toEqual([]);
});
