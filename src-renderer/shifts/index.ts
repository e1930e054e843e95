export { default as ShiftScreen } from './ShiftScreen.svelte';
export { default as ReportView } from './ReportView.svelte';
