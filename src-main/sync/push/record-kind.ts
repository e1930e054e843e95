import type { TillDatabase } from '../../db/index.ts';
import {
  attendanceForVersion,
  deferRecord,
  dueRecords,
  earliestRecordAttempt,
  makeRecordsDue,
  markRecordRejected,
  markRecordSynced,
  postponeRecord,
  recordCounts,
  type PendingRecord,
  type RecordKind,
} from '../../shifts/index.ts';
import type { SettingKey } from '../../../src-shared/settings/index.ts';
import { earliestPendingAt, readUpload } from '../../orders/index.ts';
import { ForbiddenError, ServiceError, ValidationError, type ServiceClient } from '../../upstream/index.ts';
import { judgeBatch, readSyncAnswer } from './read-sync-answer.ts';
import { rejectionReason } from './service-rejections.ts';
import { oneLine } from './connectivity.ts';
import { drainOneAtATime, pathFromSetting, postponeAfterFailure } from './drain-one-at-a-time.ts';
import type { UploadContext, UploadKind, UploadReport } from './upload-engine.ts';

/** Records read from the outbox at a time. */
const PAGE = 100;
/** While records wait for their path to be set, the engine looks again this often (the setting may change in another process). */
const HELD_RECHECK_MS = 30_000;
/** The shortest wait of a settlement whose order is still on its way (so a queue of them never spins). */
const ORDER_WAIT_MS = 1_000;

/** What a record needs before it can go: go now, refused for good, or wait until a moment. */
type Readiness = { go: true } | { go: false; rejected: string } | { go: false; until: number; reason: string };

/** One kind of record as an upload: where it goes, what body the service gets, and what it must wait for. */
export interface RecordKindConfig {
  kind: RecordKind;
  /** The spec shows no path for records: a setting names it, and the records wait until it is set. */
  pathSetting: SettingKey;
  /** The body for the client's API version. */
  body(record: PendingRecord, client: ServiceClient): Record<string, unknown>;
  ready(db: TillDatabase, record: PendingRecord, now: number): Readiness;
}

/** A closed shift, as the service's Attendance object (member names of the client's API version). */
export const ATTENDANCE: RecordKindConfig = {
  kind: 'attendance',
  pathSetting: 'upload.attendance_path',
  body: (record, client) => attendanceForVersion(record.body, client.apiVersion),
  ready: () => ({ go: true }),
};

/** A settle-later payment of an order already sent: it waits for that order's upload, and follows its fate. */
export const SETTLEMENT: RecordKindConfig = {
  kind: 'settlement',
  pathSetting: 'upload.settlement_path',
  body: (record) => record.body,
  ready(db, record, now) {
    const state = readUpload(db, String(record.body.order_uuid))?.state ?? null;
    if (state === 'synced') return { go: true };
    if (state === 'rejected' || state === null) {
      return {
        go: false,
        rejected: `the order it pays (${String(record.body.order_number)}) was ${state === null ? 'not found on this till' : 'rejected by the service'}, so there is nothing to pay on the service`,
      };
    }
    // The orders went first this round: the order is still pending, so it waits for the order's next try.
    return { go: false, until: Math.max(now + ORDER_WAIT_MS, earliestPendingAt(db) ?? now), reason: 'waits for the order it pays to reach the service' };
  },
};

/** Where each kind of record goes (the settings `pos settings` shows). */
export const RECORD_PATH_SETTINGS = {
  attendance: ATTENDANCE.pathSetting,
  settlement: SETTLEMENT.pathSetting,
} as const satisfies Record<RecordKind, SettingKey>;

/**
 * Records other than orders (closed shifts, late settlements) as an upload
 * kind: one POST each, oldest first, the record's uuid inside as its
 * idempotency key, like orders. A 2xx that names no failure, or a 409 (the
 * service has it), is delivered; a 2xx naming a failure and a 400/403/422
 * is a final rejection kept with its reason; a 401 pauses the engine (the
 * record keeps its attempts); no answer ends the round and the engine
 * probes; anything else (5xx, a 404 from a wrong path) waits its backoff.
 * A record is never dropped and never sent after it was acknowledged.
 */
