import type { TillDatabase } from '../../db/index.ts';
import { attendanceForVersion, deferRecord, dueRecords, markRecordRejected, markRecordSynced, type RecordKind } from '../../shifts/index.ts';
import { getSetting } from '../../settings/index.ts';
import type { SettingKey } from '../../../src-shared/settings/index.ts';
import { readUpload } from '../../orders/index.ts';
import { judgeBatch, readSyncAnswer } from './read-sync-answer.ts';
import { rejectionReason } from './service-rejections.ts';
import {
  backoffDelay,
  NotFoundError,
  ServiceError,
  UnauthenticatedError,
  ValidationError,
  ForbiddenError,
  type BackoffPolicy,
  type ServiceClient,
} from '../../upstream/index.ts';

/** Where each kind of record goes: the spec shows no path for either, so both are settings, and a record waits until its path is set. */
export const RECORD_PATH_SETTINGS = {
  attendance: 'upload.attendance_path',
  settlement: 'upload.settlement_path',
} as const satisfies Record<RecordKind, SettingKey>;

export interface RecordUploadReport {
  sent: number;
  synced: number;
  rejected: number;
  deferred: number;
  /** Kinds held because their path is not set. */
  held: RecordKind[];
}

function pathOf(db: TillDatabase, kind: RecordKind): string | null {
  try {
    return getSetting(db, RECORD_PATH_SETTINGS[kind]);
  } catch {
    return null; // a broken stored path holds the records; `pos settings` names the problem
  }
}

/** A settlement pays an order the service must already have: it waits for that order's upload, and follows its fate. */
function orderUploadState(db: TillDatabase, body: Record<string, unknown>): string | null {
  return readUpload(db, String(body.order_uuid))?.state ?? null;
}

/**
 * Sends closed shifts (attendance) and late settlements, one POST each,
 * oldest first, the record's uuid inside as its idempotency key, like
 * orders: a 2xx that names no failure, or a 409 (the service has it), is
 * delivered; a 2xx naming a failure and a 400/403/422
 * is a final rejection kept with its reason; anything else (no answer,
 * 5xx, 401, a 404 from a wrong path) is retried later with backoff, so a
 * record is never dropped and never sent after it was acknowledged.
 * Attendance takes the member names of the client's API version.
 */
export async function uploadRecords(
  db: TillDatabase,
  client: ServiceClient,
  options: { now?: () => number; backoff?: BackoffPolicy; random?: () => number } = {},
): Promise<RecordUploadReport> {
  const now = options.now ?? Date.now;
  const backoff = options.backoff ?? { baseDelayMs: 1_000, maxDelayMs: 5 * 60_000 };
  const report: RecordUploadReport = { sent: 0, synced: 0, rejected: 0, deferred: 0, held: [] };
  for (const kind of Object.keys(RECORD_PATH_SETTINGS) as RecordKind[]) {
    const path = pathOf(db, kind);
    const due = dueRecords(db, kind, now(), 100);
    if (due.length === 0) continue;
    if (!path) {
      report.held.push(kind);
      continue;
    }
    for (const record of due) {
      if (kind === 'settlement') {
        const orderState = orderUploadState(db, record.body);
        if (orderState === 'rejected' || orderState === null) {
          markRecordRejected(
            db,
            record.uuid,
            `the order it pays (${String(record.body.order_number)}) was ${orderState === null ? 'not found on this till' : 'rejected by the service'}, so there is nothing to pay on the service`,
          );
          report.rejected++;
          continue;
        }
        if (orderState !== 'synced') continue; // its order is still on its way
      }
      const body = kind === 'attendance' ? attendanceForVersion(record.body, client.apiVersion) : record.body;
      report.sent++;
      try {
        // One record a request: its answer can only be about it. A named failure (or a count of 0) is its rejection; a status
        // that says neither waits; any other 2xx is its receipt (the orders' rule, read-sync-answer.ts).
        const judged = judgeBatch(readSyncAnswer(await client.post(path, body), [record.uuid]), [record.uuid]);
        if (judged.rejected.length > 0) {
          markRecordRejected(db, record.uuid, rejectionReason(judged.rejected[0]!.errors));
          report.rejected++;
        } else if (judged.unconfirmed.length > 0) {
          deferRecord(
            db,
            record.uuid,
            now() + backoffDelay(record.attempts, backoff, options.random),
            `the answer to POST ${path} does not prove the service stored it: ${judged.why}`,
          );
          report.deferred++;
        } else {
          markRecordSynced(db, record.uuid, now());
          report.synced++;
        }
      } catch (error) {
        if (error instanceof ServiceError && error.status !== null && error.status >= 200 && error.status < 300) {
          // A 2xx that is not JSON, for one record alone: received.
          markRecordSynced(db, record.uuid, now());
          report.synced++;
        } else if (error instanceof ServiceError && error.status === 409) {
          markRecordSynced(db, record.uuid, now());
          report.synced++;
        } else if (error instanceof ValidationError || error instanceof ForbiddenError || (error instanceof ServiceError && error.status === 400)) {
          markRecordRejected(db, record.uuid, error.message);
          report.rejected++;
        } else {
          const reason =
            error instanceof NotFoundError ? `the service has no ${path}: check the setting ${RECORD_PATH_SETTINGS[kind]}` : (error as Error).message;
          deferRecord(db, record.uuid, now() + backoffDelay(record.attempts, backoff, options.random), reason);
          report.deferred++;
          if (error instanceof UnauthenticatedError) return report;
        }
      }
    }
  }
  return report;
}
