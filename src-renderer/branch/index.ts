export { default as BranchScreen } from './BranchScreen.svelte';
