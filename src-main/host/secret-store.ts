import type { TillDatabase } from '../db/index.ts';
import { readSecretSetting, writeSecretSetting } from '../settings/index.ts';

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
    return readSecretSetting(this.db, `secret.${name}`);
  }

  set(name: string, value: string | null): void {
    writeSecretSetting(this.db, `secret.${name}`, value);
  }
}
