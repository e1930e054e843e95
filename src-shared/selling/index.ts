export * from './order-record.ts';
export type * from './till-views.ts';
export { tillInputs, discountInput, ORDER_FILTERS, type OrderFilter, type TillInputs, type TillParsedInputs } from './till-inputs.ts';
