// "Coupon / reward" at the counter (issue 35), over a real till host: a code the host cannot check is refused in the
// cashier's words and the cart is unchanged.
import { expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import CartPanel from '../../src-renderer/selling/CartPanel.svelte';
import { realTill, withTill } from './real-till.ts';
import { addToCart, plainProducts } from './sale-fixtures.ts';

const props = { onpay: () => {}, onpark: () => {} };

test('a coupon the till cannot check is refused with the reason, and the sale goes on', async () => {
  const till = await realTill();
  const [tea] = await plainProducts(till, 1);
  const screen = await render(CartPanel, { props, ...withTill(till) });
  await addToCart(till, tea!);
  const before = (await till.api.cart()).total;
  await screen.getByTestId('promotion-open').click();
  await expect.element(screen.getByTestId('promotion-dialog')).toBeVisible();
  await userEvent.type(screen.getByTestId('promotion-code').element() as HTMLElement, 'FLYER5');
  await screen.getByTestId('promotion-apply').click();
  await expect.poll(() => till.notices.find((n) => n.tone === 'error')?.text.key).toBe('error.code_refused');
  // Why, in her words: this till is not signed in to the service.
  expect(JSON.stringify(till.notices.find((n) => n.tone === 'error')!.text.lines)).toContain('reason.promotion.not_signed_in');
  // The dialog stays for another code; the cart is as it was.
  await expect.element(screen.getByTestId('promotion-dialog')).toBeVisible();
  expect((await till.api.cart()).total).toBe(before);
  expect((await till.api.cart()).discounts ?? []).toEqual([]);
});
