// The status bar shows what the host last said about uploads, printers and
// the session; here the state is set as the host's events would set it.
import { expect, test } from 'vitest';
import { render } from 'vitest-browser-svelte';
import type { SyncStatus } from '../../src-shared/selling/index.ts';
import { LocaleState } from '../../src-renderer/state/index.ts';
import { StatusBar } from '../../src-renderer/status/index.ts';
import { offlineTill, withTill } from './real-till.ts';

const sync = (status: Partial<SyncStatus>): SyncStatus => ({
  online: true,
  paused: null,
  pending: 0,
  rejected: 0,
  synced: 0,
  lastSuccessAt: null,
  lastError: null,
  ...status,
});

test('offline with orders waiting: the badge says Offline and counts what is still to upload', async () => {
  const till = offlineTill();
  till.sync = sync({ online: false, pending: 3, lastError: 'no answer within 10000 ms' });
  const screen = await render(StatusBar, withTill(till));
  await expect.element(screen.getByTestId('status-online')).toHaveTextContent('Offline');
  await expect.element(screen.getByTestId('status-online')).toHaveAttribute('title', 'no answer within 10000 ms');
  await expect.element(screen.getByTestId('status-pending')).toHaveTextContent('3 waiting to upload');
});

test('the connection coming back turns the badge Online and the count to all uploaded', async () => {
  const till = offlineTill();
  till.sync = sync({ online: false, pending: 2 });
  const screen = await render(StatusBar, withTill(till));
  await expect.element(screen.getByTestId('status-online')).toHaveTextContent('Offline');
  till.sync = sync({ online: true, pending: 0, synced: 2 });
  await expect.element(screen.getByTestId('status-online')).toHaveTextContent('Online');
  await expect.element(screen.getByTestId('status-pending')).toHaveTextContent('All orders uploaded');
});

test('rejected orders show a red count that opens the orders screen', async () => {
  const till = offlineTill();
  till.sync = sync({ rejected: 2 });
  const screen = await render(StatusBar, withTill(till));
  await expect.element(screen.getByTestId('status-rejected')).toHaveTextContent('2 rejected');
  await screen.getByTestId('status-rejected').click();
  expect(till.view).toBe('orders');
});

test('a refused token asks the cashier to sign in again', async () => {
  const till = offlineTill();
  till.screen = 'till';
  till.sync = sync({ online: false, paused: 'unauthenticated' });
  const screen = await render(StatusBar, withTill(till));
  await expect.element(screen.getByRole('alert')).toHaveTextContent('Session expired: sign in again');
  await screen.getByRole('alert').getByRole('button', { name: 'Sign in' }).click();
  expect(till.screen).toBe('signin');
});

test('a printer that stopped printing is shown as such, with its waiting jobs', async () => {
  const till = offlineTill();
  till.printers = [
    { id: 'p1', name: 'Counter', address: 'tcp://10.0.0.5:9100', state: 'failed', health: 'failed', pending_jobs: 2, last_error: 'connection refused' },
    { id: 'p2', name: 'Kitchen', address: 'tcp://10.0.0.6:9100', state: 'out-of-paper', health: 'retrying', pending_jobs: 0, last_error: null },
  ];
  const screen = await render(StatusBar, withTill(till));
  await expect.element(screen.getByTestId('printer-p1')).toHaveAttribute('data-health', 'failed');
  await expect.element(screen.getByTestId('printer-p1')).toHaveTextContent('Counter: Not printing');
  await expect.element(screen.getByTestId('printer-p1')).toHaveAttribute('title', 'connection refused');
  // Worded as the Branch screen's printer card words the same state.
  await expect.element(screen.getByTestId('printer-p2')).toHaveAttribute('data-health', 'retrying');
  await expect.element(screen.getByTestId('printer-p2')).toHaveTextContent('Kitchen: Out of paper');
});

test('in Arabic the badge reads غير متصل', async () => {
  const till = offlineTill();
  till.sync = sync({ online: false, pending: 1 });
  const locale = new LocaleState();
  locale.set('ar');
  const screen = await render(StatusBar, withTill(till, locale));
  await expect.element(screen.getByTestId('status-online')).toHaveTextContent('غير متصل');
});

test("the screen's station shows by name and code, in both languages (issue 20)", async () => {
  const till = offlineTill();
  const screen = await render(StatusBar, withTill(till));
  await expect.element(screen.getByTestId('status-station')).not.toBeInTheDocument();
  till.station = {
    id: 2,
    code: 'B',
    name: 'Drive-through',
    kind: 'counter',
    receipt_printer_id: null,
    drawer_printer_id: null,
    shows_cart_of: null,
    created_at: 0,
    revoked_at: null,
  };
  await expect.element(screen.getByTestId('status-station')).toHaveTextContent('Station \u2068Drive-through\u2069 (B)');
  const locale = new LocaleState();
  locale.set('ar');
  const arabic = await render(StatusBar, withTill(till, locale));
  await expect.element(arabic.getByTestId('status-station').last()).toHaveTextContent('المحطة \u2068Drive-through\u2069');
});
