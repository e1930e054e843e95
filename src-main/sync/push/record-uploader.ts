import type { TillDatabase } from '../../db/index.ts';
import { attendanceForVersion, deferRecord, dueRecords, markRecordRejected, markRecordSynced, type RecordKind } from '../../shifts/index.ts';
import { readSettingText, readStoredSetting } from '../../settings/index.ts';
import { backoffDelay, NotFoundError, ServiceError, UnauthenticatedError, ValidationError, ForbiddenError, type BackoffPolicy, type ServiceClient } from '../../upstream/index.ts';

/** Where each kind of record goes: the spec shows no path for either, so both are settings, and a record waits until its path is set. */
export const RECORD_PATH_SETTINGS: Record<RecordKind, string> = {
  attendance: 'upload.attendance_path',
  settlement: 'upload.settlement_path',
};

export interface RecordUploadReport {
  sent: number;
  synced: number;
  rejected: number;
  deferred: number;
  /** Kinds held because their path is not set. */
  held: RecordKind[];
}

/** A path written by hand may be bare text rather than JSON. */
function storedTextOrJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
}

function pathOf(db: TillDatabase, kind: RecordKind): string | null {
  // upload.settlement_path is not (yet) a declared key of the settings store: read it raw.
  const path: unknown = kind === 'attendance'
    ? readStoredSetting(db, 'upload.attendance_path')
    : storedTextOrJson(readSettingText(db, RECORD_PATH_SETTINGS[kind]));
  return typeof path === 'string' && path.startsWith('/') ? path : null;
}

/**
 * Sends closed shifts (attendance) and late settlements, one POST each,
 * oldest first, the record's uuid inside as its idempotency key, like
 * orders: a 2xx or a 409 (the service has it) is delivered; a 400/403/422
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
      const body = kind === 'attendance' ? attendanceForVersion(record.body, client.apiVersion) : record.body;
      report.sent++;
      try {
        await client.post(path, body);
        markRecordSynced(db, record.uuid, now());
        report.synced++;
      } catch (error) {
        if (error instanceof ServiceError && error.status === 409) {
          markRecordSynced(db, record.uuid, now());
          report.synced++;
        } else if (error instanceof ValidationError || error instanceof ForbiddenError || (error instanceof ServiceError && error.status === 400)) {
          markRecordRejected(db, record.uuid, error.message);
          report.rejected++;
        } else {
          const reason = error instanceof NotFoundError ? `the service has no ${path}: check the setting ${RECORD_PATH_SETTINGS[kind]}` : (error as Error).message;
          deferRecord(db, record.uuid, now() + backoffDelay(record.attempts, backoff, options.random), reason);
          report.deferred++;
          if (error instanceof UnauthenticatedError) return report;
        }
      }
    }
  }
  return report;
}
