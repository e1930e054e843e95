export { EventHub, type EventBarrier } from './event-hub.ts';
export { TillHost, type TillHostOptions } from './till-host.ts';
export { moveServiceAddress } from './service-session.ts';
export { BranchStations } from './branch-stations.ts';
export { exposeTill, tillFacade, type ChannelAccess, type EnvelopeChannel } from './transport/expose-till.ts';
export { filterComlinkCall, type FilteredCall } from './transport/comlink-call-filter.ts';
export {
  Authorizer,
  CASH_OUT_LIMIT_SETTING,
  cashOutLimit,
  clientLabel,
  DEFAULT_DISCOUNT_LIMIT_PERCENT,
  DISCOUNT_LIMIT_SETTING,
  discountLimitPercent,
  ELECTRON_WINDOW,
  managerScreenPolicy,
  readAudit,
  recordAudit,
  type Approval,
  type ApprovalPolicy,
  type ApprovalRequest,
  type AuditEntry,
  type AuditRow,
  type ClientContext,
  type ClientKind,
  type PolicyDecision,
} from './authorization/index.ts';
// The Host check of every listener on the network (node modules only: the Electron shell's standby listener uses it too).
export { HostAllowlist } from './http/host-allowlist.ts';
// The renderer's policy, also set on Electron's responses (static-files.ts needs only node:fs).
export { CONTENT_SECURITY_POLICY, ELECTRON_CONTENT_SECURITY_POLICY } from './http/static-files.ts';
// `pos serve`'s web server is ./http/index.ts: the Electron entry imports this file and must not load it.
export { TillService, type TillOptions } from './till-service.ts';
export { composedOf, methodsOf, type EachOnce } from './composed-api.ts';
export { SERVICE_TOKEN_SECRET, serviceClientOf } from './service-session.ts';
export { pairHandover, type SecretsHandover } from './pair-handover.ts';
