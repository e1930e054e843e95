/**
 * Keeps every screen's status bar current: the ZATCA status is computed on
 * the host's clock and pushed when it changes, at the moment a threshold or
 * a shown figure falls due, and at least once a minute (reporting moves
 * documents on its own schedule), or at once when asked (a sale, onboarding).
 */
import type { ZatcaStatusView } from '../../src-shared/zatca/index.ts';
import type { Clock } from '../clock/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { clearanceCounts } from './clearance-queries.ts';
import { allUnits, chainSummary, readEgs } from './zatca-store.ts';
import { nextStatusChange, zatcaStatusAt } from './zatca-status.ts';

const LOOK_AGAIN_MS = 60_000;

export function readZatcaStatus(db: TillDatabase, now: number): ZatcaStatusView {
  const egs = readEgs(db);
  // The branch's units are counted only when this till is none (a hub that took over before it was onboarded).
  return zatcaStatusAt(egs, { ...chainSummary(db), uncleared: clearanceCounts(db).clearing, units: egs ? 1 : allUnits(db).length }, now);
}

export class ZatcaStatusFeed {
  private cancel: (() => void) | null = null;
  private last = '';

  constructor(
    private readonly db: TillDatabase,
    private readonly clock: Clock,
    private readonly push: (status: ZatcaStatusView) => void,
  ) {}

  /** The status now (for the status bar's first read). */
  current(): ZatcaStatusView {
    return readZatcaStatus(this.db, this.clock.now());
  }

  start(): void {
    if (!this.cancel) this.look();
  }

  stop(): void {
    this.cancel?.();
    this.cancel = null;
  }

  /** Something changed the chain (a sale, onboarding, a report): look now, if running. */
  notify(): void {
    if (this.cancel) this.look();
  }

  private look(): void {
    this.cancel?.();
    let status: ZatcaStatusView;
    try {
      status = this.current();
    } catch {
      // A database closing under a stopping host: nothing to show, nothing to schedule.
      this.cancel = null;
      return;
    }
    // Pushed only when what a screen shows changed (the time it was computed aside).
    const shown = JSON.stringify({ ...status, at: 0 });
    if (shown !== this.last) {
      this.last = shown;
      this.push(status);
    }
    const next = nextStatusChange(status);
    const wait = Math.min(LOOK_AGAIN_MS, next === null ? LOOK_AGAIN_MS : next - status.at);
    this.cancel = this.clock.after(wait, () => this.look());
  }
}
