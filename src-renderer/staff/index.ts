export { default as FirstManager } from './FirstManager.svelte';
export { default as PinScreen } from './PinScreen.svelte';
export { default as PinPad } from './PinPad.svelte';
export { default as ApprovalField } from './ApprovalField.svelte';
export { default as CashiersDialog } from './CashiersDialog.svelte';
export { onIdle } from './idle-lock.ts';
export { approvalOf } from './approval.ts';
export { ApprovalRequest } from './approval-request.svelte.ts';
