export {
  APPROVAL_METHODS,
  PROMOTION_METHODS,
  PRINTING_METHODS,
  SELLING_METHODS,
  SESSION_METHODS,
  SHIFT_METHODS,
  TILL_API_METHODS,
  type SellingApi,
  type TillApi,
} from './till-api.ts';
export { parseInput, type ApiInputMethod, type ParsedInput } from './parse-input.ts';
export type * from './till-events.ts';
export { fromWireError, toWireError, wireErrorTransfer, type WireError } from './transport-errors.ts';
export { METHOD_PRIVILEGES } from './method-privileges.ts';
export type { ApprovalCheckView, PrivilegedAction } from './approval-check.ts';
export { APP_ENTRY_URL, APP_HOST, APP_ORIGIN, APP_SCHEME } from './app-origin.ts';
