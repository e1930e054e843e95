export type { SecretStore } from './secret-store.ts';
export { FileSecretStore, fileSecretIsSet, secretsFileFor } from './file-secret-store.ts';
