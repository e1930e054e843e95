import { z } from 'zod';
import type { HubChoiceView, HubReply } from '../../src-shared/stations/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import { ELECTRON_WINDOW, type TillHost } from '../host/index.ts';
import { runAtStation } from '../stations/index.ts';
import { PAIR_CODE_PATTERN, parseLanHubAddress, readHubChoice, writeHubChoice, type HubChoice } from './hub-choice.ts';

// The main side of the "Use another till as hub" screen (issue 20): every
// message from the renderer is checked here before anything is written.
// Free of `electron`, so plain Node tests it; main.ts only carries the
// messages over the window's port and relaunches the app when told.

const id = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const request = z.discriminatedUnion('kind', [
  z.strictObject({ id, kind: z.literal('read') }),
  z.strictObject({ id, kind: z.literal('use-hub'), hub: z.string().max(200), code: z.string().max(20) }),
  z.strictObject({ id, kind: z.literal('be-hub') }),
  z.strictObject({ id, kind: z.literal('be-standby'), hub: z.string().max(200), code: z.string().max(20) }),
]);

const view = (choice: HubChoice): HubChoiceView => (choice.mode === 'hub' ? { mode: 'hub' } : { mode: choice.mode, hub: choice.hub });

/**
 * Answers one message of the screen's port with the config file `file`
 * (till-app.json): `read` tells the choice; `use-hub` keeps a LAN hub and
 * its six-digit pairing code and asks for a restart as its station;
 * `be-standby` keeps a LAN hub and its six-digit standby code and asks for
 * a restart as its standby (a database file of its own); `be-hub` makes this till the hub again (a restart). Anything else, or a
 * wrong address or code, changes nothing and says why.
 */
export interface HubRequestChecks {
  /**
   * Asked before this till stops being the hub: a refusal's reason code
   * (orders still waiting for upload here, no manager's approval), or null.
   */
  mayLeaveHub?: () => Promise<{ code: string; params?: Record<string, string> } | null>;
}

export async function answerHubRequest(file: string, message: unknown, checks: HubRequestChecks = {}): Promise<HubReply> {
  const parsed = request.safeParse(message);
  if (!parsed.success) {
    const asked = typeof message === 'object' && message !== null ? (message as { id?: unknown }).id : undefined;
    return { id: id.safeParse(asked).success ? (asked as number) : null, ok: false, field: null, reason: { code: 'hubChoice.request' } };
  }
  const asked = parsed.data;
  if (asked.kind === 'read') return { id: asked.id, ok: true, choice: view(readHubChoice(file)), relaunching: false };
  if (asked.kind === 'be-hub') {
    // Already the hub: kept as it is (a standby that took over stays the hub on its own file).
    if (readHubChoice(file).mode === 'hub') return { id: asked.id, ok: true, choice: { mode: 'hub' }, relaunching: false };
    writeHubChoice(file, { mode: 'hub' });
    return { id: asked.id, ok: true, choice: { mode: 'hub' }, relaunching: true };
  }
  const address = parseLanHubAddress(asked.hub);
  if (!address.ok) return { id: asked.id, ok: false, field: 'hub', reason: { code: `hubChoice.address.${address.problem}` } };
  const code = asked.code.replace(/\s+/g, '');
  const standby = asked.kind === 'be-standby';
  if (!PAIR_CODE_PATTERN.test(code)) return { id: asked.id, ok: false, field: 'code', reason: { code: standby ? 'hubChoice.standbyCode' : 'hubChoice.code' } };
  // Leaving the hub strands nothing: a standby sells through no database of this till's either (its copy is another file).
  const refused = readHubChoice(file).mode === 'hub' ? await checks.mayLeaveHub?.() : null;
  if (refused) return { id: asked.id, ok: false, field: null, reason: refused };
  writeHubChoice(file, standby ? { mode: 'standby', hub: address.hub, code } : { mode: 'station', hub: address.hub, pairCode: code });
  return { id: asked.id, ok: true, choice: { mode: standby ? 'standby' : 'station', hub: address.hub }, relaunching: true };
}

/**
 * Main's check before this till stops being the hub: no order waiting here
 * for upload (a station never uploads this computer's outbox), and what the
 * Branch screen needs at the window's station (the first counter): the
 * manager screen with no cashiers yet, or a manager signed in there. Audited
 * like any privileged action.
 */
export function leavingHubChecks(till: Pick<TillHost, 'syncStatus' | 'branchStations' | 'authorizer'>): NonNullable<HubRequestChecks['mayLeaveHub']> {
  return async () => {
    const pending = (await till.syncStatus()).pending;
    if (pending > 0) return { code: 'hubChoice.pending', params: { count: String(pending) } };
    try {
      await runAtStation(till.branchStations.hostWindowStation(), () =>
        till.authorizer.requireApproval('branch-settings', { client: ELECTRON_WINDOW, method: 'useHub' }),
      );
      return null;
    } catch (error) {
      return { code: error instanceof TillError && error.reason ? error.reason.code : 'approval.needed' };
    }
  };
}
