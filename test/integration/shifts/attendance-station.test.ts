import { cpSync, readdirSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../../../src-main/upstream/index.ts';
import { recordKinds, UploadEngine } from '../../../src-main/sync/index.ts';
import { recordStation } from '../../../src-main/shifts/index.ts';
import { addStation } from '../../../src-main/stations/index.ts';
import { runAtStation } from '../../../src-main/stations/index.ts';
import { TillService } from '../../../src-main/host/index.ts';
import { setSetting } from '../../../src-main/settings/index.ts';
import { DEFAULT_MIGRATIONS_DIR, openDatabase } from '../../../src-main/db/index.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { startAttendanceStandIn, type AttendanceStandIn } from '../../support/attendance-stand-in.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';

// Issue 20: a shift is one station's drawer, and its attendance record
// knows that station. The spec's Attendance object shows no member for a
// station (only the close_* renames of 2.1.0), so the station is kept on
// the till (the shift row and the record's row) and never sent: the body
// of a station B shift has exactly the members of a station A one.

let attendance: AttendanceStandIn;
let service: EmulatedService;

beforeAll(async () => {
  attendance = await startAttendanceStandIn();
  service = await emulatedService({ seed: 34 });
});
afterAll(async () => {
  await attendance.close();
  await service.close();
});

describe('attendance of a station’s shift', () => {
  it('keeps its station in the shift and the record rows, and sends no member the spec does not show', async () => {
    const db = service.open('stations.db');
    await service.pull(db);
    const till = new TillService({ db });
    await till.addCashier({ name: 'Mona', role: 'manager', pin: '2468' });
    const sami = await till.addCashier({ name: 'Sami', role: 'cashier', pin: '1357' });
    addStation(db, { name: 'Counter B', code: 'B' }, Date.now());

    // Mona's drawer at the first counter (A), Sami's at B, closed one after the other.
    const shiftA = await till.openShift({ float: 10_000 });
    const shiftB = await runAtStation('B', async () => {
      await till.unlock({ cashier_id: sami.id, pin: '1357' });
      return till.openShift({ float: 5_000 });
    });
    expect([shiftA.station, shiftB.station]).toEqual(['A', 'B']);
    await runAtStation('B', () => till.closeShift({ counted: 5_000 }));
    await till.closeShift({ counted: 10_000 });

    // Locally each row knows its station.
    expect([recordStation(db, shiftA.id), recordStation(db, shiftB.id)]).toEqual(['A', 'B']);
    const shifts = db.prepare('SELECT id, station FROM shifts ORDER BY seq').all() as { id: string; station: string }[];
    expect(shifts).toEqual([
      { id: shiftA.id, station: 'A' },
      { id: shiftB.id, station: 'B' },
    ]);

    attendance.received = [];
    setSetting(db, 'upload.attendance_path', '/attendances/sync');
    const client = new ServiceClient({ baseUrl: attendance.baseUrl, token: 't', apiVersion: '2.5.0' });
    expect(await new UploadEngine({ client, kinds: recordKinds(db) }).uploadDue()).toMatchObject({ batches: 2, created: 2 });
    const byUuid = new Map(attendance.received.map(({ body }) => [body.uuid, body]));
    const bodyA = byUuid.get(shiftA.id)!;
    const bodyB = byUuid.get(shiftB.id)!;
    // The same members for both stations: no station, device or register member is invented.
    expect(Object.keys(bodyB).sort()).toEqual(Object.keys(bodyA).sort());
    for (const body of [bodyA, bodyB]) {
      expect(Object.keys(body).filter((key) => /station|device|register|terminal|till/i.test(key))).toEqual([]);
      expect(Object.values(body)).not.toContain('B');
    }
    expect(bodyB).toMatchObject({ cashier_id: sami.id, start_cash: '50.00', close_cash: '50.00' });
    // Sent, the rows keep their station.
    expect(recordStation(db, shiftB.id)).toBe('B');
    db.close();
  });

  it('an attendance record queued before the upgrade takes its shift’s station', () => {
    const dir = tempDir();
    const migrations = dir.file('migrations');
    cpSync(DEFAULT_MIGRATIONS_DIR, migrations, { recursive: true });
    // The database as it was before migration 0016 (and whatever came after it).
    for (const file of readdirSync(migrations)) if (Number(file.slice(0, 4)) >= 16) rmSync(`${migrations}/${file}`);
    const before = openDatabase(dir.file('old.db'), { migrationsDir: migrations });
    before.prepare("INSERT INTO cashiers (id, name, name_key, role, pin_hash, active, created_at) VALUES ('c1', 'Sami', 'sami', 'cashier', 'x', 1, 0)").run();
    before
      .prepare("INSERT INTO shifts (id, cashier_id, business_day, opened_at, float_amount, closed_at, station) VALUES ('s1', 'c1', '2026-11-26', 0, 0, 1, 'B')")
      .run();
    before.prepare("INSERT INTO record_outbox (uuid, kind, body, state, created_at) VALUES ('s1', 'attendance', '{}', 'pending', 1)").run();
    before.prepare("INSERT INTO record_outbox (uuid, kind, body, state, created_at) VALUES ('p1', 'settlement', '{}', 'pending', 1)").run();
    before.close();
    const after = openDatabase(dir.file('old.db'));
    expect([recordStation(after, 's1'), recordStation(after, 'p1')]).toEqual(['B', null]);
    after.close();
    dir.cleanup();
  });
});
