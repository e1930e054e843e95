// The status bar's ZATCA part shows what the host computed with its clock
// (the levels are the host's: test/unit/zatca/zatca-status.test.ts); here
// the state is set as the host's `zatca` events set it, in both languages.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import type { ZatcaStatusView } from '../../src-shared/zatca/index.ts';
import { LocaleState } from '../../src-renderer/state/index.ts';
import { StatusBar } from '../../src-renderer/status/index.ts';
import { offlineTill, withTill } from './real-till.ts';

const status = (view: Partial<ZatcaStatusView>): ZatcaStatusView => ({
  onboarded: true,
  documents: 10,
  unreported: 0,
  rejected: 0,
  oldest_unreported_at: null,
  uncleared: 0,
  oldest_unreported_hours: null,
  report_level: 'ok',
  csid_expires_at: Date.UTC(2027, 10, 1),
  csid_days_left: 200,
  csid_level: 'ok',
  not_a_unit: false,
  at: Date.UTC(2026, 10, 26),
  ...view,
});

test('nothing shows before the EGS unit is onboarded, even with documents waiting', async () => {
  const till = offlineTill();
  till.zatca = status({ onboarded: false, unreported: 3, oldest_unreported_hours: 30, report_level: 'ok' });
  const screen = await render(StatusBar, withTill(till));
  await expect.element(screen.getByTestId('status-online')).toBeInTheDocument();
  expect(screen.container.querySelector('[data-testid^="status-zatca"]')).toBeNull();
});

test('the oldest unreported document: a plain count, then a warning, then an alarm as the host pushes the levels', async () => {
  const till = offlineTill();
  till.zatca = status({ unreported: 2, oldest_unreported_at: 1, oldest_unreported_hours: 11, report_level: 'ok' });
  const screen = await render(StatusBar, withTill(till));
  const pill = screen.getByTestId('status-zatca-report');
  await expect.element(pill).toHaveTextContent('ZATCA: 2 to report, oldest 11 h');
  await expect.element(pill).toHaveAttribute('data-level', 'ok');
  till.zatca = status({ unreported: 2, oldest_unreported_at: 1, oldest_unreported_hours: 12, report_level: 'warning' });
  await expect.element(pill).toHaveAttribute('data-level', 'warning');
  await expect.element(pill).toHaveClass(/warn/);
  till.zatca = status({ unreported: 2, oldest_unreported_at: 1, oldest_unreported_hours: 20, report_level: 'alarm' });
  await expect.element(screen.getByRole('alert')).toHaveTextContent('report within 24 h! Oldest 20 h');
  till.zatca = status({ unreported: 0 });
  await expect.element(screen.getByTestId('status-zatca-report')).not.toBeInTheDocument();
});

test('the CSID’s expiry is warned in Arabic too, and an expired one is an alert', async () => {
  const till = offlineTill();
  const locale = new LocaleState();
  locale.set('ar');
  till.zatca = status({ csid_days_left: 30, csid_level: 'warning' });
  const screen = await render(StatusBar, withTill(till, locale));
  await expect.element(screen.getByTestId('status-zatca-csid')).toHaveTextContent('شهادة الهيئة تنتهي بعد 30 يوماً');
  till.zatca = status({ csid_days_left: 0, csid_level: 'expired' });
  await expect.element(screen.getByRole('alert')).toHaveTextContent('انتهت شهادة الهيئة');
});

test('a hub that took over before it was onboarded says its sales are not signed, with what it still has to report, in both languages', async () => {
  const till = offlineTill();
  till.zatca = status({
    onboarded: false,
    not_a_unit: true,
    csid_expires_at: null,
    csid_days_left: null,
    unreported: 2,
    oldest_unreported_at: 1,
    oldest_unreported_hours: 3,
  });
  const screen = await render(StatusBar, withTill(till));
  const pill = screen.getByTestId('status-zatca-unsigned');
  await expect.element(pill).toHaveTextContent('ZATCA: this hub is not onboarded, its sales are not signed: onboard it now');
  await expect.element(pill).toHaveAttribute('role', 'alert');
  await expect.element(screen.getByTestId('status-zatca-report')).toHaveTextContent('ZATCA: 2 to report, oldest 3 h');
  till.zatca = status({ onboarded: true });
  await expect.element(screen.getByTestId('status-zatca-unsigned')).not.toBeInTheDocument();

  const arabic = new LocaleState();
  arabic.set('ar');
  const ar = offlineTill();
  ar.zatca = status({ onboarded: false, not_a_unit: true, csid_expires_at: null, csid_days_left: null });
  const inArabic = await render(StatusBar, withTill(ar, arabic));
  await expect.element(inArabic.getByTestId('status-zatca-unsigned')).toHaveTextContent('هذه النقطة الرئيسية غير مسجلة ومبيعاتها غير موقّعة');
});
