// Issue 34 item 8: the host runs a screen's calls one at a time, in order, so
// the order a till asks in at start is time a cashier waits. A locked till
// asks for the staff answer first, then the names its PIN screen lists, then
// the catalog's lists, the sell screen's first product page, and only then
// the status (four calls that used to keep the PIN screen waiting). The PIN
// screen and the sell screen take what was asked for: nothing twice.
import { expect, test } from 'vitest';
import { PRODUCT_PAGE_SIZE } from '../../src-renderer/state/index.ts';
import { startedLockedTill } from './real-till.ts';

test('a locked till asks for the PIN screen’s names before the lists, the first page after them, the status last; each is taken once', async () => {
  const { state, calls } = await startedLockedTill();
  const at = (method: string) => calls.indexOf(method);

  expect(state.staff?.cashier).toBeNull();
  expect(at('staffState')).toBeGreaterThan(-1);
  expect(at('cashiers')).toBe(at('staffState') + 1);
  for (const list of ['categories', 'paymentMethods', 'cart']) expect(at(list)).toBeGreaterThan(at('cashiers'));
  expect(at('products')).toBeGreaterThan(at('cart'));
  for (const status of ['syncStatus', 'printers', 'zatcaStatus']) expect(at(status)).toBeGreaterThan(at('products'));
  expect(calls.filter((c) => c === 'products')).toHaveLength(1);

  const names = await state.takeEarlyCashiers();
  expect(names?.map((c) => c.name)).toEqual(['Mona']);
  expect(state.takeEarlyCashiers()).toBeNull();

  const first = state.categories[0]!;
  // Another category, a later page or another size is not what was asked for.
  expect(state.takeFirstPage(first.id + 1000, 0, PRODUCT_PAGE_SIZE)).toBeNull();
  expect(state.takeFirstPage(first.id, PRODUCT_PAGE_SIZE, PRODUCT_PAGE_SIZE)).toBeNull();
  const page = await state.takeFirstPage(first.id, 0, PRODUCT_PAGE_SIZE);
  expect(page?.items.length).toBeGreaterThan(0);
  expect(page?.items.every((p) => p.category_id === first.id)).toBe(true);
  expect(state.takeFirstPage(first.id, 0, PRODUCT_PAGE_SIZE)).toBeNull();
});

test('a page asked for ahead is not used once the catalog changed (a sold-out mark, a pull)', async () => {
  const { state } = await startedLockedTill();
  const first = state.categories[0]!;
  state.catalogVersion++;
  expect(state.takeFirstPage(first.id, 0, PRODUCT_PAGE_SIZE)).toBeNull();
});
