import { METHOD_PRIVILEGES, type ApprovalCheckView, type PrivilegedAction, type TillApi } from '../../../src-shared/api/index.ts';
import { type CartView } from '../../../src-shared/selling/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';
import type { TillDatabase } from '../../db/index.ts';
import { getSetting } from '../../settings/index.ts';
import type { ApprovalPolicy, ApprovalRequest, RefusalCode } from './approval-policy.ts';
import { recordAudit } from './audit-log.ts';
import { clientLabel, type ClientContext } from './client-context.ts';
import { discountLimitPercent } from './discount-limit.ts';
import { managerScreenPolicy } from './manager-screen-policy.ts';
import { pairedDeviceCeiling } from './paired-device-ceiling.ts';
import { privilegedCalls, type CallApi, type CallRules } from './privileged-call.ts';
import { ApprovedDiscounts } from './approved-discounts.ts';
import { cashOutLimit } from './cash-out-limit.ts';
import { BranchVisits } from './branch-visits.ts';

export interface Approval {
  by: string;
}

/**
 * Reads the shell and the Branch screen's tabs make while it is open, some
 * on the host's events (a catalog sync from any station reloads the catalog
 * and the cart; the hub coming back refreshes the status; the Tables tab
 * lists the floor's tables); any other call (leaveBranch as the screen
 * closes, selling, a tab, a shift, a sign-in or out) means the station left
 * it, and its visit ends.
 */
const KEEPS_BRANCH_VISIT: ReadonlySet<string> = new Set([
  'session',
  'syncStatus',
  'printers',
  'staffState',
  'approvalCheck',
  'categories',
  'paymentMethods',
  'cart',
  'thisStation',
  'zatcaStatus',
  'floor',
  'cashiers',
  // The cart's customer looked up again when the cart reloads, and the status bar's "sync now".
  'customers',
  'syncNow',
]);

