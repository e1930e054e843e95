import { describeError, type ErrorText } from '../state/index.ts';
import { approvalOf } from './approval.ts';

/**
 * A manager's PIN asked for only once the host has refused an action for want
 * of one (a discount over the branch's limit, line by line or on the whole
 * order at checkout): the cashier sees the PIN field beside what was refused,
 * a manager types it, and the same action is sent again with the approval.
 */
export class ApprovalRequest {
  pin = $state('');
  asked = $state(false);

  /** What the call carries: the PIN once one was asked for and typed. */
  get input(): { approval?: { manager_pin: string } } {
    return this.asked ? approvalOf(this.pin) : {};
  }

  /** Explains a refusal as usual; a refusal for want of approval also opens the PIN field. */
  readonly explain = (error: unknown): ErrorText => {
    const text = describeError(error);
    if (text.key === 'error.not_allowed') this.asked = true;
    return text;
  };
}
