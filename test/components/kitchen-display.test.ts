// The kitchen display (issue 21, part 4) over a real till: a screen paired as
// a kitchen_display station starts on its board (no sign-in, no selling); a
// counter's sale reaches it after the host's `kitchen` event; items and
// tickets are bumped by touch and by the bump bar's keys (real key events),
// recall brings the last one back; ages turn amber and red on the test's own
// clock; the same board reads in Arabic.
import { expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import { CASH_METHOD_KEY } from '../../src-shared/pricing/index.ts';
import type { ProductCard } from '../../src-shared/selling/index.ts';
import { KitchenScreen, KitchenTicker } from '../../src-renderer/kitchen/index.ts';
import { LocaleState, type TillState } from '../../src-renderer/state/index.ts';
import App from '../../src-renderer/App.svelte';
import { kitchenTill, withTill } from './real-till.ts';
import { plainProducts } from './sale-fixtures.ts';

/** The display's clock: ages are read from it, and it moves only when the test moves it. */
function testClock(): { ticker: KitchenTicker; set: (at: number) => void } {
  let now = Date.now();
  const ticker = new KitchenTicker(() => now);
  return { ticker, set: (at) => ((now = at), ticker.tick()) };
}

/** The counter rings `items` (with a note for the kitchen on the first) and takes cash: one sale, one ticket. */
async function sell(counter: TillState, items: { product: ProductCard; quantity: number; notes?: string }[]): Promise<string> {
  for (const { product, quantity, notes } of items) {
    const ok = await counter.changeCart((api) => api.addItem({ product_id: product.id, quantity, modifier_ids: [], notes: notes ?? null }));
    expect(ok, `adding ${product.name_en}`).toBe(true);
  }
  const total = counter.cart!.total;
  const order = await counter.api.checkout({ payments: [{ method_key: CASH_METHOD_KEY, amount: total }], cash_tendered: total });
  await counter.reloadCatalog();
  return order.number;
}

/** The categories of `products`: the ones a test sends to its display. */
const categoriesOf = (products: ProductCard[]) => [...new Set(products.map((p) => p.category_id))];

test('a kitchen display starts on its board; a sale arrives on the event; bump items and the ticket by touch, recall; ages colour', async () => {
  const { counter, display, deliver, route } = await kitchenTill();
  expect(display.screen).toBe('kitchen');
  const [tea, cake] = await plainProducts(counter, 2);
  await route(categoriesOf([tea!, cake!]));
  const clock = testClock();
  const screen = await render(KitchenScreen, { props: { ticker: clock.ticker }, ...withTill(display) });
  await expect.element(screen.getByTestId('kitchen-empty')).toBeVisible();
  await expect.element(screen.getByTestId('kitchen-station')).toHaveTextContent('\u2068Hot kitchen\u2069 (K)');
  await expect.element(screen.getByTestId('kitchen-recall')).toBeDisabled();

  const number = await sell(counter, [
    { product: tea!, quantity: 2, notes: 'no sugar' },
    { product: cake!, quantity: 1 },
  ]);
  // Nothing shows before the host's event reaches the display: the board is read because of it.
  await expect.element(screen.getByTestId('kitchen-empty')).toBeVisible();
  expect(await deliver()).toBeGreaterThan(0);
  const ticket = screen.getByTestId('kitchen-ticket');
  await expect.element(ticket.getByTestId('ticket-label')).toHaveTextContent(number);
  await expect.element(ticket.getByTestId('ticket-position')).toHaveTextContent('1');
  const items = ticket.getByTestId('kitchen-item');
  await expect.element(items.nth(0)).toHaveTextContent(`2× ${tea!.name_en}`);
  await expect.element(items.nth(0).getByTestId('kitchen-note')).toHaveTextContent('no sugar');
  await expect.element(items.nth(1)).toHaveTextContent(`1× ${cake!.name_en}`);
  await expect.element(screen.getByTestId('all-day-count').filter({ hasText: tea!.name_en })).toHaveAttribute('data-quantity', '2');

  // Age on the display's clock: calm, then amber at warn_minutes (10), red at late_minutes (20), in words too.
  const created = (await display.api.kitchenBoard()).tickets[0]!.created_at;
  clock.set(created + 9 * 60_000);
  await expect.element(ticket.getByTestId('ticket-age')).toHaveAttribute('data-tone', 'fresh');
  await expect.element(ticket.getByTestId('ticket-age')).toHaveTextContent('9 min');
  clock.set(created + 10 * 60_000);
  await expect.element(ticket.getByTestId('ticket-age')).toHaveAttribute('data-tone', 'warn');
  await expect.element(ticket.getByTestId('ticket-age')).toHaveTextContent('10 min, running late');
  clock.set(created + 21 * 60_000);
  await expect.element(ticket.getByTestId('ticket-age')).toHaveAttribute('data-tone', 'late');
  await expect.element(ticket.getByTestId('ticket-age')).toHaveTextContent('21 min, late');

  // A tap marks an item made (and it leaves the all-day counts); a second tap takes it back.
  await items.nth(0).click();
  await expect.element(items.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await expect.element(screen.getByTestId('all-day-count').filter({ hasText: tea!.name_en })).not.toBeInTheDocument();
  await items.nth(0).click();
  await expect.element(items.nth(0)).toHaveAttribute('aria-pressed', 'false');
  await expect.element(screen.getByTestId('all-day-count').filter({ hasText: tea!.name_en })).toHaveAttribute('data-quantity', '2');

  // "Done" bumps the ticket; Recall (named after it) brings it back.
  await ticket.getByTestId('bump-ticket').click();
  await expect.element(screen.getByTestId('kitchen-empty')).toBeVisible();
  await expect.element(screen.getByTestId('kitchen-recall')).toHaveTextContent(`Recall ${number}`);
  await screen.getByTestId('kitchen-recall').click();
  await expect.element(screen.getByTestId('kitchen-ticket').getByTestId('ticket-label')).toHaveTextContent(number);
  await expect.element(screen.getByTestId('kitchen-ticket')).toHaveAttribute('data-selected', 'true');
});

test('the bump bar: digits pick a ticket by position, Enter bumps it, 0 recalls it, with the keys shown on screen', async () => {
  const { counter, deliver, display, route } = await kitchenTill();
  const [tea, cake, third] = await plainProducts(counter, 3);
  await route(categoriesOf([tea!, cake!, third!]));
  const screen = await render(KitchenScreen, withTill(display));
  await expect.element(screen.getByTestId('kitchen-keys')).toHaveTextContent(/1–9.*ticket 1–9.*Enter.*bump the ticket.*0.*recall/);
  const first = await sell(counter, [{ product: tea!, quantity: 1 }]);
  const second = await sell(counter, [{ product: cake!, quantity: 3 }]);
  const thirdNumber = await sell(counter, [{ product: third!, quantity: 1 }]);
  await deliver();
  const labels = () =>
    screen
      .getByTestId('ticket-label')
      .elements()
      .map((e) => e.querySelector('bdi')!.textContent);
  // Oldest first, and the cursor starts on the oldest.
  await expect.poll(labels).toEqual([first, second, thirdNumber]);
  const ticket = (n: number) => screen.getByTestId('kitchen-ticket').nth(n - 1);
  await expect.element(ticket(1)).toHaveAttribute('data-selected', 'true');

  await userEvent.keyboard('2');
  await expect.element(ticket(2)).toHaveAttribute('data-selected', 'true');
  await expect.element(ticket(1)).toHaveAttribute('data-selected', 'false');
  // A digit with no ticket there changes nothing.
  await userEvent.keyboard('7');
  await expect.element(ticket(2)).toHaveAttribute('data-selected', 'true');
  await userEvent.keyboard('{Enter}');
  await expect.poll(labels).toEqual([first, thirdNumber]);
  // The cursor stays at position 2: on the ticket that moved up.
  await expect.element(ticket(2)).toHaveAttribute('data-selected', 'true');
  await expect.element(screen.getByTestId('kitchen-recall')).toHaveTextContent(`Recall ${second}`);

  await userEvent.keyboard('0');
  await expect.poll(labels).toEqual([first, second, thirdNumber]);
  await expect.element(ticket(2)).toHaveAttribute('data-selected', 'true');

  // Enter bumps the selected ticket even when a button was tapped last (a bump bar cannot know what has the focus).
  await userEvent.keyboard('1');
  await ticket(3).getByTestId('kitchen-item').click();
  await expect.element(ticket(3).getByTestId('kitchen-item')).toHaveAttribute('aria-pressed', 'true');
  await userEvent.keyboard('{Enter}');
  await expect.poll(labels).toEqual([second, thirdNumber]);
  // The item was not toggled back by that Enter.
  await expect.element(ticket(2).getByTestId('kitchen-item')).toHaveAttribute('aria-pressed', 'true');
});

test('in Arabic: the product names, the words and the layout are the display’s language', async () => {
  const { counter, deliver, display, route } = await kitchenTill();
  const [tea] = await plainProducts(counter, 1);
  await route(categoriesOf([tea!]));
  const locale = new LocaleState();
  locale.current = 'ar';
  const screen = await render(KitchenScreen, withTill(display, locale));
  await expect.element(screen.getByRole('heading', { level: 1 })).toHaveTextContent('شاشة المطبخ');
  await sell(counter, [{ product: tea!, quantity: 2, notes: 'بدون سكر' }]);
  await deliver();
  const ticket = screen.getByTestId('kitchen-ticket');
  await expect.element(ticket.getByTestId('kitchen-item')).toHaveTextContent(`2× ${tea!.name_ar || tea!.name_en}`);
  await expect.element(ticket.getByTestId('kitchen-note')).toHaveTextContent('بدون سكر');
  await expect.element(ticket.getByTestId('bump-ticket')).toHaveTextContent('جاهز');
  await expect.element(ticket.getByTestId('ticket-age')).toHaveTextContent('0 د');
  await expect.element(screen.getByTestId('kitchen-keys')).toHaveTextContent('استرجاع');
});

test('the app opens a display on its board (no sign-in); the hub goes and comes back: the board stays, then shows what is open now', async () => {
  const { counter, display, drop, reachable, route } = await kitchenTill();
  const [tea, cake] = await plainProducts(counter, 2);
  await route(categoriesOf([tea!, cake!]));
  const first = await sell(counter, [{ product: tea!, quantity: 1 }]);
  const app = await render(App, { props: { till: display, locale: new LocaleState() } });
  await expect.element(app.getByTestId('kitchen-screen')).toBeVisible();
  await expect.element(app.getByTestId('signin')).not.toBeInTheDocument();
  await expect.element(app.getByTestId('pin-screen')).not.toBeInTheDocument();
  await expect.element(app.getByTestId('ticket-label')).toHaveTextContent(first);

  drop();
  await expect.element(app.getByTestId('kitchen-hub-lost')).toHaveTextContent('new tickets print on the kitchen printer');
  await expect.element(app.getByTestId('ticket-label')).toHaveTextContent(first);
  // Sold while the display was away (its events went nowhere): the board shows it once the hub is back.
  const second = await sell(counter, [{ product: cake!, quantity: 1 }]);
  reachable(true);
  // The display retries on the wall clock (up to 5 s between tries), as every station does.
  await expect.poll(() => display.hubLost, { timeout: 60_000 }).toBe(false);
  await expect.element(app.getByTestId('kitchen-hub-lost')).not.toBeInTheDocument();
  await expect
    .poll(() =>
      app
        .getByTestId('ticket-label')
        .elements()
        .map((e) => e.querySelector('bdi')!.textContent),
    )
    .toEqual([first, second]);
});