/** The reason codes of a refusal (i18n `reason.*`), by why it was refused. */
const REASON_CODES: Record<RefusalCode, string> = {
  pin_needed: 'approval.needed',
  wrong_pin: 'approval.wrong_pin',
  pin_throttled: 'approval.pin_throttled',
  screen: 'approval.screen',
};

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
  // The privilege's id is kept for the audit table; a void asks only where approvals.void_unsent says so.
  'void-printed-cart': 'voiding an order',
  'manage-cashiers': 'adding or changing cashiers',
  'cash-out': 'a cash out over the limit',
  'pay-later': 'leaving an order to pay later',
  'close-shift': 'closing the shift',
  'release-cashier': 'signing a cashier out of another station',
  'void-sent-line': 'removing a line the kitchen already has',
  'sold-out': 'marking a product or an option sold out, or back',
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
  /** The stations where a manager's approval opened the Branch screen, for that visit. */
  private readonly branchVisits = new BranchVisits();

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
    const { approval, reasons, code } = await this.decide(request);
    const audit = {
      at: this.now(),
      who: clientLabel(request.client),
      action: privilege,
      method: request.method,
      orderUuid: request.orderUuid,
      detail: request.detail,
    };
    if (approval) {
      recordAudit(this.options.db, { ...audit, outcome: 'approved', approvedBy: approval.by });
      return approval;
    }
    const why = reasons.length ? reasons.join('; ') : 'no approval policy is configured';
    recordAudit(this.options.db, { ...audit, outcome: 'refused', detail: [request.detail, why].filter(Boolean).join(': ') });
    // The reason's code tells the approval sheet what to say: a PIN is needed, that PIN was wrong, wait, or not from this screen.
    throw new TillError(
      'not_allowed',
      `Not allowed: ${ACTION_NAMES[privilege]}${request.detail ? ` (${request.detail})` : ''} needs a manager's approval — ${why}.`,
      { code: REASON_CODES[code ?? 'pin_needed'], params: { action: privilege } },
    );
  }

  /** Every policy in order (the paired-device ceiling first): any approval lets it run, a `final` refusal stops it. */
  private async decide(request: ApprovalRequest): Promise<{ approval: Approval | null; reasons: string[]; code: RefusalCode | undefined }> {
    const reasons: string[] = [];
    let approval: Approval | null = null;
    let code: RefusalCode | undefined;
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
        // A later policy is the more specific one (a manager's PIN after the manager screen): the audit names it.
        approval = { by: decision.by };
        if (decision.final) break;
        continue;
      }
      reasons.push(decision.reason);
      if ('code' in decision && decision.code) code ??= decision.code;
      if (decision.final) {
        approval = null;
        code = 'code' in decision && decision.code ? decision.code : code;
        break;
      }
    }
    const vetoed = reasons.length > 0 && approval === null;
    return { approval: vetoed ? null : approval, reasons, code };
  }

  /**
   * Asked before a call is sent (the approval sheet): would it need a
   * manager's PIN from this screen, or be refused whatever PIN came with
   * it? The policies decide as for the call itself, on its input without
   * a PIN and in preview (nothing counted); nothing is audited, nothing runs.
   * Only asking about `branchSetup` (opening the Branch screen) ends the
   * station's earlier visit, so each visit is approved anew.
   */
  async check(api: CallApi, method: string, input: unknown, client: ClientContext, station: string): Promise<ApprovalCheckView> {
    const rules = this.rules(station);
    const limits = { discount_percent: Math.round(rules.limitPercent * 100), cash_out: rules.cashOutLimit };
    const privilege = METHOD_PRIVILEGES[method as keyof TillApi] ?? null;
    // Asking to open the Branch screen starts a new visit: an earlier approval does not carry over to it.
    if (method === 'branchSetup') this.branchVisits.end(station);
    else if (privilege === 'branch-settings' && this.branchVisits.of(station, client)) return { need: 'none', action: null, limits };
    const bare = isRecord(input) ? { ...input, approval: undefined } : input;
    let answer: ApprovalCheckView = { need: 'none', action: null, limits };
    for (const check of await privilegedCalls(api, method, [bare], rules)) {
      if ('refused' in check) continue; // refused whatever the approval; the call says why
      const request: ApprovalRequest = {
        privilege: check.privilege,
        client,
        method,
        input: bare,
        orderUuid: check.orderUuid,
        detail: check.detail,
        preview: true,
      };
      const { approval, code } = await this.decide(request);
      if (approval) continue;
      if (code !== 'pin_needed') return { need: 'refused', action: check.privilege, limits };
      answer = { need: 'pin', action: check.privilege, limits };
    }
    return answer;
  }

  /**
   * The rules a call is checked against, each read from the settings only
   * when a check asks for it: most calls (a tap, a search) are privileged in
   * nothing, and read none of them (issue 37: three settings read per call).
   */
  private rules(station: string): CallRules {
    const db = this.options.db;
    let limitPercent: number | undefined;
    let cashOut: number | undefined;
    let voidUnsent: boolean | undefined;
    let approved: ApprovedDiscounts | undefined;
    const approvedHere = () => this.approvedAt(station);
    return {
      get limitPercent() {
        return (limitPercent ??= discountLimitPercent(db));
      },
      get cashOutLimit() {
        return (cashOut ??= cashOutLimit(db));
      },
      get voidUnsent() {
        return (voidUnsent ??= getSetting(db, 'approvals.void_unsent'));
      },
      get approved() {
        return (approved ??= approvedHere());
      },
    };
  }

  /**
   * The checks a transport makes before dispatching one till API call
   * (privilegedCalls: discounts beyond the limit and beyond what was
   * approved, cash out over `cash.out_limit`, emptying the cart, PAY_LATER,
   * payment keys): each approval needed is asked for and audited in turn;
   * a call no approval can let through is refused and audited. Others pass
   * unaudited. Resolves with the last approval, or null when none was needed.
   */
  async authorizeCall(api: CallApi, method: string, args: unknown[], client: ClientContext, station: string): Promise<Approval | null> {
    const rules = this.rules(station);
    const privilege = METHOD_PRIVILEGES[method as keyof TillApi];
    // The screen closed (leaveBranch), or any call but the Branch screen's and the few reads beside it: the visit ended.
    if (privilege !== 'branch-settings' && !KEEPS_BRANCH_VISIT.has(method)) this.branchVisits.end(station);
    // branchSetup here is the open screen reading itself again; opening it anew is asked first (check), which ends the visit.
    const visit = privilege === 'branch-settings' ? this.branchVisits.of(station, client) : null;
    if (visit) {
      // Still audited per call: each save names the manager whose approval opened this visit.
      const by = `${visit.by} (opening the Branch screen)`;
      recordAudit(this.options.db, { at: this.now(), who: clientLabel(client), action: privilege!, method, outcome: 'approved', approvedBy: by });
      return { by };
    }
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

  afterCall(method: string, approval: Approval | null, result: unknown, input: unknown, station: string, client?: ClientContext): void {
    // A release approved and done: the audit names the station the cashier was signed out of, which only the sign-in found.
    if (method === 'unlock' && approval && isRecord(result) && typeof result.released_from === 'string') {
      const cashier = isRecord(result.cashier) && typeof result.cashier.name === 'string' ? `${result.cashier.name} (${String(result.cashier.id)})` : '?';
      recordAudit(this.options.db, {
        at: this.now(),
        who: client ? clientLabel(client) : station,
        action: 'release-cashier',
        method,
        outcome: 'done',
        approvedBy: approval.by,
        detail: `${cashier} signed out of station ${result.released_from} and in here`,
      });
      return;
    }
    // Opening the Branch screen with a manager's PIN approves that visit's Branch calls (its saves), until it ends.
    if (method === 'branchSetup' && approval && isRecord(input) && isRecord(input.approval)) {
      if (client) this.branchVisits.begin(station, client, approval.by);
      return;
    }
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
