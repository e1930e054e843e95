export { default as SignIn } from './SignIn.svelte';
export { default as PullProgress } from './PullProgress.svelte';
export { default as PairingQr } from './PairingQr.svelte';
export { pairingUrl } from './pairing-qr.ts';
