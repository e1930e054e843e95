export { default as FirstManager } from './FirstManager.svelte';
export { default as PinScreen } from './PinScreen.svelte';
export { default as PinPad } from './PinPad.svelte';
export { default as CashiersDialog } from './CashiersDialog.svelte';
export { onIdle } from './idle-lock.ts';
export { default as ManagerApprovalSheet } from './ManagerApprovalSheet.svelte';
export { approvalSheets, type ApprovalAsk, type ApprovalInput, type ApprovalWords } from './approval-sheets.svelte.ts';
export { discountText, moneyText, percentText, voidWords } from './approval-words.ts';
