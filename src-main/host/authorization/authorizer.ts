import { TillError, type CartView, type PrivilegedAction, type TillApi } from '../../../src-shared/till/index.ts';
import type { TillDatabase } from '../../db/index.ts';
import type { ApprovalPolicy, ApprovalRequest } from './approval-policy.ts';
import { recordAudit } from './audit-log.ts';
import { clientLabel, type ClientContext } from './client-context.ts';
import { discountLimitPercent } from './discount-limit.ts';
import { managerScreenPolicy } from './manager-screen-policy.ts';
import { pairedDeviceCeiling } from './paired-device-ceiling.ts';
import { privilegedCalls } from './privileged-call.ts';
import { ApprovedDiscounts } from './approved-discounts.ts';
import { cashOutLimit } from './cash-out-limit.ts';

export interface Approval {
  by: string;
}

export interface AuthorizerOptions {
  db: TillDatabase;
  now?: () => number;
  /** Start without the default manager-screen policy (tests, or a deployment that wants PINs only). */
  withoutDefaultPolicy?: boolean;
}

const ACTION_NAMES: Record<PrivilegedAction, string> = {
  refund: 'a refund',
  'discount-over-limit': 'a discount over the limit',
  'sign-in': 'signing in to a service',
  'sign-out': 'signing out of the service',
  'branch-settings': 'changing branch settings',
  'drawer-open': 'opening the drawer without a sale',
  'void-printed-cart': 'voiding an order already sent to the kitchen',
  'manage-cashiers': 'adding or changing cashiers',
  'cash-out': 'a cash out over the limit',
  'pay-later': 'leaving an order to pay later',
};

/**
 * The one authorization hook on the host. Before a privileged action runs,
 * `requireApproval` asks every policy in order: any approval lets it run,
 * a `final` refusal stops it, no approval refuses it. Either way the
 * decision is written to the audit table before anything else happens.
 */
export class Authorizer {
  private readonly policies: ApprovalPolicy[] = [];
  private readonly now: () => number;
  /** The discounts a manager approved on the cart each station is ringing up: an approval on one screen is not one on another. */
  private readonly approvedByStation = new Map<string, ApprovedDiscounts>();

  private approvedAt(station: string): ApprovedDiscounts {
    let approved = this.approvedByStation.get(station);
    if (!approved) this.approvedByStation.set(station, (approved = new ApprovedDiscounts()));
    return approved;
  }

  constructor(private readonly options: AuthorizerOptions) {
    this.now = options.now ?? Date.now;
    if (!options.withoutDefaultPolicy) this.policies.push(managerScreenPolicy);
  }

  /** Adds a policy (consulted after those already added); returns a function that removes it. */
  use(policy: ApprovalPolicy): () => void {
    this.policies.push(policy);
    return () => {
      const index = this.policies.indexOf(policy);
      if (index >= 0) this.policies.splice(index, 1);
    };
  }

  /**
   * Resolves with who approved, or throws TillError `not_allowed` with a
   * message saying what was refused and why. A policy that throws counts as
   * a refusal (fail closed).
   */
  async requireApproval(
    privilege: PrivilegedAction,
    context: { client: ClientContext; method?: string | null; input?: unknown; orderUuid?: string | null; detail?: string | null },
  ): Promise<Approval> {
    const request: ApprovalRequest = {
      privilege,
      client: context.client,
      method: context.method ?? null,
      input: context.input,
      orderUuid: context.orderUuid ?? null,
      detail: context.detail ?? null,
    };
    const reasons: string[] = [];
    let approval: Approval | null = null;
    // The ceiling is always asked first and cannot be removed: no policy can lift a paired device above a cashier.
    for (const policy of [pairedDeviceCeiling, ...this.policies]) {
      let decision;
      try {
        decision = await policy.decide(request);
      } catch (error) {
        decision = { approve: false as const, reason: `${policy.name} failed: ${(error as Error).message}`, final: true };
      }
      if (!decision) continue;
      if (decision.approve) {
        approval ??= { by: decision.by };
        continue;
      }
      reasons.push(decision.reason);
      if (decision.final) {
        approval = null;
        break;
      }
    }
    const audit = {
      at: this.now(),
      who: clientLabel(request.client),
      action: privilege,
      method: request.method,
      orderUuid: request.orderUuid,
      detail: request.detail,
    };
    const vetoed = reasons.length > 0 && approval === null;
    if (approval && !vetoed) {
      recordAudit(this.options.db, { ...audit, outcome: 'approved', approvedBy: approval.by });
      return approval;
    }
    const why = reasons.length ? reasons.join('; ') : 'no approval policy is configured';
    recordAudit(this.options.db, { ...audit, outcome: 'refused', detail: [request.detail, why].filter(Boolean).join(': ') });
    throw new TillError(
      'not_allowed',
      `Not allowed: ${ACTION_NAMES[privilege]}${request.detail ? ` (${request.detail})` : ''} needs a manager's approval — ${why}.`,
      { code: 'approval.needed', params: { action: privilege } },
    );
  }

