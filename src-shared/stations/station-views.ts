/**
 * The branch's stations as the till API, the CLI and the screens see them
 * (issue 20): every screen of a branch is its own till with a name, a one-
 * or two-letter code (its order numbers: A-001, B-001, …), a kind, and the
 * printers of its receipt and its cash drawer.
 */

/** Counter today; the kitchen and customer displays come with the floor issue, so the registry keeps its shape. */
export const STATION_KINDS = ['counter', 'kitchen_display', 'customer_display'] as const;
export type StationKind = (typeof STATION_KINDS)[number];

/** One or two capital letters A–Z, as the till.code setting always was. */
export const STATION_CODE_PATTERN = /^[A-Z]{1,2}$/;

/** Longest station name kept: it fits the status bar and a receipt's line. */
export const STATION_NAME_MAX = 40;

export interface Station {
  id: number;
  code: string;
  name: string;
  kind: StationKind;
  /** A printer id of the catalog's printers; null: the till's usual receipt printer. */
  receipt_printer_id: string | null;
  /** The printer whose drawer port opens this station's cash drawer; null: the receipt printer's. */
  drawer_printer_id: string | null;
  /** A customer display's counter: the code of the counter whose cart it shows (null: none yet, it stays idle; always null on other kinds). */
  shows_cart_of: string | null;
  created_at: number;
  /** When the manager removed it; a removed station keeps its row, its orders and shifts name it. */
  revoked_at: number | null;
}

/**
 * A one-time pairing code made on the manager's screen for the device that
 * will be `station`: the tablet opens `address` (the hub as devices reach
 * it) and types `code` before `expires_at` (epoch ms); the Stations tab
 * shows both as a QR code and as text.
 */
/**
 * Whether this till can make a pairing code now, asked before the button
 * is offered: where it cannot, the Stations tab disables "Pairing code"
 * with the reason (the TillError reason code pairingCode would be refused
 * with) rather than refusing after the tap.
 */
export interface PairingStateView {
  can_pair: boolean;
  /** Why not: the host pairs no tablets (`pos serve` on the network does), or the till has no manager yet. */
  why_not: 'station.pairingOff' | 'station.noManagerYet' | null;
}

export interface PairingCodeView {
  code: string;
  station: string;
  expires_at: number;
  address: string;
}
