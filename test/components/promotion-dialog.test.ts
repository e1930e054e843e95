// "Coupon / reward" at the counter (issue 35), over a real till host: a code the host cannot check is refused in the
// cashier's words and the cart is unchanged.
import { expect, test } from 'vitest';
import { commands, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import CartPanel from '../../src-renderer/selling/CartPanel.svelte';
import { LocaleState } from '../../src-renderer/state/index.ts';
import { namedRealTill, realTill, withTill } from './real-till.ts';
import type { TillCommands } from './till-commands.ts';
import { addToCart, plainProducts } from './sale-fixtures.ts';

const props = { onpay: () => {}, onpark: () => {} };
const tillCommands = commands as unknown as TillCommands;

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
  // Why, in her words, as the notice itself (not folded under its details): this till is not signed in to the service.
  await expect.poll(() => till.notices.find((n) => n.tone === 'error')?.text.key).toBe('reason.promotion.not_signed_in');
  await expect
    .element(screen.getByTestId('promotion-dialog').getByTestId('notice-error'))
    .toHaveTextContent(new LocaleState().t('reason.promotion.not_signed_in'));
  // The dialog stays for another code; the cart is as it was.
  await expect.element(screen.getByTestId('promotion-dialog')).toBeVisible();
  expect((await till.api.cart()).total).toBe(before);
  expect((await till.api.cart()).discounts ?? []).toEqual([]);
});

for (const lang of ['en', 'ar'] as const) {
  test(`while the service checks a coupon the dialog says "Checking…" and takes no second press (${lang})`, async () => {
    const { state: till, id } = await namedRealTill();
    await tillCommands.signInTill(id);
    const [tea] = await plainProducts(till, 1);
    const locale = new LocaleState();
    locale.set(lang);
    const screen = await render(CartPanel, { props, ...withTill(till, locale) });
    await addToCart(till, tea!);
    const before = (await till.api.cart()).total;
    const verifiedBefore = await tillCommands.verifyRequests();
    // The service's answer waits until the test lets it go: "while it checks" without a clock.
    const hold = await tillCommands.holdRequest('POST', '/discounts/verify');
    await screen.getByTestId('promotion-open').click();
    await userEvent.type(screen.getByTestId('promotion-code').element() as HTMLElement, 'RAMADAN10');
    const apply = screen.getByTestId('promotion-apply');
    await expect.element(apply).toHaveTextContent(locale.t('promotion.apply'));
    await apply.click();
    await tillCommands.requestArrived(hold);

    await expect.element(apply).toHaveTextContent(locale.t('promotion.checking'));
    await expect.element(apply).toBeDisabled();
    await expect.element(screen.getByTestId('promotion-checking')).toHaveTextContent(locale.t('promotion.checking'));
    // Enter in the code field is the form's other press: it is not taken either.
    (screen.getByTestId('promotion-code').element() as HTMLInputElement).focus();
    await userEvent.keyboard('{Enter}');
    expect(await tillCommands.verifyRequests()).toBe(verifiedBefore + 1);

    await tillCommands.releaseRequest(hold);
    // Checked once: the coupon is on the cart and the dialog has closed.
    await expect.element(screen.getByTestId('promotion-dialog')).not.toBeInTheDocument();
    await expect.element(screen.getByTestId('cart-promotion')).toHaveAttribute('data-code', 'RAMADAN10');
    expect(await tillCommands.verifyRequests()).toBe(verifiedBefore + 1);
    const after = await till.api.cart();
    const given = after.discounts!.find((d) => d.code === 'RAMADAN10')!.amount;
    expect(given).toBeGreaterThan(0);
    expect(after.total).toBe(before - given);
  });
}
