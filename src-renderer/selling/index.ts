export { default as SellScreen } from './SellScreen.svelte';
export { default as ProductPicker } from './ProductPicker.svelte';
export { default as LineDialog } from './LineDialog.svelte';
export type { PickedLine } from './picked-line.ts';
