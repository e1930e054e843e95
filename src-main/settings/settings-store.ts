// The one owner of the `settings` table (migration 0002: key → JSON value).
// Every read and write goes through here, typed by the key list in
// src-shared/settings and validated with its zod schema both ways: a value
// is checked before it is written, and a stored value that no longer passes
// (edited by hand, written by an older till) is reported with its key
// instead of being used.

import {
  SECRET_PREFIX,
  SETTING_KEYS,
  isSettingKey,
  publicSettingKeys,
  secretNameOf,
  type SecretSettingKey,
  type SettingDefinition,
  type SettingInEffect,
  type SettingKey,
  type SettingValue,
} from '../../src-shared/settings/index.ts';
import { param, prepared, q, tableVersion, vacuum, type TillDatabase } from '../db/index.ts';

/** A setting refused (unknown key, bad value) or unreadable; the message names the key and says what is expected. */
export class SettingError extends Error {
  override readonly name = 'SettingError';
  constructor(
    readonly key: string,
    message: string,
  ) {
    super(message);
  }
}

function definitionOf<K extends SettingKey>(key: K): SettingDefinition<SettingValue<K>> {
  return SETTING_KEYS[key] as unknown as SettingDefinition<SettingValue<K>>;
}

const READ = prepared<{ key: string }>()(q.selectFrom('settings').select('value').where('key', '=', param<string>('key')));
const WRITE = prepared<{ key: string; value: string }>()(
  q
    .insertInto('settings')
    .values({ key: param('key'), value: param('value') })
    .onConflict((conflict) => conflict.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') }))),
);
const REMOVE = prepared<{ key: string }>()(q.deleteFrom('settings').where('key', '=', param<string>('key')));
const KEYS = prepared()(q.selectFrom('settings').select('key').orderBy('key'));
const KEYS_LIKE = prepared<{ pattern: string }>()(q.selectFrom('settings').select('key').where('key', 'like', param<string>('pattern')).orderBy('key'));

function readRaw(db: TillDatabase, key: string): string | undefined {
  return READ.get(db, { key })?.value;
}

function writeRaw(db: TillDatabase, key: string, value: unknown): void {
  WRITE.run(db, { key, value: JSON.stringify(value) });
}

function validate<K extends SettingKey>(key: K, value: unknown, where: string): SettingValue<K> {
  const definition = definitionOf(key);
  const parsed = definition.kind.schema.safeParse(value);
  if (!parsed.success) {
    const shown = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
    const expects = parsed.error.issues[0]?.message ?? definition.kind.expects;
    throw new SettingError(key, `${where}: ${key} must be ${expects}, got ${shown}`);
  }
  return parsed.data;
}

function parseStored<K extends SettingKey>(key: K, raw: string): SettingValue<K> {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new SettingError(key, `the stored setting ${key} is not valid JSON; fix it with \`pos settings set ${key} VALUE\` or \`pos settings unset ${key}\``);
  }
  try {
    return validate(key, value, 'the stored setting');
  } catch (error) {
    throw new SettingError(key, `${(error as Error).message}; fix it with \`pos settings set ${key} VALUE\` or \`pos settings unset ${key}\``);
  }
}

/** What one key holds, read and checked: its value, why it is broken, or (undefined) not set. */
type Stored = { value: unknown } | { broken: string } | undefined;

/**
 * The settings this connection has read and checked, until the table may
 * have changed (db/table-version.ts: another connection's commit, or any
 * write of this one's, by whatever path). A sale reads a dozen settings;
 * each read again was a statement, a JSON.parse and a zod check per call.
 */
interface Snapshot {
  version: number;
  stored: Map<SettingKey, Stored>;
}
const snapshots = new WeakMap<TillDatabase, Snapshot>();

function readStored(db: TillDatabase, key: SettingKey): Stored {
  const raw = readRaw(db, key);
  if (raw === undefined) return undefined;
  try {
    return { value: parseStored(key, raw) };
  } catch (error) {
    if (error instanceof SettingError) return { broken: error.message };
    throw error;
  }
}

/** The snapshot in effect now; null when none can be kept (a transaction that wrote the table): read the table. */
function currentSnapshot(db: TillDatabase): Map<SettingKey, Stored> | null {
  const version = tableVersion(db, 'settings');
  if (version === null) return null;
  let snapshot = snapshots.get(db);
  if (snapshot?.version !== version) snapshots.set(db, (snapshot = { version, stored: new Map() }));
  return snapshot.stored;
}

function storedIn(db: TillDatabase, snapshot: Map<SettingKey, Stored> | null, key: SettingKey): Stored {
  if (snapshot === null) return readStored(db, key);
  if (snapshot.has(key)) return snapshot.get(key);
  const stored = readStored(db, key);
  snapshot.set(key, stored);
  return stored;
}

