export { Authorizer, type Approval, type AuthorizerOptions } from './authorizer.ts';
export type { ApprovalPolicy, ApprovalRequest, PolicyDecision } from './approval-policy.ts';
export { managerScreenPolicy } from './manager-screen-policy.ts';
export { recordAudit, readAudit, type AuditEntry, type AuditRow } from './audit-log.ts';
export { clientLabel, ELECTRON_WINDOW, type ClientContext, type ClientKind } from './client-context.ts';
export { discountLimitPercent, DISCOUNT_LIMIT_SETTING, DEFAULT_DISCOUNT_LIMIT_PERCENT } from './discount-limit.ts';
export { cashOutLimit, CASH_OUT_LIMIT_SETTING, DEFAULT_CASH_OUT_LIMIT } from './cash-out-limit.ts';
export { privilegedCalls, type CallCheck, type PrivilegedCall } from './privileged-call.ts';
export { kitchenDisplaySoldOutPolicy } from './kitchen-display-sold-out.ts';
