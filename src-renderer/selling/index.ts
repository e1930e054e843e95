export { default as SellScreen } from './SellScreen.svelte';
export { default as ProductPicker } from './ProductPicker.svelte';
export { default as LineDialog } from './LineDialog.svelte';
export type { PickedLine } from './picked-line.ts';
export { default as PaymentDialog } from './PaymentDialog.svelte';
export { default as ReceiptDialog } from './ReceiptDialog.svelte';
export type { TabPayment } from './tab-payment.ts';
export { opensPickerFirst } from './tap-rule.ts';
