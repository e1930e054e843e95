import { safeStorage } from 'electron';
import type { SecretStore } from '../secrets/index.ts';
import type { TillDatabase } from '../db/index.ts';
import { readSecretSetting, writeSecretSetting } from '../settings/index.ts';

/**
 * Secrets encrypted with the OS keychain through safeStorage; only the
 * ciphertext is written to the till's database. Where Linux has no keyring,
 * safeStorage falls back to a plain-text "basic_text" backend: the app says
 * so (`warning`) instead of pretending the token is protected.
 */
export class SafeStorageSecrets implements SecretStore {
  readonly warning: string | null;

  constructor(private readonly db: TillDatabase) {
    const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os';
    this.warning =
      !safeStorage.isEncryptionAvailable() || backend === 'basic_text'
        ? 'No OS keyring is available: the service token is stored without real encryption. Install and unlock a keyring (GNOME Keyring or KWallet) to protect it.'
        : null;
  }

  get(name: string): string | null {
    const stored = readSecretSetting(this.db, `secret.${name}`);
    if (!stored) return null;
    try {
      return safeStorage.decryptString(Buffer.from(stored, 'base64'));
    } catch {
      return null; // encrypted under another user or keyring: sign in again
    }
  }

  set(name: string, value: string | null): void {
    writeSecretSetting(this.db, `secret.${name}`, value === null ? null : safeStorage.encryptString(value).toString('base64'));
  }
}
