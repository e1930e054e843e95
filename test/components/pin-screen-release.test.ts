// Issue 20: Sami signed in on tablet B, whose battery went flat: the till's
// own window (A) refuses his sign-in, and the refusal says what to do. The
// PIN screen offers "Sign out there"; the approval sheet says what a manager
// approves, and Mona's PIN signs Sami out of B and in here. In English and
// in Arabic.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { ManagerApprovalSheet, PinScreen } from '../../src-renderer/staff/index.ts';
import { LocaleState } from '../../src-renderer/state/index.ts';
import { stationsTill, withTill } from './real-till.ts';

const MONA_PIN = '2468';
const SAMI_PIN = '1357';

async function samiLeftOnTabletB() {
  const { state, signInAt } = await stationsTill();
  await state.api.addCashier({ name: 'Mona', role: 'manager', pin: MONA_PIN });
  const sami = await state.api.addCashier({ name: 'Sami', role: 'cashier', pin: SAMI_PIN });
  await signInAt('B', sami.id, SAMI_PIN);
  // Mona (made first, so signed in here) locks the window; Sami comes to it.
  await state.api.lock();
  await state.refreshStaff();
  return state;
}

for (const language of ['en', 'ar'] as const) {
  test(`a refused sign-in offers a manager's release, and the manager's PIN signs him in here (${language})`, async () => {
    const till = await samiLeftOnTabletB();
    const locale = new LocaleState();
    locale.set(language);
    const screen = await render(PinScreen, withTill(till, locale));
    const sheet = await render(ManagerApprovalSheet, withTill(till, locale));

    await screen.getByRole('button', { name: /Sami/ }).click();
    await screen.getByTestId('pin-input').fill(SAMI_PIN);
    await expect.element(screen.getByTestId('release-elsewhere')).not.toBeInTheDocument();
    await screen
      .getByTestId('pin-input')
      .element()
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));

    // Refused: the notice says where he is signed in and what to do.
    await expect.poll(() => till.notices.filter((n) => n.tone === 'error').length).toBe(1);
    const notice = till.notices.find((n) => n.tone === 'error')!;
    expect(JSON.stringify(notice.text)).toContain('cashier.signedInElsewhere');
    expect(locale.t('reason.cashier.signedInElsewhere', { name: 'Sami', station: 'B' })).toMatch(
      language === 'en' ? /a manager can sign Sami out there/ : /المدير/,
    );
    expect(till.staff?.cashier ?? null).toBeNull();

    const release = screen.getByTestId('release-elsewhere');
    await expect.element(release).toHaveTextContent(language === 'en' ? 'Sign out there' : 'تسجيل الخروج من هناك');
    await release.click();
    await expect.element(sheet.getByTestId('approval-sheet')).toBeVisible();
    await expect
      .element(sheet.getByTestId('approval-what'))
      .toHaveTextContent(language === 'en' ? /Approve signing .*Sami.* out of station .*B.* and in here/ : /الموافقة على تسجيل خروج .*Sami.* من المحطة/);
    await sheet.getByTestId('approval-sheet-pin').fill(MONA_PIN);
    await sheet.getByTestId('approval-send').click();

    await expect.poll(() => till.staff?.cashier?.name ?? null).toBe('Sami');
    await expect.element(sheet.getByTestId('approval-sheet')).not.toBeInTheDocument();
  });
}
