import type { SoldOutView, SyncStatus } from '../selling/index.ts';
import type { BranchPrinterState } from '../branch/index.ts';
import type { ZatcaOnboardingProgress, ZatcaStatusView } from '../zatca/index.ts';
import type { CustomerDisplayView } from '../stations/index.ts';

/** Pull progress as the UI shows it: which list, which page of how many. */
export type PullProgressView =
  | { phase: 'me' }
  | { phase: 'list'; resource: string; page: number; lastPage: number; received: number; total: number }
  | { phase: 'restart'; resource: string; reason: string }
  | { phase: 'publish' }
  | { phase: 'done'; products: number; at: number; skipped?: string[]; quarantined?: number }
  | { phase: 'failed'; message: string };

export type PrinterHealth = 'ok' | 'retrying' | 'failed' | 'unbound';

/**
 * A printer as the status bar shows it: `state` is worked out by the host
 * with the same function and facts as the Branch screen's printer card
 * (src-main/branch/branch-printers.ts), so the two always agree; `health`
 * is that state in the bar's three colours.
 */
export interface PrinterStateView {
  id: string;
  name: string;
  address: string | null;
  state: BranchPrinterState;
  health: PrinterHealth;
  pending_jobs: number;
  last_error: string | null;
}

/** Pushed from the host to the UI; never polled. */
export type TillEvent =
  | { type: 'sync'; status: SyncStatus }
  | { type: 'pull'; progress: PullProgressView }
  | { type: 'printers'; printers: PrinterStateView[] }
  | { type: 'catalog-changed' }
  | { type: 'zatca'; status: ZatcaStatusView }
  | { type: 'zatca-onboarding'; progress: ZatcaOnboardingProgress }
  /** A tab changed (issue 21): a floor view or another screen on it reads it again. */
  | { type: 'tab'; tab_id: string; version: number; table_id: string | null }
  /** A kitchen display's tickets changed (issue 21): pushed to that display's screens only, after the commit; it reads kitchenBoard() again. */
  | { type: 'kitchen'; station_id: number }
  /** What a customer display shows now (issue 21, part 5): heard only by that display's screens (view.station.code). */
  | { type: 'customer-display'; view: CustomerDisplayView }
  /** What is sold out changed (issue 34 item 6): every screen, kitchen displays too, hears it after the commit; counters read their products again. */
  | { type: 'sold-out'; items: SoldOutView[] };

/**
 * What crosses a MessagePort (Electron) or a WebSocket (browser): Comlink's
 * own messages, and the host's events beside them on the same channel.
 */
export type TransportEnvelope = { kind: 'rpc'; message: unknown } | { kind: 'event'; event: TillEvent };
