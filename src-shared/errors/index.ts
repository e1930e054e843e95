// The till's one error class and its codes, shared by the host, the domain and the UI. It imports nothing, so any
// module may throw it (pricing, money, settings) without depending on the till API's contract.
export { TillError, TillInputError, type ErrorReason, type InputIssue, type ReasonParams, type TillErrorCode } from './till-errors.ts';