function valueOf<K extends SettingKey>(key: K, stored: Stored): SettingValue<K> | undefined {
  if (stored === undefined) return undefined;
  if ('broken' in stored) throw new SettingError(key, stored.broken);
  // A list or an object is the caller's own to change, as when each read parsed it anew.
  const value = stored.value;
  return (typeof value === 'object' && value !== null ? structuredClone(value) : value) as SettingValue<K>;
}

function inEffect<K extends SettingKey>(key: K, stored: Stored): SettingInEffect<K> {
  const value = valueOf(key, stored);
  return (value !== undefined ? value : definitionOf(key).default) as SettingInEffect<K>;
}

function inEffectOrDefault<K extends SettingKey>(key: K, stored: Stored): SettingInEffect<K> {
  return (stored !== undefined && 'broken' in stored ? definitionOf(key).default : inEffect(key, stored)) as SettingInEffect<K>;
}

/** The value set on this till, or undefined when it is not set. Throws SettingError when the stored value is broken. */
export function readStoredSetting<K extends SettingKey>(db: TillDatabase, key: K): SettingValue<K> | undefined {
  return valueOf(key, storedIn(db, currentSnapshot(db), key));
}

/** The value set on this till, else the key's default (null for keys whose fallback lives elsewhere, like /me). */
export function getSetting<K extends SettingKey>(db: TillDatabase, key: K): SettingInEffect<K> {
  return inEffect(key, storedIn(db, currentSnapshot(db), key));
}

/**
 * getSetting for paths that must not stop (a sale, a receipt): a stored
 * value that fails its check counts as unset, so the default applies;
 * `pos settings` still shows it as broken.
 */
export function settingOrDefault<K extends SettingKey>(db: TillDatabase, key: K): SettingInEffect<K> {
  return inEffectOrDefault(key, storedIn(db, currentSnapshot(db), key));
}

/** getSetting and settingOrDefault of one moment (settingsNow). */
export interface SettingsNow {
  get<K extends SettingKey>(key: K): SettingInEffect<K>;
  orDefault<K extends SettingKey>(key: K): SettingInEffect<K>;
}

/**
 * For a function that reads several settings in one go and writes nothing
 * in between (the branch profile: six; the order limits: three): whether
 * the table may have changed is asked once (a pragma, the larger part of a
 * read from the snapshot), not at each key. Used there and then, never kept:
 * it does not see a write made after it was taken.
 */
export function settingsNow(db: TillDatabase): SettingsNow {
  const snapshot = currentSnapshot(db);
  return {
    get: (key) => inEffect(key, storedIn(db, snapshot, key)),
    orDefault: (key) => inEffectOrDefault(key, storedIn(db, snapshot, key)),
  };
}

/** Writes one setting, or removes it when `value` is null so its default applies again. */
export function putSetting<K extends SettingKey>(db: TillDatabase, key: K, value: SettingValue<K> | null): void {
  if (value === null) unsetSetting(db, key);
  else setSetting(db, key, value);
}

/**
 * Validates and writes one setting; returns the value as stored. Refuses an
 * operator-only key (printing.app_programs): only `pos settings set` on the
 * till's machine (setSettingFromText) writes those.
 */
export function setSetting<K extends SettingKey>(db: TillDatabase, key: K, value: SettingValue<K>): SettingValue<K> {
  if (definitionOf(key).operatorOnly) {
    throw new SettingError(key, `${key} is set only by the operator, with \`pos settings set ${key} VALUE\` on the till's machine`);
  }
  return store(db, key, value);
}

function store<K extends SettingKey>(db: TillDatabase, key: K, value: SettingValue<K>): SettingValue<K> {
  // A secret never reaches the settings table: it goes to the secret store (setSecretSettingFromText).
  if (definitionOf(key).secret) throw new SettingError(key, `${key} is a secret: it is kept in the secret store, never in the database`);
  const checked = validate(key, value, 'refused');
  writeRaw(db, key, checked);
  return checked;
}

/** A key typed by a person: known, and not one the till manages itself. */
export function publicKey(key: string): SettingKey {
  if (key.startsWith(SECRET_PREFIX) || (isSettingKey(key) && SETTING_KEYS[key].internal)) {
    throw new SettingError(key, `${key} is managed by the till itself and cannot be changed by hand`);
  }
  if (!isSettingKey(key)) {
    throw new SettingError(key, `unknown setting "${key}"; known settings: ${publicSettingKeys().join(', ')}`);
  }
  return key;
}

/** `pos settings set KEY VALUE`: the key must be public, the text is read by the key's kind, then validated. */
export function setSettingFromText(db: TillDatabase, key: string, text: string): SettingValue<SettingKey> {
  const known = publicKey(key);
  const kind = definitionOf(known).kind;
  const value = kind.fromText(text);
  return store(db, known, validate(known, value, 'refused'));
}

