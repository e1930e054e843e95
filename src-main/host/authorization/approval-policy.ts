import type { PrivilegedAction } from '../../../src-shared/api/index.ts';
import type { ClientContext } from './client-context.ts';

/** One privileged action waiting for a decision. */
export interface ApprovalRequest {
  privilege: PrivilegedAction;
  client: ClientContext;
  /** The till API method that asked, when one did (null for host-internal checks such as a drawer kick). */
  method: string | null;
  /** The method's input as the client sent it (already plain data); policies may read an approval PIN from it. */
  input: unknown;
  orderUuid: string | null;
  /** What exactly is asked, for people: "discount 35% over the 20% limit". */
  detail: string | null;
  /**
   * Only asking whether the action would need approval (the approval sheet
   * before an action is sent): the input carries no PIN, and a policy must
   * count, record and change nothing.
   */
  preview?: boolean;
}

/**
 * Why a refusal happened, for the screen asking: a manager's PIN would
 * approve it (`pin_needed`), the PIN given was not a manager's
 * (`wrong_pin`), too many wrong PINs (`pin_throttled`), or no PIN can help
 * from this screen (`screen`).
 */
export type RefusalCode = 'pin_needed' | 'wrong_pin' | 'pin_throttled' | 'screen';

/**
 * A policy's answer: approve (naming who or what approved; `final`: no later
 * policy is asked, for an approval that rests on who calls rather than on a
 * PIN), refuse (with a reason; another policy may still approve, unless
 * `final`), or abstain (null).
 */
export type PolicyDecision = { approve: true; by: string; final?: boolean } | { approve: false; reason: string; final?: boolean; code?: RefusalCode } | null;

/**
 * A pluggable rule of the authorization hook. The default one approves the
 * manager's screens; the shifts work adds a manager-PIN policy beside it.
 */
export interface ApprovalPolicy {
  readonly name: string;
  decide(request: ApprovalRequest): PolicyDecision | Promise<PolicyDecision>;
}
