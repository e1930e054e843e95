export { EventHub } from './event-hub.ts';
export { DatabaseSecretStore, type SecretStore } from './secret-store.ts';
export { TillHost, type TillHostOptions } from './till-host.ts';
export { exposeTill, tillFacade, type ChannelAccess, type EnvelopeChannel } from './transport/expose-till.ts';
export { filterComlinkCall, type FilteredCall } from './transport/comlink-call-filter.ts';
export {
  Authorizer,
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
export { createTillHttpServer, type RouteHandler, type TillHttpServer, type TillHttpServerOptions } from './http/till-http-server.ts';
export { HostAccess, type HostAccessOptions } from './http/host-access.ts';
export { isLoopback } from './http/host-allowlist.ts';
export { SESSION_COOKIE } from './http/browser-sessions.ts';
export { CONTENT_SECURITY_POLICY } from './http/static-files.ts';
export { startDemoServices, type DemoServices } from './demo-services.ts';