  /**
   * The checks a transport makes before dispatching one till API call
   * (privilegedCalls: discounts beyond the limit and beyond what was
   * approved, cash out over `cash.out_limit`, emptying the cart, PAY_LATER,
   * payment keys): each approval needed is asked for and audited in turn;
   * a call no approval can let through is refused and audited. Others pass
   * unaudited. Resolves with the last approval, or null when none was needed.
   */
  async authorizeCall(
    api: Pick<TillApi, 'cart' | 'paymentMethods'>,
    method: string,
    args: unknown[],
    client: ClientContext,
    station = client.id,
  ): Promise<Approval | null> {
    const rules = { limitPercent: discountLimitPercent(this.options.db), cashOutLimit: cashOutLimit(this.options.db), approved: this.approvedAt(station) };
    const checks = await privilegedCalls(api, method, args, rules);
    let approval: Approval | null = null;
    for (const check of checks) {
      if ('refused' in check) {
        recordAudit(this.options.db, { at: this.now(), who: clientLabel(client), action: check.action, method, outcome: 'refused', detail: check.reason });
        throw new TillError(check.code, `Refused: ${check.reason}.`);
      }
      approval = await this.requireApproval(check.privilege, { client, method, input: args[0], orderUuid: check.orderUuid, detail: check.detail });
    }
    return approval;
  }

  /**
   * Told by the transport when a call failed: a failed sign-in with a PIN
   * (wrong, throttled, no such cashier) is written to the audit table with
   * the connection it came from. Refused approvals are audited where they
   * are decided.
   */
  afterFailure(method: string, input: unknown, error: unknown, client: ClientContext): void {
    if (method !== 'unlock') return;
    const cashierId = isRecord(input) && typeof input.cashier_id === 'string' ? input.cashier_id : '?';
    const why = error instanceof TillError ? `${error.code}: ${error.message}` : 'invalid input';
    recordAudit(this.options.db, {
      at: this.now(),
      who: clientLabel(client),
      action: 'sign-in-pin',
      method,
      outcome: 'refused',
      detail: `cashier ${cashierId}: ${why}`,
    });
  }

  afterCall(method: string, approval: Approval | null, result: unknown, input: unknown = undefined, station = 'local'): void {
    if (method === 'checkout' || method === 'voidCart' || (method === 'removeItem' && isCartView(result) && result.lines.length === 0)) {
      this.approvedByStation.delete(station);
      return;
    }
    if (!approval || !isCartView(result)) return;
    const approved = this.approvedAt(station);
    if (method === 'setOrderDiscount') approved.approveOrder(result);
    else if (method === 'updateItem' && isRecord(input) && typeof input.line_id === 'string') approved.approveLine(result, input.line_id);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isCartView(value: unknown): value is CartView {
  return typeof value === 'object' && value !== null && Array.isArray((value as CartView).lines) && typeof (value as CartView).subtotal === 'number';
}
