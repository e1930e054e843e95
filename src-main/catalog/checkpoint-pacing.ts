/**
 * When a pull's writes wait for its WAL checkpoints (docs/decisions.md, the
 * checkpoints). The pull checkpoints every `everyRows` rows written or
 * deleted; on the checkpoint thread the checkpoint runs while the pull goes
 * on. A slice written while one runs keeps the WAL from starting over after
 * it, so the WAL grows until a checkpoint ends with nothing written during
 * it. The pacing lets slices go on beside every other checkpoint and waits
 * for the next, which starts only once that one has ended (a request while
 * one runs joins it, db/checkpoint.ts, and would leave the frames written
 * since in the WAL): the WAL holds two checkpoints' rows at most.
 */
export interface PullCheckpoint {
  /** Rows written or deleted between two checkpoints. */
  everyRows: number;
  run: () => Promise<void>;
}

export class CheckpointPacing {
  /** Rows written or deleted since the checkpoint last started. */
  private rows = 0;
  /** The checkpoint last started (each starts once the one before has ended), until a slice waits for it. */
  private last: Promise<void> | null = null;
  /** The checkpoint slices went on beside: a later one is waited for. */
  private besideOf: Promise<void> | null = null;
  /** Checkpoints started and ended, counted: the last has ended when they are equal. */
  private started = 0;
  private endedCount = 0;

  constructor(private readonly checkpoint: PullCheckpoint | undefined) {}

  /** Whether the checkpoint last started has ended (a flush of full slices queues rows instead of waiting for it). */
  get ended(): boolean {
    return this.endedCount === this.started;
  }

  /**
   * After a slice of `rows`: starts the checkpoint when its rows are due. A
   * deletion, whose slices go beside every other checkpoint, checkpoints
   * twice as often, so that its WAL holds about as many rows' pages at most
   * as between two waited checkpoints of the writes (about 100 MB at
   * 100,000 products).
   */
  afterSlice(rows: number, deleting: boolean): void {
    this.rows += rows;
    const everyRows = this.checkpoint?.everyRows ?? Infinity;
    this.start(deleting ? Math.max(1, Math.floor(everyRows / 2)) : everyRows);
  }

  /** The checkpoint now if anything was written since the last one, and waited for. */
  async now(): Promise<void> {
    this.start(1);
    await this.waited();
  }

  /** Before a slice: every checkpoint started has ended (nothing written meanwhile, so the WAL starts over at this slice). */
  async waited(): Promise<void> {
    const last = this.last;
    this.last = null;
    this.besideOf = null;
    await last;
  }

  /**
   * Before a slice that would otherwise wait for the checkpoint (a deletion,
   * which has nothing else to do meanwhile; a flush whose queue is full or
   * whose list has ended): it goes on beside every other checkpoint (on the
   * checkpoint thread, another core) and waits for the next. A pull again
   * waited 0.8 to 1.0 s for checkpoints where it could have been writing
   * (docs/performance.md, fourteenth pass).
   */
  async waitedOrBeside(): Promise<void> {
    if (this.last === null || this.ended || this.besideOf === this.last) return;
    if (this.besideOf === null) this.besideOf = this.last;
    else await this.waited();
  }

  private start(rows: number): void {
    const { checkpoint } = this;
    if (!checkpoint || this.rows < rows) return;
    this.rows = 0;
    const number = ++this.started;
    // After the one before, if it still runs: a request while one runs joins it (db/checkpoint.ts), and would leave the
    // frames written since in the WAL.
    const run = () => checkpoint.run();
    this.last = (this.last ? this.last.then(run) : run()).finally(() => {
      this.endedCount = Math.max(this.endedCount, number);
    });
  }
}
