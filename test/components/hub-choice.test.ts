// "Use another till as hub" on the Branch screen's Till tab (issue 20), in
// the desktop app: the screen asks over its own MessagePort, whose other end
// is the main process's real handler (hub-choice-requests.ts, in Node) with
// a till-app.json of its own and this real till's checks. Electron itself
// cannot run in tests.
import { afterEach, expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { BranchScreen } from '../../src-renderer/branch/index.ts';
import { LocaleState, type TillState } from '../../src-renderer/state/index.ts';
import { setAppShell } from '../../src-renderer/transport/app-shell.ts';
import { desktopTill, withTill } from './real-till.ts';
import { addToCart, plainProducts } from './sale-fixtures.ts';

afterEach(() => setAppShell(null));

/** A desktop till (its app shell set) on the Branch screen's Till tab, in `language`; `before` runs on the till first. */
async function tillTab(language: 'en' | 'ar' = 'en', before?: (state: TillState) => Promise<void>) {
  const till = await desktopTill();
  await before?.(till.state);
  setAppShell(till.shell);
  const locale = new LocaleState();
  locale.current = language;
  till.state.view = 'branch';
  const screen = await render(BranchScreen, withTill(till.state, locale));
  await screen.getByTestId('branch-tab-till').click();
  return { ...till, screen };
}

/** Types the hub's address and the code (null: left as typed before) and presses the choice's button. */
async function connect(screen: Awaited<ReturnType<typeof tillTab>>['screen'], address: string | null, code: string | null): Promise<void> {
  if (address !== null) await screen.getByTestId('hub-choice-address').fill(address);
  if (code !== null) await screen.getByTestId('hub-choice-code').fill(code);
  await screen.getByTestId('hub-choice-connect').click();
}

test('the Till tab connects this till to a hub on the LAN with a pairing code, after refusing a public address and a short code', async () => {
  const { screen, config } = await tillTab();
  const section = screen.getByTestId('hub-choice');
  await expect.element(section.getByRole('heading')).toHaveTextContent('Use another till as hub');
  await expect.element(section.getByText(/This computer is the branch’s hub/)).toBeVisible();

  await connect(screen, 'till.example.com', '042917');
  await expect.element(screen.getByTestId('hub-choice-address-problem')).toHaveTextContent('That address is not on the branch’s network');
  await expect.element(screen.getByTestId('hub-choice-address')).toHaveAttribute('aria-invalid', 'true');
  expect(await config()).toBeNull();

  await connect(screen, '192.168.1.20:4780', '0429');
  await expect.element(screen.getByTestId('hub-choice-code-problem')).toHaveTextContent('The pairing code is six digits');
  await expect.element(screen.getByTestId('hub-choice-address-problem')).toHaveTextContent('');
  await expect.element(screen.getByTestId('hub-choice-address')).toHaveAttribute('aria-invalid', 'false');
  await expect.element(screen.getByTestId('hub-choice-code')).toHaveAttribute('aria-invalid', 'true');
  await expect.element(screen.getByTestId('hub-choice-code')).toHaveAttribute('aria-describedby', 'hub-choice-code-hint hub-choice-code-problem');
  expect(await config()).toBeNull();

  await connect(screen, null, '042917');
  await expect.element(screen.getByTestId('hub-choice-restarting')).toHaveTextContent('Restarting as a station of http://192.168.1.20:4780…');
  expect(await config()).toEqual({ mode: 'station', hub: 'http://192.168.1.20:4780', pair_code: '042917' });
});

test('in Arabic: a till with orders still to upload stays the hub, and says why', async () => {
  const { screen, config } = await tillTab('ar', async (state) => {
    const [product] = await plainProducts(state, 1);
    await addToCart(state, product!);
    const cart = await state.api.cart();
    await state.api.checkout({ payments: [{ method_key: 'CASH', amount: cart.total }] });
    expect((await state.api.syncStatus()).pending).toBe(1);
  });
  await expect.element(screen.getByText('استخدام نظام كاشير آخر كجهاز رئيسي')).toBeVisible();
  await expect.element(screen.getByTestId('hub-choice-address')).toHaveAttribute('dir', 'ltr');
  await connect(screen, '10.0.0.5:4780', '555111');
  await expect.element(screen.getByTestId('hub-choice-problem')).toHaveTextContent(/ما زال 1 من طلبات هذا النظام بانتظار الرفع/);
  expect(await config()).toBeNull();
});

test('in a browser (pos serve) there is no app shell, and the Till tab offers no hub choice', async () => {
  const { state } = await desktopTill();
  state.view = 'branch';
  const screen = await render(BranchScreen, withTill(state));
  await screen.getByTestId('branch-tab-till').click();
  await expect.element(screen.getByTestId('branch-till-form')).toBeVisible();
  await expect.element(screen.getByTestId('hub-choice')).not.toBeInTheDocument();
});

test('"Be the standby of that hub" keeps the hub and its standby code and restarts as its standby (issue 36)', async () => {
  const { screen, config } = await tillTab();
  await screen.getByTestId('hub-choice-role-standby').click();
  await expect.element(screen.getByText('Standby code', { exact: true })).toBeVisible();
  await expect.element(screen.getByTestId('hub-choice-connect')).toHaveTextContent('Be the standby');
  await connect(screen, '192.168.1.20:4780', '7310');
  await expect.element(screen.getByTestId('hub-choice-code-problem')).toHaveTextContent('The standby code is six digits');
  expect(await config()).toBeNull();
  await connect(screen, null, '731002');
  await expect.element(screen.getByTestId('hub-choice-restarting')).toHaveTextContent('Restarting as the standby of http://192.168.1.20:4780…');
  expect(await config()).toEqual({ mode: 'standby', hub: 'http://192.168.1.20:4780', code: '731002' });
});

test('in Arabic: the standby choice refuses a public address, then restarts as the standby', async () => {
  const { screen, config } = await tillTab('ar');
  await screen.getByTestId('hub-choice-role-standby').click();
  await expect.element(screen.getByText('رمز الاحتياطي', { exact: true })).toBeVisible();
  await connect(screen, '203.0.113.5:4780', '731002');
  await expect.element(screen.getByTestId('hub-choice-address-problem')).toHaveTextContent('هذا العنوان ليس على شبكة الفرع');
  expect(await config()).toBeNull();
  await connect(screen, '10.0.0.9:4780', null);
  await expect.element(screen.getByTestId('hub-choice-restarting')).toHaveTextContent('جارٍ إعادة التشغيل كجهاز احتياطي للجهاز');
  expect(await config()).toEqual({ mode: 'standby', hub: 'http://10.0.0.9:4780', code: '731002' });
});
