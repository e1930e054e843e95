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
  /** The checkpoint under way, until a slice waits for it or goes on beside it. */
  private running: Promise<void> | null = null;
  /** A checkpoint slices are written beside; the next one starts after it. */
  private beside: Promise<void> | null = null;
  /** Whether the checkpoint under way started after one slices were written beside: that one is waited for. */
  private afterBeside = false;
  private lastEnded = true;

  constructor(private readonly checkpoint: PullCheckpoint | undefined) {}

  /** Whether the checkpoint last started has ended (a flush of full slices queues rows instead of waiting for it). */
  get ended(): boolean {
    return this.lastEnded;
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

  /** Before a slice: every checkpoint under way has ended (nothing written meanwhile, so the WAL starts over at this slice). */
  async waited(): Promise<void> {
    const { running, beside } = this;
    this.running = null;
    this.beside = null;
    this.afterBeside = false;
    await beside;
    await running;
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
    if (this.running === null) return;
    if (!this.afterBeside && !this.lastEnded) {
      this.beside = this.running;
      this.running = null;
      return;
    }
    await this.waited();
  }

  private start(rows: number): void {
    const { checkpoint } = this;
    if (!checkpoint || this.rows < rows) return;
    this.rows = 0;
    this.lastEnded = false;
    const beside = this.beside;
    this.beside = null;
    this.afterBeside = beside !== null;
    this.running = (beside ? beside.then(() => checkpoint.run()) : checkpoint.run()).finally(() => {
      this.lastEnded = true;
    });
  }
}
