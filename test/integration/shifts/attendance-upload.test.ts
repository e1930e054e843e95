import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../src-main/upstream/index.ts';
import { recordKinds, UploadEngine, type UploadReport } from '../../../src-main/sync/index.ts';
import { TillService } from '../../../src-main/host/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import type { TillDatabase } from '../../../src-main/db/index.ts';
import { startAttendanceStandIn, type AttendanceStandIn } from '../../support/attendance-stand-in.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';

let attendance: AttendanceStandIn;
let service: EmulatedService;

beforeAll(async () => {
  attendance = await startAttendanceStandIn();
  service = await emulatedService({ seed: 3 });
});
afterAll(async () => {
  await attendance.close();
  await service.close();
});

/** One pass of the upload engine over the record kinds. */
function uploadRecords(db: TillDatabase, client: ServiceClient): Promise<UploadReport> {
  return new UploadEngine({ client, kinds: recordKinds(db) }).uploadDue();
}

async function closedShift(name: string): Promise<{ db: TillDatabase; shiftId: string }> {
  const db = service.open(`${name}.db`);
  await service.pull(db);
  const till = new TillService({ db });
  await till.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
  const shift = await till.openShift({ float: 10_000 });
  await till.closeShift({ counted: 9_900 });
  return { db, shiftId: shift.id };
}

describe('closed shifts reach the service as attendance records, exactly once', () => {
  it('waits for upload.attendance_path, then sends once with the names of the version (end_* before 2.1.0)', async () => {
    attendance.received = [];
    const { db, shiftId } = await closedShift('old');
    const client = new ServiceClient({ baseUrl: attendance.baseUrl, token: 't', apiVersion: '2.0.0' });
    expect(await uploadRecords(db, client)).toMatchObject({ batches: 0, held: ['attendance'] });
    setSetting(db, 'upload.attendance_path', '/attendances/sync');
    attendance.status = 500; // the answer is lost: the same record goes again later
    expect(await uploadRecords(db, client)).toMatchObject({ batches: 1, deferred: 1 });
    db.prepare('UPDATE record_outbox SET next_attempt_at = 0').run();
    attendance.status = 201;
    expect(await uploadRecords(db, client)).toMatchObject({ batches: 1, created: 1 });
    expect(await uploadRecords(db, client)).toMatchObject({ batches: 0 });
    expect(attendance.received.map((r) => r.body.uuid)).toEqual([shiftId, shiftId]);
    const body = attendance.received[1]!.body;
    expect(attendance.received[1]!).toMatchObject({ path: '/attendances/sync', version: '2.0.0' });
    expect(body).toMatchObject({ start_cash: '100.00', end_cash: '99.00', expected_cash: '100.00', over_short: '-1.00' });
    expect(body).not.toHaveProperty('close_cash');
    expect(typeof body.end_at).toBe('number');
  });

  it('uses close_* from 2.1.0, and keeps a refused record with its reason instead of resending it', async () => {
    attendance.received = [];
    const { db } = await closedShift('new');
    setSetting(db, 'upload.attendance_path', '/attendances/sync');
    attendance.status = 201;
    await uploadRecords(db, new ServiceClient({ baseUrl: attendance.baseUrl, token: 't', apiVersion: '2.5.0' }));
    expect(attendance.received[0]!.body).toMatchObject({ close_cash: '99.00', close_schedule_at: null });
    expect(attendance.received[0]!.body).not.toHaveProperty('end_cash');

    const again = await closedShift('refused');
    setSetting(again.db, 'upload.attendance_path', '/attendances/sync');
    attendance.status = 422;
    expect(await uploadRecords(again.db, new ServiceClient({ baseUrl: attendance.baseUrl, token: 't', apiVersion: '2.5.0' }))).toMatchObject({ rejected: 1 });
    expect(again.db.prepare('SELECT state FROM record_outbox').get()).toEqual({ state: 'rejected' });
  });

  it('never takes a 2xx that names a failure as delivered: the record is rejected with the reason it gives (issue 19)', async () => {
    attendance.received = [];
    const { db } = await closedShift('failed-in-200');
    setSetting(db, 'upload.attendance_path', '/attendances/sync');
    attendance.status = 200;
    attendance.body = { success: false, message: 'the shift overlaps another one' };
    try {
      expect(await uploadRecords(db, new ServiceClient({ baseUrl: attendance.baseUrl, token: 't', apiVersion: '2.5.0' }))).toMatchObject({
        batches: 1,
        created: 0,
        duplicate: 0,
        rejected: 1,
      });
    } finally {
      attendance.body = null;
    }
    expect(db.prepare('SELECT state, last_error FROM record_outbox').get()).toEqual({
      state: 'rejected',
      last_error: expect.stringContaining('the shift overlaps another one'),
    });
  });
});
