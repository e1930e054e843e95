export { default as SellScreen } from './SellScreen.svelte';
