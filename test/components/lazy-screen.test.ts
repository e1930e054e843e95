// Issue 34 item 8: a screen loaded on demand shows that it is opening (never
// a blank area) until its code has come, says in the cashier's words (both
// languages) when its code cannot be loaded, loads it again on Try again,
// and renders at once when it was loaded before.
import { createRawSnippet } from 'svelte';
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { LocaleState, TillState, tillContext } from '../../src-renderer/state/index.ts';
import { LazyScreen, ScreenLoader } from '../../src-renderer/ui/index.ts';

type Screen = { title: string };

const body = createRawSnippet((screen: () => Screen) => ({ render: () => `<p data-testid="screen-body">${screen().title}</p>` }));

async function mount(loader: ScreenLoader<Screen>, locale = new LocaleState()) {
  // The till is never started: LazyScreen reads only the language.
  const till = new TillState(() => Promise.reject(new Error('not connected')));
  return await render(LazyScreen, { props: { loader, children: body }, context: tillContext(till, locale) });
}

/** A module that arrives when the test says so. */
function held() {
  let arrive!: (screen: Screen) => void;
  let fail!: (error: Error) => void;
  const fetches: Promise<Screen>[] = [];
  const loader = new ScreenLoader<Screen>(() => {
    const fetch = new Promise<Screen>((resolve, reject) => ((arrive = resolve), (fail = reject)));
    fetches.push(fetch);
    return fetch;
  });
  return { loader, fetches, arrive: (s: Screen) => arrive(s), fail: (e: Error) => fail(e) };
}

test('until its code has come the screen says it is opening; then it shows', async () => {
  const screen = held();
  const view = await mount(screen.loader);
  await expect.element(view.getByTestId('screen-loading')).toHaveTextContent('Opening…');
  await expect.element(view.getByRole('status')).toBeVisible();
  screen.arrive({ title: 'Floor' });
  await expect.element(view.getByTestId('screen-body')).toHaveTextContent('Floor');
  await expect.element(view.getByTestId('screen-loading')).not.toBeInTheDocument();
});

test('a code that cannot be loaded is said in the cashier’s words, and Try again loads it again', async () => {
  const screen = held();
  const view = await mount(screen.loader);
  screen.fail(new TypeError('Failed to fetch dynamically imported module: /assets/floor-x.js'));
  const failed = view.getByTestId('screen-load-failed');
  await expect.element(failed).toHaveTextContent('This screen did not open.');
  await expect.element(failed).toHaveTextContent('Tap Try again. If it still does not open, restart Till');
  await expect.element(failed).toHaveAttribute('role', 'alert');
  expect(failed.element().textContent).not.toContain('dynamically imported');

  await view.getByTestId('screen-load-retry').click();
  await expect.element(view.getByTestId('screen-loading')).toBeVisible();
  expect(screen.fetches).toHaveLength(2);
  screen.arrive({ title: 'Floor' });
  await expect.element(view.getByTestId('screen-body')).toHaveTextContent('Floor');
});

test('in Arabic the failure is said in Arabic', async () => {
  const locale = new LocaleState();
  locale.set('ar');
  const screen = held();
  const view = await mount(screen.loader, locale);
  await expect.element(view.getByTestId('screen-loading')).toHaveTextContent('جارٍ الفتح…');
  screen.fail(new TypeError('Failed to fetch dynamically imported module'));
  await expect.element(view.getByTestId('screen-load-failed')).toHaveTextContent('لم تُفتح هذه الشاشة.');
  await expect.element(view.getByTestId('screen-load-retry')).toHaveTextContent('حاول مرة أخرى');
});

test('a screen loaded before renders at once, without a loading state', async () => {
  const loader = new ScreenLoader<Screen>(async () => ({ title: 'Shift' }));
  await loader.load();
  const view = await mount(loader);
  expect(view.container.querySelector('[data-testid="screen-loading"]')).toBeNull();
  expect(view.container.querySelector('[data-testid="screen-body"]')?.textContent).toBe('Shift');
});
