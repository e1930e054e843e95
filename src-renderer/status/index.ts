export { default as StatusBar } from './StatusBar.svelte';
