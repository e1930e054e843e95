export { default as PaymentDialog } from './PaymentDialog.svelte';
export { default as ReceiptDialog } from './ReceiptDialog.svelte';
export type { TabPayment } from './tab-payment.ts';
