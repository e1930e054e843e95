// Correcting a customer at the counter (issue 35, Customers Update), in the customer dialog over a real till host:
// the edit form beside "New customer", prefilled, saved through the till API and shown at once; a phone another
// customer has is refused naming them. In English and in Arabic.
import { expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import CustomerDialog from '../../src-renderer/selling/CustomerDialog.svelte';
import { LocaleState } from '../../src-renderer/state/index.ts';
import { translate } from '../../src-shared/i18n/index.ts';
import { realTill, withTill } from './real-till.ts';

const props = { current: null, onpick: () => {}, onclear: () => {}, onclose: () => {} };

async function retype(element: Element, text: string): Promise<void> {
  await userEvent.clear(element as HTMLElement);
  await userEvent.type(element as HTMLElement, text);
}

test('a customer found by search is corrected in the edit form and shown with the new name at once', async () => {
  const till = await realTill();
  const [customer] = await till.api.customers({ query: '', limit: 5 });
  expect(customer, 'the demo service has customers').toBeDefined();
  const screen = await render(CustomerDialog, { props, ...withTill(till) });
  const editButton = () => screen.getByTestId('customer-dialog').element().querySelector(`[data-testid="customer-edit"][data-edit-id="${customer!.id}"]`);
  await expect.poll(editButton).toBeTruthy();
  (editButton() as HTMLButtonElement).click();
  await expect.element(screen.getByTestId('customer-edit-form')).toHaveTextContent(translate('en', 'customerEdit.title', { name: customer!.name }));
  await expect.element(screen.getByTestId('customer-edit-name')).toHaveValue(customer!.name);
  await retype(screen.getByTestId('customer-edit-name').element(), 'Layla Haddad');
  await retype(screen.getByTestId('customer-edit-email').element(), 'layla@mail.example');
  await screen.getByTestId('customer-edit-save').click();
  await expect.element(screen.getByTestId('customer-edit-done')).toHaveTextContent(translate('en', 'customerEdit.saved'));
  expect(await till.api.customers({ query: 'Layla Haddad', limit: 5 })).toEqual([
    expect.objectContaining({ id: customer!.id, name: 'Layla Haddad', email: 'layla@mail.example', phone: customer!.phone }),
  ]);
  await expect.element(screen.getByTestId('customer-results')).toHaveTextContent('Layla Haddad');
});

test('in Arabic: the form speaks Arabic, a phone another customer has is refused naming them, then a change is saved', async () => {
  const till = await realTill();
  const [first, second] = await till.api.customers({ query: '', limit: 5 });
  const locale = new LocaleState();
  locale.set('ar');
  const screen = await render(CustomerDialog, { props, ...withTill(till, locale) });
  const editButton = () => screen.getByTestId('customer-dialog').element().querySelector(`[data-testid="customer-edit"][data-edit-id="${first!.id}"]`);
  await expect.poll(editButton).toBeTruthy();
  expect(editButton()!.textContent).toContain(translate('ar', 'customerEdit.open'));
  (editButton() as HTMLButtonElement).click();
  await expect.element(screen.getByTestId('customer-edit-form')).toHaveTextContent(translate('ar', 'customerEdit.title', { name: first!.name }));
  await expect.element(screen.getByTestId('customer-edit-form')).toHaveTextContent(translate('ar', 'customerAdd.phone'));
  await retype(screen.getByTestId('customer-edit-phone').element(), `+${second!.phone_prefix} ${second!.phone}`);
  await screen.getByTestId('customer-edit-save').click();
  await expect.element(screen.getByTestId('customer-edit-taken')).toHaveTextContent(translate('ar', 'reason.customer_phone_taken', { name: second!.name }));
  expect((await till.api.customers({ query: first!.id, limit: 1 }))[0]).toMatchObject({ phone: first!.phone });

  await retype(screen.getByTestId('customer-edit-phone').element(), '+966 55 765 4321');
  await screen.getByTestId('customer-edit-save').click();
  await expect.element(screen.getByTestId('customer-edit-done')).toHaveTextContent(translate('ar', 'customerEdit.saved'));
  expect((await till.api.customers({ query: first!.id, limit: 1 }))[0]).toMatchObject({ phone_prefix: '966', phone: '557654321' });
});
