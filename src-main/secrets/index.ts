export type { SecretStore } from './secret-store.ts';
export { FileSecretStore, fileSecretIsSet, secretsFileFor, type SecretSeal } from './file-secret-store.ts';
