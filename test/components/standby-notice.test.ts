// The desktop standby's own window (issue 36): above the PIN screen (a
// standby's window is locked: nobody can sign in where nothing is written),
// a strip says whose standby this till is, how far behind, the epoch and why
// it sells nothing; once the hub has been silent hub.failover_seconds,
// "The hub has not answered for N s" and "Take over as the hub", which asks
// a manager's PIN after saying what it means. The till under the strip is a
// real till; the app shell's other end stands in for Electron's main process
// with its answers' shapes (the real handler, src-main/electron/standby-window.ts,
// is tested on real files and real HTTP in
// test/integration/standby/desktop-standby-takeover.test.ts).
import { afterEach, expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import App from '../../src-renderer/App.svelte';
import { LocaleState } from '../../src-renderer/state/index.ts';
import { appShellOverPort, setAppShell } from '../../src-renderer/transport/app-shell.ts';
import type { StandbyWindowView } from '../../src-shared/stations/index.ts';
import { startedLockedTill } from './real-till.ts';

afterEach(() => setAppShell(null));

const HUB = 'http://192.168.1.20:4780';

/** Main's end of the app shell: the standby's view as the test sets it, and a take-over that wants Mona's PIN (2468). */
function standbyMain(initial: StandbyWindowView) {
  let view: StandbyWindowView | null = initial;
  const asked: unknown[] = [];
  const { port1, port2 } = new MessageChannel();
  port2.onmessage = (event: MessageEvent) => {
    const message = event.data as { id: number; kind: string; manager_pin?: string };
    asked.push(message);
    if (message.kind === 'standby-read') return port2.postMessage({ id: message.id, ok: true, view });
    if (message.kind !== 'take-over') return port2.postMessage({ id: message.id, ok: false, reason: { code: 'standby.request' } });
    if (!message.manager_pin) return port2.postMessage({ id: message.id, ok: false, reason: { code: 'standby.takeOverPin' } });
    if (message.manager_pin !== '2468') return port2.postMessage({ id: message.id, ok: false, reason: { code: 'approval.wrong_pin' } });
    view = null;
    port2.postMessage({ id: message.id, ok: true, view: null, took_over: { epoch: 2 } });
  };
  return { shell: appShellOverPort(port1), set: (next: StandbyWindowView) => (view = next), asked };
}

const standbyView = (silentMs: number): StandbyWindowView => ({
  role: 'standby',
  epoch: 1,
  hub: HUB,
  behind: 3,
  hub_silent_ms: silentMs,
  failover_ms: 10_000,
  may_take_over: silentMs >= 10_000,
});

async function standbyWindow(language: 'en' | 'ar') {
  const { state } = await startedLockedTill();
  const main = standbyMain(standbyView(400));
  setAppShell(main.shell);
  const locale = new LocaleState();
  locale.current = language;
  const screen = await render(App, { props: { till: state, locale } });
  return { screen, main };
}

/** Whether two boxes share any area. */
const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Every button outside the strip, on screen: none lies under the strip. */
function buttonsUnder(notice: Element): string[] {
  const box = notice.getBoundingClientRect();
  return [...document.querySelectorAll('button')]
    .filter((button) => !notice.contains(button) && button.getClientRects().length > 0)
    .filter((button) => overlaps(box, button.getBoundingClientRect()))
    .map((button) => button.textContent ?? '?');
}

test('the standby’s window says whose standby it is and why it cannot sell; once the hub is silent, a manager’s PIN takes over', async () => {
  const { screen, main } = await standbyWindow('en');
  const notice = screen.getByTestId('standby-notice');
  await expect
    .element(screen.getByTestId('standby-notice-role'))
    .toHaveTextContent(
      `This till is the standby of ${HUB} (epoch 1, 3 changes behind): it keeps a copy of every sale and sells nothing while the hub answers.`,
    );
  // The hub answers: no take-over is offered.
  expect(screen.getByTestId('standby-take-over').query()).toBeNull();
  // The PIN screen is still there, and the strip is above it, covering none of its buttons.
  await expect.element(screen.getByTestId('pick-cashier')).toBeVisible();
  expect(buttonsUnder(notice.element())).toEqual([]);

  main.set(standbyView(12_400));
  await expect.element(screen.getByTestId('standby-notice-silent')).toHaveTextContent('The hub has not answered for 12 s.');
  await expect.element(screen.getByRole('alert').filter({ hasText: 'The hub has not answered' })).toBeVisible();
  expect(buttonsUnder(notice.element())).toEqual([]);
  await screen.getByTestId('standby-take-over').click();
  await expect.element(screen.getByTestId('standby-take-over-warning')).toHaveTextContent(/Only when the hub’s computer is off or unplugged/);
  await expect.element(screen.getByTestId('standby-take-over-warning')).toHaveTextContent(/If the other computer is still on, it stops selling/);
  expect(buttonsUnder(notice.element())).toEqual([]);

  await screen.getByTestId('standby-take-over-confirm').click();
  await expect.element(screen.getByTestId('standby-take-over-problem')).toHaveTextContent('Type a manager’s PIN to take over as the hub.');
  await screen.getByTestId('standby-take-over-pin').fill('1111');
  await screen.getByTestId('standby-take-over-confirm').click();
  await expect.element(screen.getByTestId('standby-take-over-problem')).toHaveTextContent('That is not an active manager’s PIN.');
  await expect.element(screen.getByTestId('standby-take-over-pin')).toHaveValue('');
  await screen.getByTestId('standby-take-over-pin').fill('2468');
  await screen.getByTestId('standby-take-over-confirm').click();
  await expect.element(screen.getByTestId('standby-took-over')).toHaveTextContent('This till is now the branch’s hub (epoch 2): sign in and sell here.');
  expect(screen.getByTestId('standby-notice').query()).toBeNull();
  expect(main.asked.filter((m) => (m as { kind: string }).kind === 'take-over')).toHaveLength(3);
});

test('in Arabic: the same strip and take-over, right to left, the hub’s address kept left to right', async () => {
  const { screen, main } = await standbyWindow('ar');
  await expect.element(screen.getByTestId('standby-notice-role')).toHaveTextContent(/هذا النظام هو احتياطي/);
  await expect.element(screen.getByTestId('standby-notice-role')).toHaveTextContent(/الحقبة 1، متأخر 3 تغييرات/);
  // The address is isolated left to right inside the Arabic sentence.
  await expect.element(screen.getByTestId('standby-notice-role')).toHaveTextContent(`\u2066${HUB}\u2069`);
  main.set(standbyView(15_000));
  await expect.element(screen.getByTestId('standby-notice-silent')).toHaveTextContent('لم يرد المركز منذ 15 ث.');
  await screen.getByTestId('standby-take-over').click();
  await expect.element(screen.getByTestId('standby-take-over-warning')).toHaveTextContent(/فقط إذا كان جهاز المركز مطفأً أو مفصولاً/);
  expect(buttonsUnder(screen.getByTestId('standby-notice').element())).toEqual([]);
  await screen.getByTestId('standby-take-over-pin').fill('1111');
  await screen.getByTestId('standby-take-over-confirm').click();
  await expect.element(screen.getByTestId('standby-take-over-problem')).toHaveTextContent('هذا ليس الرقم السري لمدير نشط.');
  await screen.getByTestId('standby-take-over-cancel').click();
  expect(screen.getByTestId('standby-take-over-form').query()).toBeNull();
  await expect.element(screen.getByTestId('standby-take-over')).toHaveTextContent('تولَّ مهمة المركز');
});

test('an old hub that stepped down says where the hub is now; a hub’s window shows no strip', async () => {
  const { screen, main } = await standbyWindow('en');
  main.set({ ...standbyView(0), role: 'fenced', epoch: 2, hub: 'http://192.168.1.21:4780', may_take_over: false });
  await expect
    .element(screen.getByTestId('standby-notice-role'))
    .toHaveTextContent('This till was the hub; the branch’s hub is now http://192.168.1.21:4780 (epoch 2). Sell there.');
  expect(screen.getByTestId('standby-take-over').query()).toBeNull();
});
