import { chmodSync, closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { TillDatabase } from '../db/index.ts';
import { eraseSecretSetting, readSecretSetting, secretSettingKeys } from '../settings/index.ts';
import type { SecretStore } from './secret-store.ts';

/** `till.db` → `till.db.secrets.json`: one secrets file per database, in its (0700) folder. */
export function secretsFileFor(databaseFile: string): string {
  return `${databaseFile}.secrets.json`;
}

/**
 * How a store keeps each value on disk: as it is (`pos serve`'s file, 0600),
 * or sealed by the OS keychain (the desktop app's: safe-storage-secrets.ts).
 * `open` answers null for a value sealed elsewhere (another user, another machine).
 */
export interface SecretSeal {
  seal(value: string): string;
  open(sealed: string): string | null;
}

/**
 * `pos serve`'s secrets (the service token): a JSON file beside the
 * database, readable by this user only (0600), replaced atomically (written
 * to a 0600 temporary file, synced, renamed). A copy of the database (a
 * backup, a support request) then carries no token. A token an older till
 * left in the `settings` table is moved here on first start and erased from
 * the database.
 */
export class FileSecretStore implements SecretStore {
  readonly warning = null;
  private readonly file: string;
  private secrets: Record<string, string>;
  /** The file as last read or written (inode, size, time): another process's write (the CLI onboarding beside `pos serve`) is read again. */
  private stamp: string | null = null;

  /** `seal`: none, the values as they are; a secret an older till left in the database moves over as stored (sealed by the same seal). */
  constructor(
    db: TillDatabase,
    file: string = secretsFileFor(db.name),
    private readonly sealing: SecretSeal | null = null,
  ) {
    this.file = file;
    this.secrets = this.read();
    this.moveOutOfDatabase(db);
  }

  get(name: string): string | null {
    this.refresh();
    if (!Object.hasOwn(this.secrets, name)) return null;
    const stored = this.secrets[name]!;
    return this.sealing ? this.sealing.open(stored) : stored;
  }

  set(name: string, value: string | null): void {
    this.refresh();
    const next = { ...this.secrets };
    if (value === null) delete next[name];
    else next[name] = this.sealing ? this.sealing.seal(value) : value;
    this.write(next);
    this.secrets = next;
  }

  private moveOutOfDatabase(db: TillDatabase): void {
    const keys = secretSettingKeys(db);
    if (keys.length === 0) return;
    const moved = { ...this.secrets };
    for (const key of keys) {
      const value = readSecretSetting(db, key);
      const name = key.slice('secret.'.length);
      // A secret already in the file is newer than one an older till left behind.
      if (value !== null && !Object.hasOwn(moved, name)) moved[name] = value;
    }
    // Written (and synced) before the database copy is erased: a crash in between leaves it in both, never in neither.
    this.write(moved);
    this.secrets = moved;
    for (const key of keys) eraseSecretSetting(db, key);
  }

  /** Reads the file again when another process replaced it since (each write is a rename: a new inode). */
  private refresh(): void {
    if (this.currentStamp() !== this.stamp) this.secrets = this.read();
  }

  private currentStamp(): string | null {
    try {
      const { ino, size, mtimeMs } = statSync(this.file);
      return `${ino}:${size}:${mtimeMs}`;
    } catch {
      return null;
    }
  }

  private read(): Record<string, string> {
    this.stamp = this.currentStamp();
    if (!existsSync(this.file)) return {};
    this.tighten();
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(this.file, 'utf8'));
    } catch (error) {
      throw new Error(`the secrets file ${this.file} is not readable JSON (${(error as Error).message}); delete it and sign in again`, { cause: error });
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new Error(`the secrets file ${this.file} is not a JSON object; delete it and sign in again`);
    const secrets: Record<string, string> = {};
    for (const [name, value] of Object.entries(parsed)) if (typeof value === 'string') secrets[name] = value;
    return secrets;
  }

  /** A file someone loosened (copied with another umask) is made this user's alone again. */
  private tighten(): void {
    try {
      if ((statSync(this.file).mode & 0o077) !== 0) chmodSync(this.file, 0o600);
    } catch {
      // A file system without modes: nothing to tighten.
    }
  }

  private write(secrets: Record<string, string>): void {
    const temporary = `${this.file}.${randomBytes(6).toString('hex')}.tmp`;
    const fd = openSync(temporary, 'wx', 0o600);
    try {
      writeSync(fd, JSON.stringify(secrets));
      fsyncSync(fd);
    } catch (error) {
      closeSync(fd);
      rmSync(temporary, { force: true });
      throw error;
    }
    closeSync(fd);
    renameSync(temporary, this.file);
    this.stamp = this.currentStamp();
  }
}

/** Whether the secrets file beside `databaseFile` holds `name`, without opening the database (a listing on a read-only database). */
export function fileSecretIsSet(databaseFile: string, name: string): boolean {
  const file = secretsFileFor(databaseFile);
  if (!existsSync(file)) return false;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as Record<string, unknown>)[name] === 'string';
  } catch {
    return false;
  }
}
