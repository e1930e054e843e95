import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { translate } from '../../src-shared/i18n/index.ts';
import type { TillDatabase } from '../../src-main/db/index.ts';
import { EventHub, TillHost } from '../../src-main/host/index.ts';
import { FileSecretStore, secretsFileFor, type SecretStore } from '../../src-main/secrets/index.ts';
import { readSecretSetting, secretSettingKeys, writeSecretSetting } from '../../src-main/settings/index.ts';
import { emulatedService, type EmulatedService } from '../support/emulated-service.ts';

// Finding: in `pos serve` the service token sat in plain text in the
// settings table; the safeStorage plain-text fallback was only on the console.

const mode = (path: string) => statSync(path).mode & 0o777;
/** Every byte SQLite keeps for this database: the file, its WAL and shared memory. */
const databaseBytes = (file: string) =>
  [file, `${file}-wal`, `${file}-shm`]
    .filter(existsSync)
    .map((path) => readFileSync(path).toString('latin1'))
    .join('');

let service: EmulatedService;
let db: TillDatabase;
let file: string;
beforeEach(async () => {
  service = await emulatedService({ seed: 5 });
  const previous = process.umask(0o022);
  try {
    file = service.dir.file('shop/till.db');
    db = service.open('shop/till.db');
  } finally {
    process.umask(previous);
  }
});
afterEach(async () => {
  await service.close();
});

describe('the service token at rest in pos serve', () => {
  it('is kept in a 0600 secrets file beside the database (0700 folder), never in the settings table', async () => {
    const previous = process.umask(0o022);
    const host = new TillHost({ db, events: new EventHub(), secrets: new FileSecretStore(db) });
    try {
      await host.signIn({ base_url: service.emulator.baseUrl, token: service.emulator.token });
    } finally {
      process.umask(previous);
      await host.stop();
    }
    expect(secretSettingKeys(db)).toEqual([]);
    const secrets = secretsFileFor(file);
    expect(mode(secrets)).toBe(0o600);
    expect(mode(dirname(secrets))).toBe(0o700);
    expect(JSON.parse(readFileSync(secrets, 'utf8'))).toEqual({ token: service.emulator.token });
    expect(databaseBytes(file)).not.toContain(service.emulator.token);

    // A restart finds it: still paired.
    const again = new TillHost({ db, events: new EventHub(), secrets: new FileSecretStore(db) });
    expect(await again.session()).toMatchObject({ paired: true, secrets_unprotected: false });
  });

  it('moves a plain token an older till left in the settings table out of the database on first start, and erases it there', () => {
    const token = `legacy-token-${'x'.repeat(24)}-end`;
    writeSecretSetting(db, 'secret.token', token);
    db.pragma('wal_checkpoint(TRUNCATE)');
    expect(databaseBytes(file)).toContain(token);

    const store = new FileSecretStore(db);
    expect(store.get('token')).toBe(token);
    expect(readSecretSetting(db, 'secret.token')).toBeNull();
    expect(databaseBytes(file)).not.toContain(token);
    expect(mode(secretsFileFor(file))).toBe(0o600);
    // Once moved, a new store reads the file; clearing the token removes it from the file.
    const reopened = new FileSecretStore(db);
    expect(reopened.get('token')).toBe(token);
    reopened.set('token', null);
    expect(new FileSecretStore(db).get('token')).toBeNull();
  });

  it('refuses a secrets file that is not JSON with a message naming it', () => {
    new FileSecretStore(db).set('token', 't');
    const secrets = secretsFileFor(file);
    writeFileSync(secrets, '{broken');
    expect(() => new FileSecretStore(db)).toThrow(`the secrets file ${secrets} is not readable JSON`);
  });
});

describe('the safeStorage plain-text fallback is shown in the UI', () => {
  it('reports secrets_unprotected in the session the status bar reads, with words in both languages', async () => {
    const plain = new Map<string, string>();
    const fallback: SecretStore = {
      warning: 'No OS keyring is available: the service token is stored without real encryption.',
      get: (name) => plain.get(name) ?? null,
      set: (name, value) => void (value === null ? plain.delete(name) : plain.set(name, value)),
    };
    expect(await new TillHost({ db, events: new EventHub(), secrets: fallback }).session()).toMatchObject({ secrets_unprotected: true });
    expect(await new TillHost({ db, events: new EventHub(), secrets: new FileSecretStore(db) }).session()).toMatchObject({ secrets_unprotected: false });
    expect(translate('en', 'status.secretsUnprotected')).toMatch(/not encrypted/);
    expect(translate('ar', 'status.secretsUnprotected')).toMatch(/غير مشفّر/);
    for (const locale of ['en', 'ar'] as const) expect(translate(locale, 'status.secretsUnprotectedHint')).toMatch(/GNOME Keyring/);
  });
});
