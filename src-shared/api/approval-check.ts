/** A privilege a till API method may need (METHOD_PRIVILEGES says which method needs which). */
export type PrivilegedAction =
  | 'refund'
  | 'discount-over-limit'
  | 'sign-in'
  | 'sign-out'
  | 'branch-settings'
  | 'drawer-open'
  | 'void-printed-cart'
  | 'manage-cashiers'
  | 'cash-out'
  | 'pay-later'
  | 'close-shift'
  | 'release-cashier'
  /** Removing a tab's line the kitchen already has (issue 21). */
  | 'void-sent-line'
  /** Marking a product or an option sold out, or back (issue 34 item 6). */
  | 'sold-out';

/**
 * What the host says before a privileged action is sent (the approval
 * sheet asks first): whether this screen, with whoever is signed in, needs
 * a manager's PIN for that one call, and the branch's limits for wording.
 * - `none`: the call goes through as it is (within the limits, a manager
 *   signed in at the till's own screen, or a Branch screen already approved);
 * - `pin`: a manager's PIN sent with the call approves it;
 * - `refused`: no PIN approves it from this screen (a paired device asking
 *   for the Branch screen): the call would be refused.
 */
export interface ApprovalCheckView {
  need: 'none' | 'pin' | 'refused';
  /** The privilege asked for; null when the call needs none. */
  action: PrivilegedAction | null;
  limits: {
    /** The discount a cashier gives without approval, in hundredths of a percent (1000 = 10%). */
    discount_percent: number;
    /** The largest cash out without approval, in halalas. */
    cash_out: number;
  };
}
