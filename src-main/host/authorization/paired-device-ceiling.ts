import type { PrivilegedAction } from '../../../src-shared/api/index.ts';
import type { ApprovalPolicy } from './approval-policy.ts';

/**
 * What a manager may approve on a paired device's behalf: a manager standing
 * at the tablet types their PIN for money the cashier is handling. Anything
 * else (cashiers and their roles, the Branch screen, which service the till
 * works for, and any privilege added later) is for the till's own screen.
 */
const PAIRED_DEVICE_MAY_ASK: ReadonlySet<PrivilegedAction> = new Set<PrivilegedAction>([
  'refund',
  'close-shift',
  'discount-over-limit',
  'drawer-open',
  'void-printed-cart',
  'cash-out',
  'pay-later',
  // A cashier refused at this tablet because a dead screen keeps her signed in elsewhere: the manager standing here signs her out there.
  'release-cashier',
  'void-sent-line',
  // A manager at a paired counter marks what ran out (issue 34 item 6).
  'sold-out',
]);

/**
 * The first rule of the hook, before any policy that could approve: a device
 * paired with a code is a cashier's screen and never more, whatever the
 * till's state (no manager yet, a manager signed in elsewhere, a manager's
 * PIN in the call). Its refusal is final, so no later policy overrides it.
 */
export const pairedDeviceCeiling: ApprovalPolicy = {
  name: 'paired-device-ceiling',
  decide(request) {
    if (request.client.kind !== 'paired-device' || PAIRED_DEVICE_MAY_ASK.has(request.privilege)) return null;
    return {
      approve: false,
      final: true,
      code: 'screen',
      reason:
        'a paired device is a cashier screen: this is done only on the till’s own screen (the manager’s window or its /k/ address) or with the pos command',
    };
  },
};
