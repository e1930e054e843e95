import type { ApprovalPolicy } from './approval-policy.ts';

/**
 * The kitchen knows first what ran out (issue 34 item 6): a call from a
 * kitchen display station may mark a product or an option sold out, or back,
 * with no cashier and no PIN. Nothing else is approved here; a counter still
 * needs a manager (signed in, or a manager's PIN from a paired device).
 * `isKitchenDisplay` answers for the calling connection's station; the host
 * adds this policy before the manager-PIN one.
 */
export function kitchenDisplaySoldOutPolicy(isKitchenDisplay: () => boolean): ApprovalPolicy {
  return {
    name: 'kitchen-display-sold-out',
    decide(request) {
      if (request.privilege !== 'sold-out' || !isKitchenDisplay()) return null;
      // Final: a display has no cashier, so the manager-PIN policy after this one would refuse it.
      return { approve: true, by: 'kitchen display', final: true };
    },
  };
}
