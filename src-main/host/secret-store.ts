import type { TillDatabase } from '../db/index.ts';
import { readSetting, writeSetting } from '../till/index.ts';

/**
 * Where the service token lives. Electron keeps it encrypted with the OS
 * keychain (safeStorage, see src-main/electron/safe-storage-secrets.ts); the
 * plain-Node host (`pos serve`) keeps it in the till's own database, next to
 * the orders it protects — documented in the README.
 */
export interface SecretStore {
  get(name: string): string | null;
  set(name: string, value: string | null): void;
}

export class DatabaseSecretStore implements SecretStore {
  constructor(private readonly db: TillDatabase) {}

  get(name: string): string | null {
    return readSetting<string>(this.db, `secret.${name}`) ?? null;
  }

  set(name: string, value: string | null): void {
    writeSetting(this.db, `secret.${name}`, value);
  }
}