export class RecordUploadKind implements UploadKind {
  readonly name: RecordKind;

  constructor(
    private readonly db: TillDatabase,
    private readonly config: RecordKindConfig,
  ) {
    this.name = config.kind;
  }

  nextAttemptAt(now: number): number | null {
    const earliest = earliestRecordAttempt(this.db, this.config.kind);
    if (earliest === null) return null;
    return this.path() === null ? now + HELD_RECHECK_MS : earliest;
  }

  makePendingDue(now: number): void {
    makeRecordsDue(this.db, this.config.kind, now);
  }

  async drain(context: UploadContext, keepGoing: () => boolean, report: UploadReport): Promise<void> {
    const { db, config } = this;
    await drainOneAtATime(context, keepGoing, report, PAGE, {
      held: config.kind,
      due: (limit) => dueRecords(db, config.kind, context.now(), limit),
      keyOf: (record) => record.uuid,
      path: () => this.path(),
      each: async (record, path) => {
        const readiness = config.ready(db, record, context.now());
        if (!readiness.go) {
          if ('rejected' in readiness) {
            markRecordRejected(db, record.uuid, readiness.rejected);
            report.rejected++;
          } else postponeRecord(db, record.uuid, readiness.until, readiness.reason);
          return 'continue';
        }
        report.batches++;
        return this.send(context, path, record, report);
      },
    });
  }

  /** One record, one request: its answer can only be about it. */
  private async send(context: UploadContext, path: string, record: PendingRecord, report: UploadReport): Promise<'continue' | 'stop'> {
    const { db } = this;
    const retryAt = () => context.now() + context.retryDelay(record.attempts);
    try {
      // A named failure (or a count of 0) is its rejection; a status that says neither waits; any other 2xx is its receipt (read-sync-answer.ts).
      const answer = await context.client.post(path, this.config.body(record, context.client));
      const judged = judgeBatch(readSyncAnswer(answer, [record.uuid]), [record.uuid]);
      if (judged.rejected.length > 0) {
        markRecordRejected(db, record.uuid, rejectionReason(judged.rejected[0]!.errors));
        report.rejected++;
      } else if (judged.unconfirmed.length > 0) {
        deferRecord(
          db,
          record.uuid,
          retryAt(),
          oneLine(`the answer to POST ${path} does not prove the service stored it: ${judged.why ?? 'it does not name it'}`),
        );
        report.deferred++;
      } else {
        markRecordSynced(db, record.uuid, context.now());
        report[judged.synced[0]?.status ?? 'created']++;
      }
      context.publish({ online: true });
      return 'continue';
    } catch (error) {
      const status = error instanceof ServiceError ? error.status : null;
      if (status !== null && status >= 200 && status < 300) {
        // A 2xx that is not JSON, for one record alone: received.
        markRecordSynced(db, record.uuid, context.now());
        report.created++;
      } else if (status === 409) {
        markRecordSynced(db, record.uuid, context.now());
        report.duplicate++;
      } else if (error instanceof ValidationError || error instanceof ForbiddenError || status === 400) {
        markRecordRejected(db, record.uuid, oneLine((error as Error).message));
        report.rejected++;
      } else {
        return postponeAfterFailure(context, report, error, { path, setting: this.config.pathSetting }, (reason) =>
          deferRecord(db, record.uuid, retryAt(), reason),
        );
      }
      return 'continue';
    }
  }

  private path(): string | null {
    return pathFromSetting(this.db, this.config.pathSetting);
  }
}

/** The record kinds, in the order they go: attendance, then settlements (after the orders they pay). */
export function recordKinds(db: TillDatabase): RecordUploadKind[] {
  return [new RecordUploadKind(db, ATTENDANCE), new RecordUploadKind(db, SETTLEMENT)];
}

/** Each record kind's outbox counts (`pos sync` reports them). */
export function recordOutboxCounts(db: TillDatabase): Record<RecordKind, { pending: number; synced: number; rejected: number }> {
  return { attendance: recordCounts(db, 'attendance'), settlement: recordCounts(db, 'settlement') };
}
