/**
 * The one owner of "work a set-aside file until nothing waits"
 * (docs/standby.md, "An old hub's set-aside file"). An old hub that rejoins
 * as the new hub's standby keeps its old file as `FILE.before-rejoin-epoch-N`
 * (rejoin.ts): what it did alone after the new hub's last change from it is
 * in that file only. The machine that holds the file, and only it, sends
 * from there what still waits and the branch's database does not hold: the
 * ZATCA documents its unit signed (src-main/zatca) and the orders it sold
 * (src-main/sync). The roots hand the works in (this folder stands below
 * them); each runs the normal upload engine over the file, with this
 * machine's own credentials, until none of its items waits; then the file
 * is closed (and kept).
 */
import { openDatabase, setAsideFilesOf, type TillDatabase } from '../db/index.ts';
import type { SetAsideSummary } from './peer-messages.ts';

/** One kind of thing a set-aside file may still have to send: its items are the file's own, chosen when it opens. */
export interface SetAsideWork {
  /** Its name in the summary: 'zatca', 'orders'. */
  readonly key: string;
  /** Says what it sends, for the log: "ZATCA document(s)", "order(s)". */
  readonly what: string;
  /**
   * The worker for `setAside`'s own items still waiting (those the
   * branch's database `live` does not hold), not started; null when none
   * waits. Throws when it cannot send (no credentials): the log says why.
   */
  open(setAside: TillDatabase, live: TillDatabase): SetAsideWorker | null;
}

export interface SetAsideWorker {
  /** How many of its items were waiting when it opened. */
  readonly items: number;
  /** Resolves once none of its items waits (each sent, or refused for good). */
  readonly done: Promise<void>;
  /** How many still wait, and since when (the oldest's time), for the status. */
  waiting(): { waiting: number; oldest_at: number | null };
  start(): void;
  stop(): Promise<void>;
}

export interface SetAsideFilesOptions {
  /** The till's own database file: its set-aside files sit beside it. */
  dbFile: string;
  /** The branch's database (the till's connection): what it holds is its hub's to send, never a set-aside file's. */
  live: TillDatabase;
  works: readonly SetAsideWork[];
  log: (line: string) => void;
}

interface OpenFile {
  file: string;
  db: TillDatabase;
  workers: { key: string; what: string; worker: SetAsideWorker }[];
}

/** In the background of a serving till, whatever its role: each set-aside file with something of its own left, worked until none is left. */
export class SetAsideFiles {
  private readonly open: OpenFile[] = [];

  constructor(private readonly options: SetAsideFilesOptions) {}

  start(): void {
    for (const file of setAsideFilesOf(this.options.dbFile)) {
      if (this.open.some((o) => o.file === file)) continue;
      let db: TillDatabase;
      try {
        db = openDatabase(file);
      } catch (error) {
        this.options.log(`The set-aside file ${file} could not be opened (${(error as Error).message}): nothing is sent from it.`);
        continue;
      }
      const entry: OpenFile = { file, db, workers: [] };
      for (const work of this.options.works) {
        try {
          const worker = work.open(db, this.options.live);
          if (worker) entry.workers.push({ key: work.key, what: work.what, worker });
        } catch (error) {
          this.options.log(`${file}: its ${work.what} wait and are not sent (${(error as Error).message}).`);
        }
      }
      if (entry.workers.length === 0) {
        db.close();
        continue;
      }
      this.open.push(entry);
      this.options.log(
        `${entry.workers.map((w) => `${w.worker.items} ${w.what}`).join(' and ')} only ${file} holds (set aside when this till rejoined) wait: this till sends them from there.`,
      );
      for (const { worker } of entry.workers) worker.start();
      void Promise.all(entry.workers.map((w) => w.worker.done)).then(async () => {
        if (!this.open.includes(entry)) return;
        await this.finish(entry);
        this.options.log(`Everything only ${file} held is sent (the file is kept: it also holds what this till did alone).`);
      });
    }
  }

  /** How many items of each work the set-aside files still have to send, and the oldest's time (a standby tells its hub: the Stations tab). */
  summary(): Record<string, { waiting: number; oldest_at: number | null }> {
    const total: Record<string, { waiting: number; oldest_at: number | null }> = {};
    for (const work of this.options.works) total[work.key] = { waiting: 0, oldest_at: null };
    for (const { workers } of this.open) {
      for (const { key, worker } of workers) {
        const { waiting, oldest_at } = worker.waiting();
        const sum = (total[key] ??= { waiting: 0, oldest_at: null });
        sum.waiting += waiting;
        if (waiting > 0 && oldest_at !== null && (sum.oldest_at === null || oldest_at < sum.oldest_at)) sum.oldest_at = oldest_at;
      }
    }
    return total;
  }

  /** What a standby tells its hub over the stream (peer-messages.ts `set_aside`): the ZATCA documents and the orders still waiting. */
  told(): SetAsideSummary {
    const summary = this.summary();
    return { waiting: summary.zatca?.waiting ?? 0, oldest_issued_at: summary.zatca?.oldest_at ?? null, orders_waiting: summary.orders?.waiting ?? 0 };
  }

  async stop(): Promise<void> {
    await Promise.all([...this.open].map((entry) => this.finish(entry)));
  }

  private async finish(entry: OpenFile): Promise<void> {
    const at = this.open.indexOf(entry);
    if (at < 0) return;
    this.open.splice(at, 1);
    await Promise.all(entry.workers.map((w) => w.worker.stop()));
    entry.db.close();
  }
}
