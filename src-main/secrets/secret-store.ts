/**
 * Where the service token lives: never as plain text in the till's
 * database. Electron keeps it encrypted with the OS keychain (safeStorage,
 * src-main/electron/safe-storage-secrets.ts); the plain-Node host
 * (`pos serve`) keeps it in a 0600 file beside the database
 * (file-secret-store.ts).
 */
export interface SecretStore {
  get(name: string): string | null;
  set(name: string, value: string | null): void;
  /**
   * Set when the secrets are less protected than they should be (no OS
   * keyring: safeStorage's plain-text fallback). The UI shows it to whoever
   * is at the till, not only the console.
   */
  readonly warning?: string | null;
}
