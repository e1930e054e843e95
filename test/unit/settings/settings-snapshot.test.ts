// The settings a connection has read are kept until the table may have
// changed (issue 37): read once across many calls, and every change seen at
// the next read, whoever made it: this connection's store, raw SQL on it, a
// rolled-back transaction, a second connection to the same file.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import {
  getSetting,
  putSetting,
  readSecretSetting,
  setSetting,
  settingOrDefault,
  settingsNow,
  unsetSetting,
  writeSecretSetting,
} from '../../../src-main/settings/index.ts';
import { readBranchProfile } from '../../../src-main/catalog/index.ts';
import { orderLimits } from '../../../src-main/orders/index.ts';
import { countStatements } from '../../support/statement-count.ts';
import { tempDir } from '../../support/temp-dir.ts';

const SETTINGS_READ = /^select .* from "settings"/i;

let dir: ReturnType<typeof tempDir>;
let db: TillDatabase;
let other: TillDatabase | null = null;
beforeEach(() => {
  dir = tempDir('till-settings-snapshot-');
  db = openDatabase(dir.file('till.db'));
});
afterEach(() => {
  other?.close();
  other = null;
  db.close();
  dir.cleanup();
});

describe('the settings snapshot of a connection', () => {
  it('reads each setting from the table once across many reads, set or not', () => {
    setSetting(db, 'seller_name', 'Qahwa');
    const reads = countStatements(db, SETTINGS_READ);
    try {
      for (let i = 0; i < 50; i++) {
        expect(getSetting(db, 'seller_name')).toBe('Qahwa');
        expect(getSetting(db, 'vat_number')).toBeNull();
        expect(settingOrDefault(db, 'limits.cart_lines')).toBe(getSetting(db, 'limits.cart_lines'));
      }
      expect(reads.count).toBe(3);
    } finally {
      reads.stop();
    }
  });

  it("sees this connection's writes at once, by the store or by raw SQL", () => {
    expect(getSetting(db, 'seller_name')).toBeNull();
    setSetting(db, 'seller_name', 'Qahwa');
    expect(getSetting(db, 'seller_name')).toBe('Qahwa');
    putSetting(db, 'seller_name', null);
    expect(getSetting(db, 'seller_name')).toBeNull();
    db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('seller_name', JSON.stringify('Raw'));
    expect(getSetting(db, 'seller_name')).toBe('Raw');
    db.prepare('UPDATE settings SET value = ? WHERE key = ?').run(JSON.stringify('Raw 2'), 'seller_name');
    expect(getSetting(db, 'seller_name')).toBe('Raw 2');
    db.prepare('DELETE FROM settings').run();
    expect(getSetting(db, 'seller_name')).toBeNull();
    // A stored value broken by hand is reported as before (settingOrDefault falls back to the default).
    db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('limits.cart_lines', JSON.stringify('many'));
    expect(() => getSetting(db, 'limits.cart_lines')).toThrow(/limits.cart_lines/);
    expect(() => getSetting(db, 'limits.cart_lines')).toThrow(/limits.cart_lines/);
    expect(settingOrDefault(db, 'limits.cart_lines')).toBeGreaterThan(0);
    expect(unsetSetting(db, 'limits.cart_lines')).toBe(true);
    expect(getSetting(db, 'limits.cart_lines')).toBeGreaterThan(0);
    writeSecretSetting(db, 'secret.token', 'one');
    expect(readSecretSetting(db, 'secret.token')).toBe('one');
    writeSecretSetting(db, 'secret.token', 'two');
    expect(readSecretSetting(db, 'secret.token')).toBe('two');
  });

  it("sees a second connection's commit to the same file at the next read", () => {
    setSetting(db, 'seller_name', 'Qahwa');
    expect(getSetting(db, 'seller_name')).toBe('Qahwa');
    other = openDatabase(dir.file('till.db'));
    setSetting(other, 'seller_name', 'Other');
    expect(getSetting(db, 'seller_name')).toBe('Other');
    other.prepare('DELETE FROM settings WHERE key = ?').run('seller_name');
    expect(getSetting(db, 'seller_name')).toBeNull();
    // And the other way round: the second connection's own snapshot sees the first's writes.
    expect(getSetting(other, 'seller_name')).toBeNull();
    setSetting(db, 'seller_name', 'Back');
    expect(getSetting(other, 'seller_name')).toBe('Back');
  });

  it('sees a write inside a transaction there, and the old value again after its rollback', () => {
    setSetting(db, 'seller_name', 'Before');
    expect(getSetting(db, 'seller_name')).toBe('Before');
    expect(() =>
      db.transaction(() => {
        setSetting(db, 'seller_name', 'Inside');
        expect(getSetting(db, 'seller_name')).toBe('Inside');
        expect(getSetting(db, 'seller_name')).toBe('Inside');
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(getSetting(db, 'seller_name')).toBe('Before');
    db.transaction(() => setSetting(db, 'seller_name', 'Committed'))();
    expect(getSetting(db, 'seller_name')).toBe('Committed');
  });

  it('gives each reader a list of its own, as a fresh read did', () => {
    setSetting(db, 'printing.allowed_ports', [9100, 9101]);
    const first = getSetting(db, 'printing.allowed_ports')!;
    first.push(22);
    expect(getSetting(db, 'printing.allowed_ports')).toEqual([9100, 9101]);
  });

  it('asks whether the table changed once for the settings of one moment (the branch profile, the order limits)', () => {
    setSetting(db, 'market_id', 'm-1');
    setSetting(db, 'branch_id', 'b-1');
    db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run('limits.cart_lines', JSON.stringify('many'));
    const now = settingsNow(db);
    expect(now.get('market_id')).toBe('m-1');
    expect(now.orDefault('limits.cart_lines')).toBe(settingOrDefault(db, 'limits.cart_lines'));
    expect(() => now.get('limits.cart_lines')).toThrow(/limits.cart_lines/);
    const versions = countStatements(db, /^PRAGMA data_version$/);
    try {
      // Its six settings at once, and the replica's /me.
      expect(readBranchProfile(db)).toMatchObject({ marketId: 'm-1', branchId: 'b-1' });
      expect(versions.count).toBe(2);
      // Its three limits at once, and the currency's places (the replica's meta; no pull yet: the setting currency.decimals).
      expect(orderLimits(db).lines).toBeGreaterThan(0);
      expect(versions.count).toBe(5);
    } finally {
      versions.stop();
    }
  });
});
