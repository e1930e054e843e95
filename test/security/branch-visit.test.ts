import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TillApi } from '../../src-shared/api/index.ts';
import type { CashierView } from '../../src-shared/shifts/index.ts';
import { readAudit } from '../../src-main/host/index.ts';
import { emulatedService, type EmulatedService } from '../support/emulated-service.ts';
import type { WebHost } from '../support/till-web-host.ts';
import { pairedCashierTill } from '../support/paired-cashier-till.ts';
import { refusal } from '../support/refusal.ts';

// Issue 34, item 5: a manager's approval on the Branch screen covers that
// visit's saves. Over real WebSockets on one hub: Sara, a cashier, is
// signed in at the till's own screen; Mona's PIN opens the Branch screen;
// its saves then pass without a second PIN, each audited naming Mona, and
// the reads its tabs make (the Tables tab's floor, the stations, the
// kitchen displays) do not end it (before, opening the Tables tab ended the
// approval and every Save after it was refused with no way to approve). It
// is never a blanket grant: the screen closing (leaveBranch), someone
// signing in or out there, or selling ends it, the next save asks again;
// a cashier's PIN never opens it; another screen never shares it.

const MONA = '2468';
const SARA = '1122';
const SAMI = '1357';

let service: EmulatedService;
let web: WebHost;
let screen: TillApi;
let device: TillApi;
let sara: CashierView;

const settings = (idle: number) => ({ day_cutoff_hour: 4, idle_lock_minutes: idle });
const withPin = (pin: string) => ({ approval: { manager_pin: pin } });

beforeEach(async () => {
  service = await emulatedService({ seed: 5 });
  const till = await pairedCashierTill(service, MONA, [{ name: 'Sara', pin: SARA }]);
  ({ web, manager: screen, device } = till);
  sara = till.others[0]!;
  await screen.unlock({ cashier_id: sara.id, pin: SARA });
});
afterEach(async () => {
  await web.close();
  await service.close();
});

/** Opens the Branch screen as the approval sheet does: asks first, then sends with the PIN. */
async function openBranch(pin: string) {
  expect(await screen.approvalCheck({ method: 'branchSetup', input: {} })).toMatchObject({ need: 'pin', action: 'branch-settings' });
  return screen.branchSetup(withPin(pin));
}

/** The saves' audit rows, oldest first. */
const saves = () =>
  readAudit(web.db, { limit: 10_000 })
    .filter((row) => row.method === 'saveTillSettings')
    .reverse();

describe('a manager’s approval on the Branch screen covers that visit', () => {
  it('approved once: two saves pass around the tabs’ reads, each audited naming the manager; the screen closed, the next save asks again', async () => {
    await openBranch(MONA);
    await screen.saveTillSettings(settings(5));
    // The Tables, Stations and Kitchens tabs read their lists between saves: still the same visit.
    await screen.floor();
    await screen.stations();
    await screen.kitchenDisplays();
    await screen.cashiers();
    await screen.customers({ query: 'a', limit: 1 });
    expect(await screen.approvalCheck({ method: 'saveTillSettings', input: settings(6) })).toMatchObject({ need: 'none' });
    await screen.saveTillSettings(settings(6));
    expect(saves()).toEqual([
      expect.objectContaining({ outcome: 'approved', approved_by: expect.stringMatching(/Mona.*opening the Branch screen/) }),
      expect.objectContaining({ outcome: 'approved', approved_by: expect.stringMatching(/Mona.*opening the Branch screen/) }),
    ]);
    // The screen closes: the approval ends with it.
    await screen.leaveBranch();
    expect(await screen.approvalCheck({ method: 'saveTillSettings', input: settings(7) })).toMatchObject({ need: 'pin' });
    expect(await refusal(screen.saveTillSettings(settings(7)))).toMatchObject({ code: 'not_allowed', reason: { code: 'approval.needed' } });
    // Coming back is a new visit, approved anew; the refused save changed nothing.
    expect((await openBranch(MONA)).till.idle_lock_minutes).toBe(6);
    await screen.saveTillSettings(settings(8));
    expect(saves().map((row) => row.outcome)).toEqual(['approved', 'approved', 'refused', 'approved']);
  });

  it('a cashier’s PIN never approves it, not even Sara’s own', async () => {
    expect(await refusal(openBranch(SARA))).toMatchObject({ code: 'not_allowed', reason: { code: 'approval.wrong_pin' } });
    expect(await refusal(screen.branchSetup(withPin(SAMI)))).toMatchObject({ code: 'not_allowed', reason: { code: 'approval.wrong_pin' } });
    expect(await refusal(screen.saveTillSettings(settings(5)))).toMatchObject({ code: 'not_allowed', reason: { code: 'approval.needed' } });
    expect(saves().map((row) => row.outcome)).toEqual(['refused']);
  });

  it('ends when someone signs in or out at that screen, or it sells; never shared with another screen', async () => {
    await openBranch(MONA);
    // Sami's tablet is another screen: Mona's approval there is not his.
    expect(await refusal(device.saveTillSettings(settings(5)))).toMatchObject({ code: 'not_allowed' });
    await screen.saveTillSettings(settings(5));
    // Sara locks the till and signs in again: a new person at the screen, the visit is over.
    await screen.lock();
    await screen.unlock({ cashier_id: sara.id, pin: SARA });
    expect(await refusal(screen.saveTillSettings(settings(6)))).toMatchObject({ code: 'not_allowed', reason: { code: 'approval.needed' } });
    // Opened again, then back to selling: over too.
    await openBranch(MONA);
    await screen.search({ query: 'a', limit: 1 });
    expect(await refusal(screen.saveTillSettings(settings(6)))).toMatchObject({ code: 'not_allowed', reason: { code: 'approval.needed' } });
  });
});
