/**
 * Errors the till API throws for a person to read. `code` lets the UI pick a
 * translated message; `message` is English and says what to do.
 */
export type TillErrorCode =
  | 'invalid_input'
  | 'not_found'
  | 'empty_cart'
  | 'cannot_price'
  | 'payment_mismatch'
  | 'cart_not_empty'
  | 'not_refundable'
  | 'no_catalog'
  /** A market but no branch: every order must carry the branch it was sold in. */
  | 'no_branch'
  | 'not_signed_in'
  | 'session_expired'
  | 'service_unreachable'
  | 'service_error'
  /** The service no longer accepts the API version the till speaks (426/410). */
  | 'service_version'
  | 'busy'
  | 'printer_error'
  // Cashiers and shifts (issue 11).
  | 'wrong_pin'
  | 'pin_throttled'
  | 'locked'
  | 'no_shift'
  | 'shift_open'
  | 'over_refund'
  /** The authorization hook refused a privileged action (refund, discount over the limit, sign-in, …). */
  | 'not_allowed'
  /** PAY_LATER with no customer and no name of who owes it. */
  | 'needs_customer'
  /** A payment key the catalog's payment methods do not have. */
  | 'unknown_method'
  /** A standard (B2B) tax invoice cannot be issued or cleared now (ZATCA offline, unit not onboarded for it): sell with a simplified one. */
  | 'zatca_clearance'
  /** This screen lost its connection to the hub (the till host): the call was not made, or its answer never came. */
  | 'hub_unreachable'
  /** A change to a tab made on an older version than the tab's: refused, naming what changed since (issue 21). */
  | 'stale_tab'
  /** A customer added at the counter has a phone the till already knows: that customer is offered instead (issue 35). */
  | 'customer_exists'
  /** A product or one of its options is marked sold out for today (issue 34): it cannot go into a cart or a tab's round. */
  | 'sold_out'
  /** A line breaks a rule of its product's option groups (issue 34): a required group unanswered, or more of a group than it allows. */
  | 'option_choice'
  /** A coupon or loyalty reward code that gives nothing now (refused, offline, already on this order): the sale goes on without it (issue 35). */
  | 'code_refused'
  /** The hub committed the change but the disk would not confirm it (a failed sync of the WAL, issue 37): the screen is told, never "done". */
  | 'not_durable';

/** Values for a reason's placeholders (numbers, names, addresses); never English to show. */
export type ReasonParams = Record<string, string | number>;

/**
 * What exactly went wrong, as a code the UI words in its own language
 * (`reason.<code>` in src-shared/i18n), with its values. The English
 * `message` stays for logs and the CLI; a cashier reads the reason.
 */
export interface ErrorReason {
  code: string;
  params?: ReasonParams;
}

/** One field of a call's input that was wrong: where, zod's issue code, and its bounds. */
export interface InputIssue {
  path: string;
  message: string;
  /** zod's issue code: too_small, too_big, invalid_type, invalid_format, custom, … */
  problem: string;
  params?: ReasonParams;
}

export class TillError extends Error {
  constructor(
    readonly code: TillErrorCode,
    message: string,
    readonly reason?: ErrorReason,
  ) {
    super(message);
    this.name = 'TillError';
  }
}

export class TillInputError extends TillError {
  readonly issues: InputIssue[];
  constructor(
    method: string,
    /** Per field path, what was wrong. */
    issues: { path: string; message: string; problem?: string; params?: ReasonParams }[],
  ) {
    super('invalid_input', `${method}: ${issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`);
    this.name = 'TillInputError';
    this.issues = issues.map((issue) => ({ ...issue, problem: issue.problem ?? 'custom' }));
  }
}
