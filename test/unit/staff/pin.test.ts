import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src-main/db/index.ts';
import { approveWithManagerPin, addCashier, checkCashierPin, hashPin, pinDelayMs, verifyPin } from '../../../src-main/staff/index.ts';
import { TillError } from '../../../src-shared/errors/index.ts';

describe('PINs', () => {
  it('are stored as salted scrypt hashes that only the PIN matches', async () => {
    const a = await hashPin('1234');
    const b = await hashPin('1234');
    expect(a).not.toBe(b);
    expect(a).not.toContain('1234');
    expect(a.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPin('1234', a)).toBe(true);
    expect(await verifyPin('1235', a)).toBe(false);
    expect(await verifyPin('1234', 'plain')).toBe(false);
    await expect(hashPin('12')).rejects.toThrow(/4 to 6 digits/);
  });

  it('are throttled with a growing delay that survives reopening the database', async () => {
    expect([1, 2, 3, 4, 5, 12].map(pinDelayMs)).toEqual([0, 0, 2_000, 4_000, 8_000, 300_000]);
    const file = join(mkdtempSync(join(tmpdir(), 'till-pin-')), 'till.db');
    let now = 1_000_000;
    const db = openDatabase(file);
    const manager = await addCashier(db, { name: 'Mona', role: 'manager', pin: '2468' }, now);
    const wrong = async () => (await checkCashierPin(db, manager.id, '1111', () => now).catch((e: TillError) => e)) as TillError;
    expect((await wrong()).code).toBe('wrong_pin');
    expect((await wrong()).code).toBe('wrong_pin');
    expect((await wrong()).code).toBe('wrong_pin');
    // The third wrong PIN starts a 2 s wait: even the right PIN is refused until it ends.
    const throttled = (await approveWithManagerPin(db, '2468', () => now).catch((e: TillError) => e)) as TillError;
    expect(throttled.code).toBe('pin_throttled');
    db.close();
    const again = openDatabase(file);
    expect(((await checkCashierPin(again, manager.id, '2468', () => now).catch((e: TillError) => e)) as TillError).code).toBe('pin_throttled');
    now += 2_000;
    expect((await approveWithManagerPin(again, '2468', () => now)).name).toBe('Mona');
    expect((await checkCashierPin(again, manager.id, '2468', () => now)).role).toBe('manager');
    again.close();
  });
});
