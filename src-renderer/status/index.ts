export { default as StatusBar } from './StatusBar.svelte';
export { default as StandbyNotice } from './StandbyNotice.svelte';
