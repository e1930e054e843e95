import { safeStorage } from 'electron';
import type { TillDatabase } from '../db/index.ts';
import { FileSecretStore, type SecretSeal, type SecretStore } from '../secrets/index.ts';

/** `till.db` → `till.db.sealed-secrets.json`: the desktop's sealed values, apart from `pos serve`'s plain file (a CLI never reads them as plain text). */
export const sealedSecretsFileFor = (databaseFile: string): string => `${databaseFile}.sealed-secrets.json`;

/** safeStorage's seal: base64 of the ciphertext; null for a value sealed under another user or keyring (sign in again). */
const keychainSeal: SecretSeal = {
  seal: (value) => safeStorage.encryptString(value).toString('base64'),
  open: (sealed) => {
    try {
      return safeStorage.decryptString(Buffer.from(sealed, 'base64'));
    } catch {
      return null;
    }
  },
};

/**
 * Secrets encrypted with the OS keychain through safeStorage, in a 0600 file
 * beside the till's database (FileSecretStore's, sealed), never in the
 * database: a standby's copy, its journal and a backup carry none of them, and
 * a standby's fenced connection does not stop it keeping what its hub hands
 * over (docs/standby.md). Ciphertext an older desktop till kept in the
 * settings table moves to the file on first start. Where Linux has no
 * keyring, safeStorage falls back to a plain-text "basic_text" backend: the
 * app says so (`warning`) instead of pretending the token is protected.
 */
export class SafeStorageSecrets implements SecretStore {
  readonly warning: string | null;
  private readonly file: FileSecretStore;

  constructor(db: TillDatabase) {
    const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os';
    this.warning =
      !safeStorage.isEncryptionAvailable() || backend === 'basic_text'
        ? 'No OS keyring is available: the service token is stored without real encryption. Install and unlock a keyring (GNOME Keyring or KWallet) to protect it.'
        : null;
    this.file = new FileSecretStore(db, sealedSecretsFileFor(db.name), keychainSeal);
  }

  get(name: string): string | null {
    return this.file.get(name);
  }

  set(name: string, value: string | null): void {
    this.file.set(name, value);
  }
}
