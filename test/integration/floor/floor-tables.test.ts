import { afterEach, describe, expect, it } from 'vitest';
import { floorTables, floorTablesSource } from '../../../src-main/floor/index.ts';
import { posInProcess as pos } from '../../support/pos-in-process.ts';
import { runPos } from '../../support/run-pos.ts';
import { emulatedService, type EmulatedService } from '../../support/emulated-service.ts';

// Issue 21, part 1: the branch's tables come from the service's Tables list
// when it has one (read tolerantly, in every profile's shape); where the list
// answers 404 (the spec-only service) the manager defines them on the till.

let service: EmulatedService | null = null;
afterEach(async () => {
  await service?.close();
  service = null;
});

describe("the service's tables", () => {
  it.each(['full', 'variant'] as const)('are read from GET /tables (%s profile): active ones only, with areas and seats', async (profile) => {
    service = await emulatedService({ seed: 5, profile });
    const db = service.open();
    const summary = await service.pull(db);
    expect(summary.skipped).toEqual([]);
    expect(floorTablesSource(db)).toBe('service');
    const tables = floorTables(db);
    expect(tables.map((t) => [t.name, t.area, t.seats])).toEqual([
      ['T1', 'Hall', 2],
      ['T2', 'Hall', 2],
      ['T3', 'Hall', 4],
      ['T4', 'Hall', 4],
      ['T5', 'Hall', 6],
      ['P1', 'Terrace', 2],
      ['P2', 'Terrace', 4],
      ['P3', 'Terrace', 4],
    ]);
    expect(tables.every((t) => t.source === 'service')).toBe(true);
    // The inactive T9 is not offered.
    expect(service.emulator.tenant.tables.find((t) => t.name === 'T9')?.is_active).toBe(false);
  });

  it('a manager cannot define tables while the service does (exit 1); a table the service drops leaves the floor at the next pull', async () => {
    service = await emulatedService({ seed: 5 });
    const db = service.open();
    await service.pull(db);
    const file = db.name;
    const refused = await pos(['tables', '--db', file, 'add', 'Extra']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/come from the service's Tables list/);
    service.emulator.tenant.tables.splice(0, 1);
    await service.pull(db);
    expect(floorTables(db).map((t) => t.name)).not.toContain('T1');
  });

  it('keeps the source it had when the list fails otherwise (a 500), and goes local when the service empties it', async () => {
    service = await emulatedService({ seed: 5 });
    const db = service.open();
    await service.pull(db);
    service.emulator.faults.failPages = ['tables:1'];
    const failed = await service.pull(db);
    expect(failed.skipped).toEqual([expect.objectContaining({ list: 'tables', status: 500, kept: 'previous' })]);
    expect(floorTablesSource(db)).toBe('service');
    expect(floorTables(db)).toHaveLength(8);
    service.emulator.faults.failPages = [];
    service.emulator.tenant.tables = [];
    await service.pull(db);
    expect(floorTablesSource(db)).toBe('local');
  });
});

describe('tables a manager defines (the service has no Tables list)', () => {
  it('pos tables lists, adds and removes them, with exit 0, 1 when refused and 2 for a usage mistake', { timeout: 120_000 }, async () => {
    service = await emulatedService({ seed: 5, profile: 'spec-only' });
    const db = service.open();
    const summary = await service.pull(db, { marketId: service.emulator.marketId, branchId: service.emulator.branchId });
    expect(summary.skipped.map((s) => [s.list, s.status])).toContainEqual(['tables', 404]);
    expect(floorTablesSource(db)).toBe('local');
    const file = db.name;

    const empty = await pos(['tables', '--db', file]);
    expect(empty.code).toBe(0);
    expect(empty.stderr).toMatch(/0 table\(s\) defined on this till: add one/);

    const added = await runPos(['tables', '--db', file, 'add', 'T1', '--area', 'Hall', '--seats', '4']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toBe('L1      T1  Hall  4 seats\n');
    expect(JSON.parse((await pos(['tables', '--db', file, 'add', 'Bar stool 1', '--json'])).stdout)).toEqual({
      id: 'L2',
      name: 'Bar stool 1',
      area: null,
      seats: null,
      source: 'local',
    });
    const taken = await pos(['tables', '--db', file, 'add', 't1']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toBe('pos tables: the table L1 is already called "T1": pick another name\n');
    for (const wrong of [['add'], ['add', 'X', '--seats', 'four'], ['remove'], ['list', '--area', 'Hall'], ['clear']]) {
      expect((await pos(['tables', '--db', file, ...wrong])).code, wrong.join(' ')).toBe(2);
    }
    expect((await pos(['tables', '--db', file, 'add', 'X', '--seats', '0'])).code).toBe(1);

    const removed = await runPos(['tables', '--db', file, 'remove', 'L1']);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await pos(['tables', '--db', file, 'remove', 'L1'])).code).toBe(1);
    // The id is never given again; the name is free again.
    const again = JSON.parse((await pos(['tables', '--db', file, 'add', 'T1', '--json'])).stdout) as { id: string };
    expect(again.id).toBe('L3');
    const list = JSON.parse((await pos(['tables', '--db', file, '--json'])).stdout) as { id: string }[];
    expect(list.map((t) => t.id)).toEqual(['L2', 'L3']);
  });
});
