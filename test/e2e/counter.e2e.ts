import { someBarcode } from './replica-catalog.ts';
import { addProduct, cartFigures, CROISSANT, halalas, ICED_AMERICANO, pairTill, scanBarcode, shot } from './till-page.ts';
import { expect, test } from './till-test.ts';

test('at the counter: scanner, line edits and discounts, park and resume, keyboard payment, refund, void, errors in words', async ({ page, server }) => {
  // Pairing pulls the demo catalog first; on a loaded machine that alone can take minutes.
  test.setTimeout(600_000);
  const guard = await pairTill(page, server.url, 'en');

  // A keyboard-wedge scanner types fast and presses Enter while no field has focus.
  const { code, productId } = someBarcode(server.dbFile);
  await page.getByTestId('grid-heading').click();
  await scanBarcode(page, code);
  await expect(page.locator(`[data-testid="cart-line"][data-product-id="${productId}"]`)).toHaveCount(1);
  // An unknown code is named in the error, not added.
  await scanBarcode(page, '0000000000000');
  await expect(page.getByTestId('notice-error')).toContainText('0000000000000');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  // Edit a line: two of them, a note, 10 % off.
  await addProduct(page, ICED_AMERICANO, 'en');
  const line = page.getByTestId('cart-line').filter({ hasText: ICED_AMERICANO.en });
  await line.getByTestId('line-edit').click();
  const dialog = page.getByTestId('line-dialog');
  await dialog.getByTestId('qty-more').click();
  await dialog.getByTestId('line-notes').fill('no ice please');
  await dialog.getByTestId('discount-kind-PERCENT').click();
  await dialog.getByTestId('discount-value').fill('10');
  await shot(page, 'counter-line-edit-en');
  await dialog.getByTestId('line-save').click();
  await expect(line).toHaveAttribute('data-quantity', '2');
  await expect(line).toContainText('no ice please');
  const afterLine = await cartFigures(page);
  const lineDiscount = halalas(await page.getByTestId('cart-discount').textContent());
  expect(lineDiscount).toBeGreaterThan(0);
  expect(afterLine.total).toBe(afterLine.subtotal - lineDiscount);

  // And 1.00 off the whole order.
  await page.getByTestId('order-discount').click();
  await page.getByTestId('discount-kind-AMOUNT').click();
  await page.getByTestId('discount-value').fill('1');
  await page.getByTestId('discount-apply').click();
  await expect.poll(async () => halalas(await page.getByTestId('cart-discount').textContent())).toBe(lineDiscount + 100);
  const parkedTotal = (await cartFigures(page)).total;

  // Park it (F9), start another, and resume the parked one: the order in progress is parked for the cashier, never refused.
  await page.keyboard.press('F9');
  await page.getByTestId('park-label').fill('Table 4');
  await page.getByTestId('park-confirm').click();
  await expect(page.getByTestId('cart-empty')).toBeVisible();
  await addProduct(page, CROISSANT, 'en');
  await page.keyboard.press('F7');
  const parked = page.getByTestId('parked-cart').filter({ hasText: 'Table 4' });
  expect(halalas(await parked.getByTestId('parked-total').textContent())).toBe(parkedTotal);
  // Each ticket says what it is, who parked it, how long ago and what is on it.
  await expect(parked.getByTestId('parked-meta')).toContainText('Takeaway');
  await expect(parked.getByTestId('parked-meta')).toContainText('Mona');
  await expect(parked.getByTestId('parked-items')).toContainText(ICED_AMERICANO.en);
  await expect(parked.getByTestId('parked-resume')).toHaveAttribute('data-swap', 'true');
  await shot(page, 'counter-parked-en');
  await parked.getByTestId('parked-resume').click();
  await expect(page.getByTestId('sell-screen')).toBeVisible();
  expect((await cartFigures(page)).total).toBe(parkedTotal);
  await page.keyboard.press('F7');
  await expect(page.getByTestId('parked-cart')).toHaveCount(1);
  await expect(page.getByTestId('parked-cart').getByTestId('parked-items')).toContainText(CROISSANT.en);
  await page.keyboard.press('F1');

  // Pay by keyboard alone: F8, Cash for the whole amount, Enter.
  await page.keyboard.press('F8');
  await expect(page.getByTestId('payment-dialog')).toBeVisible();
  await page.getByTestId('pay-method-CASH').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pay-remaining')).toHaveText('0.00');
  await page.getByTestId('pay-tendered').focus();
  await page.keyboard.press('Enter');
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toBeVisible();
  const number = (await receipt.getAttribute('data-order-number'))!;
  // The paid sale sits in the cart's place (no dialog holds the counter); Enter on its New sale closes it.
  await expect(page.getByTestId('sale-done')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('sale-done')).toBeHidden();

  // Refund it from the history: a refund order with the negative total, the original marked refunded.
  await page.keyboard.press('F6');
  await page.locator(`[data-testid="order-row"][data-number="${number}"]`).click();
  await page.getByTestId('order-refund').click();
  const refund = page.getByTestId('refund-dialog');
  for (const all of await refund.getByTestId('refund-all').all()) await all.click();
  await refund.getByTestId('refund-reason').fill('customer changed their mind');
  await refund.getByTestId('refund-confirm').click();
  await expect(page.getByTestId('receipt-dialog')).toBeVisible();
  expect(halalas(await page.getByTestId('receipt-total').textContent())).toBe(-parkedTotal);
  await page.getByTestId('new-sale').click();
  await expect(page.locator(`[data-testid="order-row"][data-number="${number}"]`)).toHaveAttribute('data-status', 'REFUNDED');
  await expect(page.locator('[data-testid="order-row"][data-kind="REFUND"]')).toHaveCount(1);
  await shot(page, 'counter-refund-en');

  // Escape closes a dialog; Alt+L switches the language at any time.
  await page.keyboard.press('F1');
  await addProduct(page, CROISSANT, 'en');
  await page.keyboard.press('F8');
  await expect(page.getByTestId('payment-dialog')).toBeVisible();
  await page.keyboard.press('Alt+L');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('pay-method-CASH')).toContainText('نقداً');
  await shot(page, 'counter-payment-ar');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('payment-dialog')).toBeHidden();
  await page.keyboard.press('Alt+L');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  // Void an order, confirmed in the approval sheet (a manager is signed in: no PIN asked).
  await page.getByTestId('void-button').click();
  await expect(page.getByTestId('approval-sheet').getByTestId('approval-sheet-pin')).toHaveCount(0);
  await page.getByTestId('approval-send').click();
  await expect(page.getByTestId('cart-empty')).toBeVisible();

  expect(guard.errors).toEqual([]);
});
