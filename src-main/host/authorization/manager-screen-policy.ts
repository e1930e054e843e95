import type { ApprovalPolicy } from './approval-policy.ts';

/**
 * Today's default: the manager's screens may do what costs money. Those are
 * the Electron window and a browser that opened the per-launch secret URL;
 * a device paired with a code is a cashier screen and is refused (until a
 * manager approves it another way, e.g. a PIN policy).
 */
export const managerScreenPolicy: ApprovalPolicy = {
  name: 'manager-screen',
  decide(request) {
    const { kind } = request.client;
    if (kind === 'electron-window' || kind === 'manager-session' || kind === 'local') return { approve: true, by: `manager screen (${kind})` };
    return { approve: false, reason: 'only a manager screen may do this; ask a manager', code: 'screen' };
  },
};
