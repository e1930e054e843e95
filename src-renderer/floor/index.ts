export { default as FloorScreen } from './FloorScreen.svelte';
export { default as FloorView } from './FloorView.svelte';
export { default as TabScreen } from './TabScreen.svelte';
export { default as TablesTab } from './TablesTab.svelte';
export { MinuteClock } from './minute-clock.svelte.ts';
