/**
 * The hub and standby pair as the Stations tab shows it (issue 36,
 * docs/standby.md), from the till API's `standbyStatus` (a manager's,
 * 'branch-settings' like the rest of the tab).
 */
export interface StandbyStatusView {
  /** This till's place in the pair; null where it takes no part (the desktop window: only `pos serve` pairs a standby). */
  role: 'hub' | 'standby' | 'fenced' | null;
  epoch: number;
  /** The branch's hub: this till as the hub, else the hub it follows (or the one that replaced it). */
  hub: string | null;
  /** The hub's standby (as the hub) or this till (as the standby); null when none is known. */
  standby: string | null;
  /** As the hub: whether its standby is connected, and how far behind it is (null when none is). */
  connected: boolean;
  lag_changes: number | null;
  lag_ms: number | null;
  /**
   * As the hub: the ZATCA documents its connected standby signed when it was
   * the hub and still reports from its set-aside file (docs/zatca.md, "An old
   * hub's set-aside file"); null when it said nothing (none connected, or an older build).
   */
  standby_zatca_waiting: number | null;
  /**
   * As the hub: the orders its connected standby sold alone when it was the
   * hub and still uploads from its set-aside file (docs/standby.md); null
   * when it said nothing (none connected, or an older build).
   */
  standby_orders_waiting: number | null;
}

/** A standby code the hub made (`standbyCode`): typed on the standby machine with --standby-of `hub`, once, until `expires_at`. */
export interface StandbyCodeView {
  code: string;
  expires_at: number;
  hub: string | null;
}
