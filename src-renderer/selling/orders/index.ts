export { default as OrdersScreen } from './OrdersScreen.svelte';
export { default as ParkedScreen } from './ParkedScreen.svelte';
