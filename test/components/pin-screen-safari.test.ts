// A tablet station's browser may be Safari, which has no requestIdleCallback:
// the PIN screen (which makes the clock's format while the cashier types,
// issue 34 item 8) still shows the cashiers to sign in with.
import { afterEach, expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import { PinScreen } from '../../src-renderer/staff/index.ts';
import { LocaleState } from '../../src-renderer/state/index.ts';
import { realTill, withTill } from './real-till.ts';

const idle = Object.getOwnPropertyDescriptor(globalThis, 'requestIdleCallback');
afterEach(() => {
  if (idle) Object.defineProperty(globalThis, 'requestIdleCallback', idle);
});

test('the PIN screen lists the cashiers in a browser without requestIdleCallback', async () => {
  const till = await realTill();
  await till.api.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
  await till.api.lock();
  await till.refreshStaff();
  // As in Safari: no such function at all.
  Reflect.deleteProperty(globalThis, 'requestIdleCallback');
  expect(typeof (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback).toBe('undefined');

  const screen = await render(PinScreen, withTill(till, new LocaleState()));
  await expect.element(screen.getByRole('button', { name: /Mona/ })).toBeVisible();
});
