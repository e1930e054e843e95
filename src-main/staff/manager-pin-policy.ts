import type { PrivilegedAction } from '../../src-shared/api/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import type { TillDatabase } from '../db/index.ts';
import type { CashierView } from '../../src-shared/shifts/index.ts';
import { hasActiveManager, hasCashiers } from './cashier-store.ts';
import { approveWithManagerPin } from './pin-checks.ts';
import { currentPinCaller, pinCallerOf } from './pin-caller.ts';

/** What the host's authorization hook asks a policy (host/authorization, ApprovalRequest); kept structural so staff never imports the host. */
export interface PinApprovalRequest {
  privilege: PrivilegedAction;
  method: string | null;
  input: unknown;
  /**
   * The connection asking, as the host saw it (host/authorization ClientContext):
   * its PIN guesses are throttled on their own too, and only the host's own
   * screens make the first manager.
   */
  client?: { kind: string; id: string; address: string | null };
  /** Only asking whether a PIN would be needed: nothing is checked or counted. */
  preview?: boolean;
}

export type PinDecision =
  { approve: true; by: string } | { approve: false; reason: string; final?: boolean; code?: 'pin_needed' | 'wrong_pin' | 'pin_throttled' | 'screen' } | null;

/** The till's own screens and the CLI; never a device paired with a code. */
const HOST_SCREENS: ReadonlySet<string> = new Set(['electron-window', 'manager-session', 'local']);

/** What money-costing actions a manager's PIN can approve; signing in to another service stays with the manager screen. */
const PIN_APPROVES: ReadonlySet<PrivilegedAction> = new Set<PrivilegedAction>([
  'refund',
  'close-shift',
  'discount-over-limit',
  'drawer-open',
  'void-printed-cart',
  'branch-settings',
  'manage-cashiers',
  'cash-out',
  'pay-later',
  'release-cashier',
  'void-sent-line',
  'sold-out',
]);

function pinOf(input: unknown): string | null {
  const approval = typeof input === 'object' && input !== null ? (input as { approval?: unknown }).approval : undefined;
  const pin = typeof approval === 'object' && approval !== null ? (approval as { manager_pin?: unknown }).manager_pin : undefined;
  return typeof pin === 'string' ? pin : null;
}

/**
 * The manager-PIN policy of the host's one authorization hook. On a till
 * with cashiers it decides, and its refusals are final (a manager screen
 * alone is not enough once people sign in with PINs):
 * - a manager signed in at the till approves as themself, on the host's
 *   own screens (the signed-in cashier is the host's, not the device's);
 * - otherwise the call must carry a manager's PIN (`approval.manager_pin`),
 *   checked with the same throttle as sign-in;
 * - the very first manager is added without approval, and only from the
 *   host's own screen: a paired device never makes itself a manager.
 * On a till without cashiers it abstains, leaving the default policy.
 * The hook writes every approval and refusal to its audit table.
 */
export function managerPinPolicy(db: TillDatabase, signedIn: () => CashierView | null, now: () => number) {
  return {
    name: 'manager-pin',
    async decide(request: PinApprovalRequest): Promise<PinDecision> {
      if (!PIN_APPROVES.has(request.privilege)) return null;
      const hostScreen = request.client !== undefined && HOST_SCREENS.has(request.client.kind);
      if (request.privilege === 'manage-cashiers' && !hasActiveManager(db)) {
        if (hostScreen) return { approve: true, by: 'first manager of this till' };
        return { approve: false, reason: 'the first manager is made on the till’s own screen or with pos cashiers add', final: true, code: 'screen' };
      }
      if (!hasCashiers(db)) return null;
      const cashier = signedIn();
      if (cashier?.role === 'manager' && hostScreen) return { approve: true, by: `manager ${cashier.name} (signed in)` };
      const pin = request.preview ? null : pinOf(request.input);
      const forWhom = cashier ? ` for cashier ${cashier.name}` : '';
      if (pin === null) return { approve: false, reason: `a manager's PIN is needed${forWhom}`, final: true, code: 'pin_needed' };
      try {
        const manager = await approveWithManagerPin(db, pin, now, request.client ? pinCallerOf(request.client) : currentPinCaller());
        return { approve: true, by: `manager ${manager.name} (PIN)${forWhom}` };
      } catch (error) {
        if (error instanceof TillError) {
          const code = error.code === 'pin_throttled' ? 'pin_throttled' : 'wrong_pin';
          return { approve: false, reason: `${error.message}${forWhom}`, final: true, code };
        }
        throw error;
      }
    },
  };
}
