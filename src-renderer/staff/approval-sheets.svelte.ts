import type { ApprovalCheckView, TillApi } from '../../src-shared/api/index.ts';
import type { MessageKey, MessageParams } from '../../src-shared/i18n/index.ts';
import { describeError, type ErrorText, type TillState } from '../state/index.ts';

/** What a privileged call carries once a manager typed their PIN in the sheet. */
export type ApprovalInput = { approval?: { manager_pin: string } };

/** Plain words of what is being approved ("Approve a refund of 12.50 SAR to Card for order A-014."). */
export interface ApprovalWords {
  key: MessageKey;
  params?: MessageParams;
}

/** One privileged action, described before it is sent. */
export interface ApprovalAsk<T> {
  /** The till API method, and its input as it will be sent (without any PIN): the host says ahead whether it needs approval. */
  method: keyof TillApi;
  input: unknown;
  /** What is being approved, worded once the host said what it needs (the checkout's discount or its pay later). */
  words: ApprovalWords | ((check: ApprovalCheckView) => ApprovalWords);
  /** Sends the action, with the approval when a manager gave one. */
  send: (api: TillApi, approval: ApprovalInput) => Promise<T>;
  /** The sheet shows even when no PIN is needed, as the confirmation (closing the shift, voiding an order). */
  confirm?: boolean;
  /** The sheet's title ("Close the shift?"); "A manager approves" (or "Confirm") otherwise. */
  title?: MessageKey;
  /** The primary button's words when it is a confirmation; "Approve" otherwise. */
  confirmLabel?: MessageKey;
  danger?: boolean;
}

/** The sheet on screen: the action, what the host needs, and where its answer goes. */
export interface OpenSheet {
  ask: ApprovalAsk<unknown>;
  need: ApprovalCheckView['need'];
  words: ApprovalWords;
  /** Set when the host refused the action as it was first sent (it asked for no PIN ahead). */
  error: ErrorText | null;
  finish: (result: unknown) => void;
}

/** The reason codes of a refusal for want of approval (host/authorization), as the sheet words them. */
const REFUSALS: Record<string, MessageKey> = {
  'approval.needed': 'approval.needed',
  'approval.wrong_pin': 'approval.wrongPin',
  'approval.pin_throttled': 'approval.throttled',
  'approval.screen': 'approval.screen',
};

/** The sheet's words for a refusal for want of approval (a wrong PIN, wait, not here), or null for any other error. */
export function refusalOf(error: unknown): MessageKey | null {
  if (typeof error !== 'object' || error === null || (error as { code?: unknown }).code !== 'not_allowed') return null;
  const reason = (error as { reason?: { code?: unknown } }).reason;
  return REFUSALS[String(reason?.code)] ?? 'approval.needed';
}

/** An error inside the sheet: a refusal in the sheet's words, anything else as the till words it. */
export function sheetError(error: unknown): ErrorText {
  const refusal = refusalOf(error);
  return refusal ? { key: refusal } : describeError(error);
}

/**
 * The one manager-approval pattern (issue 23, part 2). Before a privileged
 * action is sent the host is asked whether it needs a manager's approval
 * from this screen; if so the sheet (ManagerApprovalSheet) says what is
 * being approved, takes the PIN and sends the action with it, showing a
 * wrong PIN or a wait inside itself. The host decides and audits every
 * call as before; this only asks first.
 */
class ApprovalSheets {
  open = $state.raw<OpenSheet | null>(null);
  /** The branch's limits as the host last told them (the discount fields show the discount's). */
  limits = $state.raw<ApprovalCheckView['limits'] | null>(null);

  /** Resolves with the action's answer, or undefined when it was cancelled or failed (said in the sheet or as a notice). */
  async request<T>(till: Pick<TillState, 'api' | 'notify'>, ask: ApprovalAsk<T>): Promise<T | undefined> {
    let check: ApprovalCheckView = { need: 'pin', action: null, limits: this.limits ?? { discount_percent: 0, cash_out: 0 } };
    try {
      check = await till.api.approvalCheck({ method: ask.method, input: ask.input });
      this.limits = check.limits;
    } catch {
      // The host could not be asked: the sheet asks for a PIN, and the call itself says what is wrong.
    }
    const words = typeof ask.words === 'function' ? ask.words(check) : ask.words;
    // No PIN can approve it from this screen: the sheet says so, with only Cancel.
    let error: ErrorText | null = check.need === 'refused' ? { key: 'approval.screen' } : null;
    let need = check.need;
    if (need === 'none' && !ask.confirm) {
      try {
        return await ask.send(till.api, {});
      } catch (failure) {
        // Not asked ahead but refused for want of approval (the cart changed in between): the sheet asks now.
        if (refusalOf(failure) === null) {
          till.notify('error', describeError(failure));
          return undefined;
        }
        error = sheetError(failure);
        need = refusalOf(failure) === 'approval.screen' ? 'refused' : 'pin';
      }
    }
    return new Promise<T | undefined>((resolve) => {
      this.open = {
        ask: ask as ApprovalAsk<unknown>,
        need,
        words,
        error,
        finish: (result) => {
          this.open = null;
          resolve(result as T | undefined);
        },
      };
    });
  }

  /** The branch's limits, asked once (the discount fields say how far a cashier may go alone). */
  async loadLimits(till: Pick<TillState, 'api'>): Promise<void> {
    if (this.limits) return;
    try {
      this.limits = (await till.api.approvalCheck({ method: 'cart' })).limits;
    } catch {
      // Without the limit the fields just do not name it.
    }
  }
}

export const approvalSheets = new ApprovalSheets();
