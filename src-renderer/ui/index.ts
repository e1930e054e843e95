export { default as Dialog } from './Dialog.svelte';
export { default as ConfirmDialog } from './ConfirmDialog.svelte';
export { default as Money } from './Money.svelte';
export { default as Notices } from './Notices.svelte';
export { default as SearchField } from './SearchField.svelte';
