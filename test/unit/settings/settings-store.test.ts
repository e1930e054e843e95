import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import {
  SettingError,
  getSetting,
  listSettings,
  readSecretSetting,
  readStoredSetting,
  setSetting,
  setSettingFromText,
  unsetSetting,
  writeSecretSetting,
} from '../../../src-main/settings/index.ts';
import { SETTING_KEYS, percentToHundredths, publicSettingKeys } from '../../../src-shared/settings/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

let dir: ReturnType<typeof tempDir>;
let db: TillDatabase;
beforeEach(() => {
  dir = tempDir('till-settings-');
  db = openDatabase(dir.file('till.db'));
});
afterEach(() => {
  db.close();
  dir.cleanup();
});

describe('the settings store', () => {
  it('gives defaults until a value is set, and the default again after unset', () => {
    expect(getSetting(db, 'till.code')).toBeNull();
    expect(getSetting(db, 'till.day_cutoff_hour')).toBe(0);
    expect(getSetting(db, 'till.idle_lock_minutes')).toBe(5);
    expect(getSetting(db, 'discount.limit_percent')).toBe('20.00');
    expect(getSetting(db, 'sync.concurrency')).toBe(4);
    expect(getSetting(db, 'upload.path')).toBe('/orders/sync');
    expect(getSetting(db, 'vat_number')).toBeNull();
    setSetting(db, 'vat_number', '300000000000003');
    expect(getSetting(db, 'vat_number')).toBe('300000000000003');
    expect(unsetSetting(db, 'vat_number')).toBe(true);
    expect(unsetSetting(db, 'vat_number')).toBe(false);
    expect(readStoredSetting(db, 'vat_number')).toBeUndefined();
  });

  it('survives reopening the file', () => {
    setSettingFromText(db, 'tax.rate', '5');
    db.close();
    db = openDatabase(dir.file('till.db'));
    expect(getSetting(db, 'tax.rate')).toBe('5.00');
    expect(percentToHundredths(getSetting(db, 'tax.rate')!)).toBe(500);
  });

  it.each([
    ['vat_number', '300000000000004', /vat_number must be a VAT number of 15 digits that starts and ends with 3, got "300000000000004"/],
    ['vat_number', '30000000000003', /15 digits/],
    ['vat_number', '200000000000003', /starts and ends with 3/],
    ['tax.rate', '101', /tax.rate must be a percentage from 0 to 100/],
    ['tax.rate', '15.005', /percentage/],
    ['tax.rate', '-1', /percentage/],
    ['tax.prices_include_tax', 'maybe', /true or false, got "maybe"/],
    ['market_id', '', /market_id must be a non-empty id/],
    ['branch_id', '   ', /branch_id must be a non-empty id/],
    ['till.day_cutoff_hour', '13', /a whole number from 0 to 12, got 13/],
    ['till.code', 'T2', /one or two capital letters/],
    ['receipt.header_en', 'Open \u202edaily', /without control or direction characters/],
    ['upload.settlement_path', 'https://evil.example/x', /a path on the service/],
    ['till.code', 'abc', /capital letters/],
    ['upload.path', 'https://evil.example/x', /a path on the service/],
    ['upload.path', '/orders/../admin', /a path on the service/],
    ['upload.path', '//evil.example/x', /a path on the service/],
    ['printing.allowed_ports', '9100,70000', /TCP ports/],
    ['seller_name', 'Cafe\u202eevil', /without control or direction characters/],
  ])('refuses %s = %j with what it expects, and stores nothing', (key, text, message) => {
    expect(() => setSettingFromText(db, key, text)).toThrow(message);
    expect(() => setSettingFromText(db, key, text)).toThrow(SettingError);
    expect(db.prepare('SELECT count(*) AS n FROM settings WHERE key = ?').get(key)).toEqual({ n: 0 });
  });

  it.each([
    ['tax.rate', '15', '15.00'],
    ['tax.rate', '12.5%', '12.50'],
    ['tax.prices_include_tax', 'no', false],
    ['tax.prices_include_tax', 'TRUE', true],
    ['till.idle_lock_minutes', '0', 0],
    ['printing.allowed_ports', '9100, 9101', [9100, 9101]],
    ['upload.path', '/api/pos/orders-sync', '/api/pos/orders-sync'],
    ['market_id', ' m-1 ', 'm-1'],
    ['seller_name', 'مقهى القهوة', 'مقهى القهوة'],
  ])('reads %s from the text %j', (key, text, value) => {
    expect(setSettingFromText(db, key, text)).toEqual(value);
    expect(JSON.parse((db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string }).value)).toEqual(value);
  });

  it('refuses unknown keys, and keys the till manages itself', () => {
    expect(() => setSettingFromText(db, 'vat', '1')).toThrow(/unknown setting "vat"; known settings: seller_name, receipt\.seller_name_en, receipt\.header_en/);
    expect(() => setSettingFromText(db, 'session', '{}')).toThrow(/session is managed by the till itself/);
    expect(() => setSettingFromText(db, 'secret.token', 'x')).toThrow(/managed by the till itself/);
  });

  it('reports a stored value that no longer passes its check, naming the key and the fix', () => {
    db.prepare("INSERT INTO settings (key, value) VALUES ('vat_number', '\"123\"'), ('till.code', 'not json'), ('old.key', '1')").run();
    expect(() => getSetting(db, 'vat_number')).toThrow(/the stored setting: vat_number must be a VAT number.*got "123".*pos settings unset vat_number/);
    expect(() => getSetting(db, 'till.code')).toThrow(/the stored setting till.code is not valid JSON/);
    const listing = listSettings(db);
    expect(listing.unknown).toEqual(['old.key']);
    expect(listing.settings.find((s) => s.key === 'vat_number')).toMatchObject({ is_set: false, problem: expect.stringContaining('vat_number') });
  });

  it('lists every public setting once, with descriptions in both languages, and never the session or secrets', () => {
    writeSecretSetting(db, 'secret.token', 'tok-123');
    setSetting(db, 'session', { base_url: 'http://x', api_version: '2.5.0' });
    setSetting(db, 'till.code', 'TK');
    const listing = listSettings(db);
    expect(listing.settings.map((s) => s.key)).toEqual(publicSettingKeys());
    expect(JSON.stringify(listing)).not.toContain('tok-123');
    expect(listing.unknown).toEqual([]);
    for (const entry of listing.settings) {
      expect(entry.description.en.length).toBeGreaterThan(0);
      expect(entry.description.ar).toMatch(/[\u0600-\u06ff]/);
      if (entry.default === null) expect(entry.unset, entry.key).toBeTruthy();
    }
    expect(listing.settings.find((s) => s.key === 'till.code')).toMatchObject({ value: 'TK', is_set: true, default: null });
    expect(readSecretSetting(db, 'secret.token')).toBe('tok-123');
    writeSecretSetting(db, 'secret.token', null);
    expect(readSecretSetting(db, 'secret.token')).toBeNull();
  });

  it('has a default of the right kind for every key (one list, no drift)', () => {
    for (const [key, definition] of Object.entries(SETTING_KEYS)) {
      if (definition.default === null) continue;
      expect(definition.kind.schema.safeParse(definition.default).success, key).toBe(true);
    }
  });
});
