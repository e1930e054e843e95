export { default as CustomerScreen } from './CustomerScreen.svelte';
export { default as CustomerDisplay } from './CustomerDisplay.svelte';
