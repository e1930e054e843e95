import type { PrivilegedAction } from '../../../src-shared/till/index.ts';
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
}

/**
 * A policy's answer: approve (naming who or what approved), refuse (with a
 * reason; another policy may still approve, unless `final`), or abstain (null).
 */
export type PolicyDecision = { approve: true; by: string } | { approve: false; reason: string; final?: boolean } | null;

/**
 * A pluggable rule of the authorization hook. The default one approves the
 * manager's screens; the shifts work adds a manager-PIN policy beside it.
 */
export interface ApprovalPolicy {
  readonly name: string;
  decide(request: ApprovalRequest): PolicyDecision | Promise<PolicyDecision>;
}
