// The chain's discounts in the order discount dialog (issue 35, item 1), over a real till host with the emulator's
// discounts: the cashier picks one whose rules hold and takes it off again; one whose rules do not hold cannot be
// picked and says why, in English and in Arabic.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import CartPanel from '../../src-renderer/selling/CartPanel.svelte';
import { LocaleState } from '../../src-renderer/state/index.ts';
import { translate, type MessageKey } from '../../src-shared/i18n/index.ts';
import { realTill, withTill } from './real-till.ts';
import { addToCart, plainProducts } from './sale-fixtures.ts';

const props = { onpay: () => {}, onpark: () => {} };

test('a discount whose rules hold is picked and taken off; one whose rules do not hold says why', async () => {
  const till = await realTill();
  const [tea] = await plainProducts(till, 1);
  const screen = await render(CartPanel, { props, ...withTill(till) });
  await addToCart(till, tea!);
  const listed = await till.api.discounts();
  const pickable = listed.find((d) => !d.automatic && !d.coupon && d.applies)!;
  const refused = listed.find((d) => !d.automatic && !d.coupon && !d.applies)!;
  expect(pickable, 'the emulator has a discount the cashier may pick now').toBeDefined();
  expect(refused, 'and one whose rules do not hold now').toBeDefined();

  await screen.getByTestId('order-discount').click();
  const row = (id: string) => screen.getByTestId('order-discount-dialog').element().querySelector(`[data-testid="service-discount"][data-id="${id}"]`)!;
  await expect.poll(() => row(pickable.id)).toBeTruthy();
  (row(pickable.id).querySelector('[data-testid="service-discount-pick"]') as HTMLButtonElement).click();
  await expect.poll(async () => (await till.api.cart()).picked_discounts).toEqual([pickable.id]);
  expect((await till.api.cart()).discounts?.map((d) => d.discount_id)).toContain(pickable.id);
  await expect.poll(() => row(pickable.id).querySelector('[aria-pressed="true"]')).toBeTruthy();
  (row(pickable.id).querySelector('[data-testid="service-discount-pick"]') as HTMLButtonElement).click();
  await expect.poll(async () => (await till.api.cart()).picked_discounts).toEqual([]);

  const why = translate('en', `reason.discount.${refused.why_not!}` as MessageKey, { min: '' })
    .split('{')[0]!
    .slice(0, 12);
  expect((row(refused.id).querySelector('[data-testid="service-discount-pick"]') as HTMLButtonElement).disabled).toBe(true);
  expect(row(refused.id).querySelector('[data-testid="service-discount-why"]')!.textContent).toContain(why);
});

test('the list speaks Arabic: the names and the reasons', async () => {
  const till = await realTill();
  const [tea] = await plainProducts(till, 1);
  const locale = new LocaleState();
  locale.set('ar');
  const screen = await render(CartPanel, { props, ...withTill(till, locale) });
  await addToCart(till, tea!);
  const refused = (await till.api.discounts()).find((d) => !d.automatic && !d.coupon && !d.applies)!;
  await screen.getByTestId('order-discount').click();
  await expect.element(screen.getByTestId('service-discounts')).toHaveTextContent(refused.name_ar);
  await expect.element(screen.getByTestId('service-discounts')).toHaveTextContent(translate('ar', 'discounts.title'));
  await expect
    .element(screen.getByTestId('service-discounts'))
    .toHaveTextContent(translate('ar', `reason.discount.${refused.why_not!}` as MessageKey, { min: '' }).slice(0, 10));
});
