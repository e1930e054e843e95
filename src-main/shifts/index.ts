export { attendanceBody, attendanceForVersion } from './attendance.ts';
export { readDayReport, readShiftReport } from './read-shift-report.ts';
export { closeShift, openShift, recordCashMovement, requireOpenShift, type CloseInput, type FloatInput } from './shift-desk.ts';
export { findShift, latestShift, openShiftOfCashier, openShiftRow, publicShift, shiftsOfDay, type StoredShift } from './shift-store.ts';
export {
  deferRecord,
  dueRecords,
  earliestRecordAttempt,
  makeRecordsDue,
  postponeRecord,
  enqueueRecord,
  markRecordRejected,
  markRecordSynced,
  recordCounts,
  recordStation,
  type PendingRecord,
  type RecordKind,
} from './record-outbox.ts';
export { ShiftService } from './shift-service.ts';
export type { ShiftHooks } from './shift-service.ts';
