// Issue 34, item 4: in the till's layout the notices are a row of their own
// under the status bar, in the flow of the page, so a notice never covers a
// button, the cart's totals or the action bar; the same notice is shown once;
// at the counter "cannot reach the service" is said in the cashier's words,
// the engineer's words one tap away under Details.
import '../../src-renderer/fonts.css';
import '../../src-renderer/app.css';
import { expect, test } from 'vitest';
import { page } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import { SellScreen } from '../../src-renderer/selling/index.ts';
import { StatusBar } from '../../src-renderer/status/index.ts';
import { Notices } from '../../src-renderer/ui/index.ts';
import { realTill, withTill } from './real-till.ts';
import { addToCart, plainProducts } from './sale-fixtures.ts';

const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

test('a notice at the counter covers no button, is shown once, and speaks to the cashier', async () => {
  await page.viewport(1024, 768);
  const till = await realTill();
  const mona = await till.api.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
  await till.api.unlock({ cashier_id: mona.id, pin: '2468' });
  await till.api.openShift({ float: 0 });
  await till.refreshStaff();
  const [tea] = await plainProducts(till, 1);
  await addToCart(till, tea!);
  const context = withTill(till);
  await render(StatusBar, context);
  const notices = await render(Notices, { props: { placement: 'bar' }, ...context });
  await render(SellScreen, context);

  // Said twice (two taps), shown once; an offline error in the cashier's words.
  till.notify('error', { key: 'error.unreachable' });
  till.notify('error', { key: 'error.unreachable' });
  till.inform('hub.back');
  till.inform('hub.back');
  await expect.element(notices.getByTestId('notice-error')).toHaveTextContent(/Offline: sales are kept/);
  expect(notices.container.querySelectorAll('[data-testid="notice-error"]')).toHaveLength(1);
  expect(notices.container.querySelectorAll('[data-testid="notice-info"]')).toHaveLength(1);
  // The engineer's words are one tap away.
  const details = notices.container.querySelector<HTMLDetailsElement>('[data-testid="notice-error"] details')!;
  expect(details.open).toBe(false);
  expect(details.textContent).toContain('check the URL and the network');

  const boxes = [...notices.container.querySelectorAll<HTMLElement>('.notice')].map((n) => n.getBoundingClientRect());
  expect(boxes.length).toBe(2);
  const covered = [...document.querySelectorAll<HTMLElement>('button, [data-testid="cart-totals"], .totals')]
    .filter((el) => !notices.container.contains(el) && el.getClientRects().length > 0)
    .filter((el) => boxes.some((box) => overlaps(box, el.getBoundingClientRect())))
    .map((el) => el.dataset.testid ?? el.textContent);
  expect(covered).toEqual([]);
});
