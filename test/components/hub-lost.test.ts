// A station that loses the hub (issue 20, part 5): it says so, keeps its
// cart on screen and takes no payment until the hub is back; then it shows
// the cart the hub kept. The till behind it is real; only the connection is
// dropped, as a closed WebSocket drops it.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import CartPanel from '../../src-renderer/selling/CartPanel.svelte';
import { PaymentDialog } from '../../src-renderer/selling/index.ts';
import { StatusBar } from '../../src-renderer/status/index.ts';
import { droppableTill, withTill } from './real-till.ts';
import { addToCart, plainProducts } from './sale-fixtures.ts';

test('the hub goes: the cart stays, the station says so and refuses payment; it comes back with the same cart', async () => {
  const { state: till, drop, reachable } = await droppableTill();
  const [tea, cake] = await plainProducts(till, 2);
  await addToCart(till, tea!);
  await addToCart(till, cake!, 2);
  const cart = await render(CartPanel, { props: { onpay: () => {}, onpark: () => {} }, ...withTill(till) });
  const bar = await render(StatusBar, withTill(till));
  await expect.element(cart.getByTestId('pay-button')).toBeEnabled();

  drop();
  expect(till.hubLost).toBe(true);
  expect(till.screen).toBe('till');
  await expect.element(bar.getByTestId('status-hub-lost')).toHaveTextContent('The hub cannot be reached');
  await expect.element(cart.getByTestId('cart-line').nth(1)).toHaveAttribute('data-quantity', '2');
  await expect.element(cart.getByTestId('pay-button')).toBeDisabled();
  // A payment dialog already open cannot complete either, and says why.
  const paying = await render(PaymentDialog, { props: { onclose: () => {}, onpaid: () => {} }, ...withTill(till) });
  await paying.getByTestId('pay-method-CASH').click();
  await expect.element(paying.getByTestId('pay-hub-lost')).toBeVisible();
  await expect.element(paying.getByTestId('pay-complete')).toBeDisabled();
  // Any call now is refused on the station with the reason, never sent into the void.
  expect(await till.attempt((api) => api.cart())).toBeUndefined();
  expect(till.notices.at(-1)!.text).toMatchObject({ key: 'error.hub_unreachable', lines: [{ key: 'reason.hub.notSent' }] });

  reachable(true);
  // The station retries on the wall clock, less often the longer the hub was away (up to 5 s between tries): on a loaded
  // machine the assertions above can spend that long, so wait past the config's 10 s for the next try to land.
  await expect.poll(() => till.hubLost, { timeout: 60_000 }).toBe(false);
  await expect.element(bar.getByTestId('status-hub-lost')).not.toBeInTheDocument();
  await expect.element(cart.getByTestId('pay-button')).toBeEnabled();
  expect(till.cart!.lines.map((l) => l.quantity)).toEqual([1, 2]);
  await expect.element(paying.getByTestId('pay-complete')).toBeEnabled();
});
