import { writeFileSync } from 'node:fs';

/**
 * The stages of a call on the hub whose time bench:stations reports (issue 37):
 * - receive: a frame parsed and its call filtered;
 * - queue: waiting behind the same screen's earlier calls;
 * - authorize: the station check and the authorization hook (its reads included);
 * - method: the till API method itself (its reads and SQLite writes);
 * - answer: the answer serialized and written to the socket;
 * - events: every event serialized and written to every screen that hears it.
 */
export type HubStage = 'receive' | 'queue' | 'authorize' | 'method' | 'answer' | 'events';

export interface StageTotals {
  /** Milliseconds spent in the stage since the hub started. */
  ms: number;
  /** Times the stage ran (an event counts once per screen it went to). */
  count: number;
}

/** Only when TILL_HUB_STAGES names a file: off, the timer costs one boolean test per stage. */
const FILE = process.env.TILL_HUB_STAGES ?? '';
const FLUSH_MS = 200;

/**
 * Where the hub's time goes, stage by stage, written as cumulative totals
 * (JSON, `{ stage: { ms, count } }`) to the file TILL_HUB_STAGES names every
 * FLUSH_MS and at exit, for a bench in another process to read and subtract.
 * Off by default, and always compiled in, so the hub profiled is the hub shipped.
 */
class HubStageTimer {
  readonly enabled = FILE !== '';
  private readonly totals = new Map<HubStage, StageTotals>();
  private flushing: ReturnType<typeof setInterval> | null = null;

  /** A start mark for `end`, or 0 when the timer is off. */
  start(): number {
    return this.enabled ? performance.now() : 0;
  }

  /** Adds the time since `started` (from `start`) to `stage`. */
  end(stage: HubStage, started: number): void {
    if (!this.enabled) return;
    this.add(stage, performance.now() - started);
  }

  add(stage: HubStage, ms: number): void {
    if (!this.enabled) return;
    const totals = this.totals.get(stage);
    if (totals) {
      totals.ms += ms;
      totals.count++;
    } else this.totals.set(stage, { ms, count: 1 });
    this.flushing ??= this.startFlushing();
  }

  snapshot(): Record<string, StageTotals> {
    return Object.fromEntries([...this.totals].map(([stage, totals]) => [stage, { ...totals }]));
  }

  private startFlushing(): ReturnType<typeof setInterval> {
    const flush = () => {
      try {
        writeFileSync(FILE, JSON.stringify(this.snapshot()));
      } catch {
        // A profile that cannot be written must never stop the hub.
      }
    };
    process.once('exit', flush);
    const timer = setInterval(flush, FLUSH_MS);
    timer.unref();
    return timer;
  }
}

export const hubStages = new HubStageTimer();
