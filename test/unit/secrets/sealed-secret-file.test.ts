import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { FileSecretStore, type SecretSeal } from '../../../src-main/secrets/index.ts';
import { readSecretSetting, secretSettingKeys, writeSecretSetting } from '../../../src-main/settings/index.ts';
import { installFence } from '../../../src-main/standby/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

// The desktop app's secrets (safeStorage, which only Electron has) are a
// FileSecretStore with a seal: sealed values in a file beside the database,
// never in it. Here a stand-in seal of this "machine" shows the store's
// part: on disk only sealed, opened on read, a value sealed elsewhere read as
// none, ciphertext an older desktop till kept in the settings table moved
// over as it is, and a standby's fenced connection no bar to keeping a secret
// its hub hands over (it failed with "till.fenced" while the desktop kept
// its secrets in the settings table).

const seal = (machine: string): SecretSeal => ({
  seal: (value) => `${machine}:${Buffer.from(value).toString('base64')}`,
  open: (sealed) => (sealed.startsWith(`${machine}:`) ? Buffer.from(sealed.slice(machine.length + 1), 'base64').toString() : null),
});

let dir: ReturnType<typeof tempDir>;
let db: TillDatabase;
beforeEach(() => {
  dir = tempDir('till-sealed-');
  db = openDatabase(dir.file('till.db'));
});
afterEach(() => {
  db.close();
  dir.cleanup();
});

it('keeps each value sealed in its file, never in the database, and opens it on read', () => {
  const file = dir.file('till.db.sealed-secrets.json');
  const store = new FileSecretStore(db, file, seal('this-machine'));
  store.set('token', 'service-token');
  expect(store.get('token')).toBe('service-token');
  const onDisk = readFileSync(file, 'utf8');
  expect(onDisk).not.toContain('service-token');
  expect(JSON.parse(onDisk)).toEqual({ token: `this-machine:${Buffer.from('service-token').toString('base64')}` });
  expect(secretSettingKeys(db)).toEqual([]);
  store.set('token', null);
  expect(store.get('token')).toBeNull();
});

it('reads a value sealed on another machine or by another user as none (sign in again)', () => {
  const file = dir.file('till.db.sealed-secrets.json');
  writeFileSync(file, JSON.stringify({ token: `other-machine:${Buffer.from('theirs').toString('base64')}` }), { mode: 0o600 });
  expect(new FileSecretStore(db, file, seal('this-machine')).get('token')).toBeNull();
});

it('moves the ciphertext an older desktop till kept in the settings table into the file, as it was, and erases it there', () => {
  writeSecretSetting(db, 'secret.token', seal('this-machine').seal('older-token'));
  const file = dir.file('till.db.sealed-secrets.json');
  const store = new FileSecretStore(db, file, seal('this-machine'));
  expect(store.get('token')).toBe('older-token');
  expect(readSecretSetting(db, 'secret.token')).toBeNull();
  expect(existsSync(file)).toBe(true);
});

it('keeps a secret on a standby’s fenced connection (what its hub hands over)', () => {
  const store = new FileSecretStore(db, dir.file('till.db.sealed-secrets.json'), seal('this-machine'));
  installFence(db);
  // The till's own tables refuse the write, as on a standby before it takes over.
  expect(() => writeSecretSetting(db, 'secret.token', 'x')).toThrow(/till\.fenced/);
  store.set('token', 'handed-over');
  expect(store.get('token')).toBe('handed-over');
});
