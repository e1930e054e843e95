export * from './order-record.ts';
export { tillInputs, discountInput, type TillInputs, type TillParsedInputs } from './till-inputs.ts';
export type * from './till-views.ts';
export { TILL_API_METHODS, type SellingApi, type TillApi } from './till-api.ts';
export { TillError, TillInputError, type TillErrorCode } from './till-errors.ts';
export type * from './till-events.ts';
export { fromWireError, toWireError, wireErrorTransfer, type WireError } from './transport-errors.ts';
export { METHOD_PRIVILEGES, type PrivilegedAction } from './method-privileges.ts';