/**
 * `pos settings set loyalty.api_token VALUE` and the like: checked by the
 * key's kind and handed to `keep` (the secret store), never to the
 * settings table. Returns nothing to print: a secret is never echoed.
 */
export function setSecretSettingFromText(key: string, text: string, keep: (name: string, value: string) => void): void {
  const known = publicKey(key);
  if (!definitionOf(known).secret) throw new SettingError(known, `${known} is not a secret setting`);
  const value = validate(known, definitionOf(known).kind.fromText(text), 'refused');
  keep(secretNameOf(known), value as string);
}

/** Removes one setting so its default applies again; returns whether it was set. */
export function unsetSetting(db: TillDatabase, key: SettingKey): boolean {
  return REMOVE.run(db, { key }).changes > 0;
}

export function readSecretSetting(db: TillDatabase, key: SecretSettingKey): string | null {
  const raw = readRaw(db, key);
  if (raw === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = null;
  }
  return typeof value === 'string' ? value : null;
}

export function writeSecretSetting(db: TillDatabase, key: SecretSettingKey, value: string | null): void {
  if (!key.startsWith(SECRET_PREFIX) || key.length === SECRET_PREFIX.length) throw new SettingError(key, `${key} is not a secret's key (secret.NAME)`);
  if (value === null) REMOVE.run(db, { key });
  else writeRaw(db, key, value);
}

/** The secrets kept in the database (`secret.NAME`), to move them elsewhere. */
export function secretSettingKeys(db: TillDatabase): SecretSettingKey[] {
  const rows = KEYS_LIKE.all(db, { pattern: `${SECRET_PREFIX}%` });
  return rows.map((row) => row.key as SecretSettingKey).filter((key) => key.startsWith(SECRET_PREFIX) && key.length > SECRET_PREFIX.length);
}

/**
 * Deletes a secret so that it is not left in the file either: SQLite
 * overwrites the freed bytes (secure_delete), VACUUM rebuilds the file
 * without the bytes an older till had already freed (a rotated token's
 * previous value), and the WAL, which still holds the old pages, is
 * checkpointed into the database and truncated.
 */
export function eraseSecretSetting(db: TillDatabase, key: SecretSettingKey): void {
  const previous = db.pragma('secure_delete', { simple: true }) as number;
  db.pragma('secure_delete = ON');
  try {
    writeSecretSetting(db, key, null);
  } finally {
    db.pragma(`secure_delete = ${previous ? 'ON' : 'OFF'}`);
  }
  // VACUUM cannot run inside a transaction; the move runs at start, outside one.
  if (!db.inTransaction) vacuum(db);
  db.pragma('wal_checkpoint(TRUNCATE)');
}

export interface SettingEntry {
  key: SettingKey;
  /** The value in effect: the one set, else the default (null when the fallback is elsewhere). */
  value: unknown;
  /** How the value reads to a person. */
  text: string;
  is_set: boolean;
  default: unknown;
  /** What applies when not set and the default is null. */
  unset: string | null;
  description: { en: string; ar: string };
  /** Why a stored value is not used (it fails its check); null when fine. */
  problem: string | null;
}

export interface SettingsListing {
  settings: SettingEntry[];
  /** Keys in the table that no version of this list knows (left alone, never used). */
  unknown: string[];
}

/** Every public setting with its value in effect, for `pos settings` and a settings screen. */
export function listSettings(db: TillDatabase, secretIsSet: (name: string) => boolean = () => false): SettingsListing {
  const settings = publicSettingKeys().map((key): SettingEntry => {
    const definition = definitionOf(key);
    if (definition.secret) {
      // Only whether it is set: its value is never listed, printed or logged.
      const set = secretIsSet(secretNameOf(key));
      return {
        key,
        value: null,
        text: set ? '(hidden)' : '(not set)',
        is_set: set,
        default: null,
        unset: definition.unset ?? null,
        description: definition.description,
        problem: null,
      };
    }
    const raw = readRaw(db, key);
    let value: unknown = definition.default;
    let problem: string | null = null;
    if (raw !== undefined) {
      try {
        value = parseStored(key, raw);
      } catch (error) {
        problem = (error as Error).message;
      }
    }
    const text = problem !== null ? `(broken: ${raw})` : value === null ? '(not set)' : (definition.kind.toText as (v: unknown) => string)(value);
    return {
      key,
      value,
      text,
      is_set: raw !== undefined && problem === null,
      default: definition.default,
      unset: definition.unset ?? null,
      description: definition.description,
      problem,
    };
  });
  const stored = KEYS.all(db, {});
  const unknown = stored.map((row) => row.key).filter((key) => !isSettingKey(key) && !key.startsWith(SECRET_PREFIX));
  return { settings, unknown };
}
