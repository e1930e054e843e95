// The Stations tab's "Pairing code" (issue 20): the manager picks the
// station, the tab asks the real host through the till API and shows the
// pairing address and code as a QR code a tablet's camera reads, with the
// address, code and expiry as text, in both languages. The code shown is the
// live one: typed on a tablet it makes that tablet the chosen station.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { BranchScreen } from '../../src-renderer/branch/index.ts';
import { isolate, LocaleState } from '../../src-renderer/state/index.ts';
import { pairingTill, realTill, withTill } from './real-till.ts';
import { scan } from './scan-qr.ts';

const HUB = 'http://192.168.1.20:4780';

test('a code for station B: the QR opens the hub’s pairing form with it, and that code pairs a tablet as B', async () => {
  const { state, redeem } = await pairingTill(HUB);
  // The first manager, made on the host's own screen (and signed in there).
  await state.api.addCashier({ name: 'Huda', role: 'manager', pin: '2468' });
  await state.api.addStation({ name: 'Counter B', code: 'B' });
  state.view = 'branch';
  const screen = await render(BranchScreen, withTill(state));
  await screen.getByTestId('branch-tab-stations').click();
  await screen.getByRole('button', { name: 'Pairing code: Counter B' }).click();

  const shown = screen.getByTestId('station-pairing');
  await expect.element(shown.getByRole('heading')).toHaveTextContent('Pairing a tablet as \u2068Counter B\u2069 (B)');
  await expect.element(shown.getByTestId('pairing-address')).toHaveTextContent(HUB);
  const code = shown.getByTestId('pairing-code').element().textContent!.trim();
  expect(code).toMatch(/^\d{6}$/);
  expect(await scan(shown.getByTestId('pairing-qr-svg').element() as SVGSVGElement)).toBe(`${HUB}/pair?code=${code}`);
  await expect.element(shown.getByTestId('pairing-station')).toHaveTextContent('station B');
  await expect.element(shown.getByTestId('station-pairing-expiry')).toHaveTextContent(/works once, until \d\d:\d\d/);
  expect(await redeem(code)).toBe('B');
  // Spent: the same code pairs nothing more.
  expect(await redeem(code)).toBeNull();
  await screen.getByTestId('station-pairing-done').click();
  await expect.element(screen.getByTestId('station-pairing')).not.toBeInTheDocument();
});

test('in Arabic: the words change, the address reads left to right, and the QR is the same kind of link', async () => {
  const { state } = await pairingTill(HUB);
  await state.api.addCashier({ name: 'Huda', role: 'manager', pin: '2468' });
  const locale = new LocaleState();
  locale.current = 'ar';
  state.view = 'branch';
  const screen = await render(BranchScreen, withTill(state, locale));
  await screen.getByTestId('branch-tab-stations').click();
  await screen.getByTestId('station-pair').click();
  const shown = screen.getByTestId('station-pairing');
  await expect.element(shown.getByText('إقران جهاز لوحي', { exact: true })).toBeVisible();
  await expect.element(shown.getByTestId('station-pairing-expiry')).toHaveTextContent(/يعمل الرمز مرة واحدة/);
  await expect.element(shown.getByTestId('pairing-address')).toHaveAttribute('dir', 'ltr');
  const code = shown.getByTestId('pairing-code').element().textContent!.trim();
  expect(await scan(shown.getByTestId('pairing-qr-svg').element() as SVGSVGElement)).toBe(`${HUB}/pair?code=${code}`);
});

for (const lang of ['en', 'ar'] as const) {
  test(`a till that pairs no tablets (the Electron window): Pairing code is disabled with the reason beside it, never refused after the tap; so is Remove on the last counter (${lang})`, async () => {
    const state = await realTill();
    await state.api.addCashier({ name: 'Huda', role: 'manager', pin: '2468' });
    const locale = new LocaleState();
    locale.current = lang;
    state.view = 'branch';
    const screen = await render(BranchScreen, withTill(state, locale));
    await screen.getByTestId('branch-tab-stations').click();
    const pair = screen.getByTestId('station-pair');
    await expect.element(pair).toBeDisabled();
    // The reason, in the UI's language, beside the buttons and named by them; not "a manager must approve it" to a signed-in manager.
    const why = screen.getByTestId('station-pair-why');
    await expect.element(why).toHaveTextContent(locale.t('reason.station.pairingOff'));
    await expect.element(why).not.toHaveTextContent(locale.t('error.not_allowed'));
    await expect.element(pair).toHaveAttribute('aria-describedby', 'station-pair-why');
    // The only counter cannot be removed: its Remove says why instead of a refusal after the confirmation.
    await expect.element(screen.getByTestId('station-remove')).toBeDisabled();
    const [counter] = await state.api.stations();
    await expect
      .element(screen.getByTestId('station-remove-why'))
      .toHaveTextContent(locale.t('reason.station.lastCounter', { name: isolate(counter!.name), code: counter!.code }));
    expect(state.notices.filter((n) => n.tone === 'error')).toEqual([]);
    await expect.element(screen.getByTestId('station-pairing')).not.toBeInTheDocument();
  });
}

test('where the till pairs tablets but has no manager yet, Pairing code says to add the first manager', async () => {
  const { state } = await pairingTill(HUB);
  state.view = 'branch';
  const screen = await render(BranchScreen, withTill(state));
  await screen.getByTestId('branch-tab-stations').click();
  await expect.element(screen.getByTestId('station-pair')).toBeDisabled();
  await expect.element(screen.getByTestId('station-pair-why')).toHaveTextContent(/add this till’s first manager/);
});
