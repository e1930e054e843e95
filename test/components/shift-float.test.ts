// The float is asked for (issue 34): an empty box no longer opens the shift
// at 0.00 (the Z report then showed the whole float short); the box starts
// at what the drawer held when it last closed, and the cashier confirms it.
import '../../src-renderer/fonts.css';
import '../../src-renderer/app.css';
import { expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-svelte';
import { LocaleState } from '../../src-renderer/state/index.ts';
import { ShiftScreen } from '../../src-renderer/shifts/index.ts';
import { realTill, withTill } from './real-till.ts';

for (const lang of ['en', 'ar'] as const) {
  test(`in ${lang === 'en' ? 'English' : 'Arabic'} the float starts at the last close and an empty one is refused in words`, async () => {
    const till = await realTill();
    await till.api.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
    await till.api.openShift({ float: 10_000 });
    await till.api.closeShift({ counted: 12_345 });
    await till.refreshStaff();
    const locale = new LocaleState();
    locale.set(lang);
    locale.apply();
    const screen = await render(ShiftScreen, withTill(till, locale));
    const float = screen.getByTestId('float-amount');
    await expect.element(float).toHaveValue('123.45');
    await userEvent.clear(float);
    await screen.getByTestId('shift-open').click();
    await expect.element(screen.getByTestId('float-problem')).toHaveTextContent(locale.t('shift.floatNeeded'));
    await expect.element(float).toHaveAttribute('aria-invalid', 'true');
    await till.refreshStaff();
    expect(till.staff?.shift).toBeNull();
    await userEvent.fill(float, '0');
    await screen.getByTestId('shift-open').click();
    await expect.poll(async () => (await till.api.staffState()).shift?.float).toBe(0);
  });
}
