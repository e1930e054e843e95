import type { PrivilegedAction } from '../../src-shared/till/index.ts';
import { TillError } from '../../src-shared/till/index.ts';
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
  /** The connection asking, as the host saw it: its PIN guesses are throttled on their own too. */
  client?: { id: string; address: string | null };
}

export type PinDecision = { approve: true; by: string } | { approve: false; reason: string; final?: boolean } | null;

/** What money-costing actions a manager's PIN can approve; signing in to another service stays with the manager screen. */
const PIN_APPROVES: ReadonlySet<PrivilegedAction> = new Set<PrivilegedAction>([
  'refund',
  'discount-over-limit',
  'drawer-open',
  'void-printed-cart',
  'branch-settings',
  'manage-cashiers',
  'cash-out',
  'pay-later',
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
 * - a manager signed in at the till approves as themself;
 * - otherwise the call must carry a manager's PIN (`approval.manager_pin`),
 *   checked with the same throttle as sign-in;
 * - the very first manager is added without approval.
 * On a till without cashiers it abstains, leaving the default policy.
 * The hook writes every approval and refusal to its audit table.
 */
export function managerPinPolicy(db: TillDatabase, signedIn: () => CashierView | null, now: () => number) {
  return {
    name: 'manager-pin',
    async decide(request: PinApprovalRequest): Promise<PinDecision> {
      if (!PIN_APPROVES.has(request.privilege)) return null;
      if (request.privilege === 'manage-cashiers' && !hasActiveManager(db)) return { approve: true, by: 'first manager of this till' };
      if (!hasCashiers(db)) return null;
      const cashier = signedIn();
      if (cashier?.role === 'manager') return { approve: true, by: `manager ${cashier.name} (signed in)` };
      const pin = pinOf(request.input);
      const forWhom = cashier ? ` for cashier ${cashier.name}` : '';
      if (pin === null) return { approve: false, reason: `a manager's PIN is needed${forWhom}`, final: true };
      try {
        const manager = await approveWithManagerPin(db, pin, now, request.client ? pinCallerOf(request.client) : currentPinCaller());
        return { approve: true, by: `manager ${manager.name} (PIN)${forWhom}` };
      } catch (error) {
        if (error instanceof TillError) return { approve: false, reason: `${error.message}${forWhom}`, final: true };
        throw error;
      }
    },
  };
}
