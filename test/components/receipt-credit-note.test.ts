// The receipt dialog of a refund whose standard credit note ZATCA did not
// clear (issue 22): it says to give no money back, offers to issue the
// credit note again (never a simplified invoice), and the button asks the
// real host for clearCreditNoteAgain. The clearance itself is covered over
// HTTP against the stand-in (test/integration/zatca/zatca-credit-note.test.ts);
// here the view the host would send is given to the dialog.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { ReceiptDialog } from '../../src-renderer/selling/index.ts';
import { realTill, withTill } from './real-till.ts';
import { addToCart, plainProducts } from './sale-fixtures.ts';

test('a refused credit note: "give no money back", and "Issue the credit note again" calls clearCreditNoteAgain, not issueSimplifiedInvoice', async () => {
  const till = await realTill();
  const [tea] = await plainProducts(till, 1);
  await addToCart(till, tea!);
  const sale = await till.api.checkout({ payments: [{ method_key: 'CASH', amount: till.cart!.total }] });
  const refund = await till.api.refund({ uuid: sale.uuid, reason: 'Returned' });
  const order = { ...refund, clearance: { state: 'refused' as const, messages: ['certificate-issuer: not issued by ZATCA'] } };

  const dialog = await render(ReceiptDialog, { props: { order, onclose: () => {} }, ...withTill(till) });
  const clearance = dialog.getByTestId('receipt-clearance');
  await expect.element(clearance).toHaveAttribute('data-state', 'refused');
  await expect.element(clearance).toHaveTextContent('ZATCA refused to clear the credit note: certificate-issuer: not issued by ZATCA');
  await expect.element(clearance).toHaveTextContent('Give no money back yet');
  const retry = dialog.getByTestId('issue-simplified');
  await expect.element(retry).toHaveTextContent('Issue the credit note again');

  // This refund's sale had a simplified invoice, so the host has no credit note of it waiting: its answer names the method asked.
  await retry.click();
  await expect.poll(() => till.notices.map((n) => n.text.key)).toEqual(['error.zatca_clearance']);
  expect(JSON.stringify(till.notices[0]!.text.lines)).toContain('reason.zatca.notReissuable');
});
