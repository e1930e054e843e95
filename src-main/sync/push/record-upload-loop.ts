import type { TillDatabase } from '../../db/index.ts';
import { recordCounts } from '../../shifts/index.ts';
import type { ServiceClient } from '../../upstream/index.ts';
import { uploadRecords, type RecordUploadReport } from './record-uploader.ts';

/**
 * Runs `uploadRecords` when woken (a shift closed, the service came back)
 * and every `intervalMs` while records are pending. One run at a time.
 */
export class RecordUploadLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<RecordUploadReport | null> | null = null;
  private client: ServiceClient | null = null;
  private stopped = true;

  constructor(
    private readonly db: TillDatabase,
    private readonly intervalMs = 30_000,
  ) {}

  start(client: ServiceClient): void {
    this.client = client;
    this.stopped = false;
    void this.notify();
  }

  /** Runs now (or right after the run in progress); resolves with what it did. */
  notify(): Promise<RecordUploadReport | null> {
    if (this.stopped || !this.client) return Promise.resolve(null);
    const client = this.client;
    const run = (this.running ?? Promise.resolve(null)).then(() => uploadRecords(this.db, client).catch(() => null));
    this.running = run.finally(() => {
      if (this.running === run) this.running = null;
      this.schedule();
    });
    return run;
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const pending = recordCounts(this.db, 'attendance').pending + recordCounts(this.db, 'settlement').pending;
    if (this.stopped || pending === 0) return;
    this.timer = setTimeout(() => void this.notify(), this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
