export * from './order-record.ts';
export type * from './till-views.ts';
export { tillInputs, discountInput, ORDER_FILTERS, type OrderFilter, type TillInputs, type TillParsedInputs } from './till-inputs.ts';
export { SOLD_OUT_KINDS, soldOutInputs, type SoldOutKind, type SoldOutView } from './sold-out.ts';
export * from './applied-promotion.ts';
export { promotionInputs } from './promotion-inputs.ts';
