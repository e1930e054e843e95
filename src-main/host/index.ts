export { EventHub } from './event-hub.ts';
export { DatabaseSecretStore, type SecretStore } from './secret-store.ts';
export { TillHost, type TillHostOptions } from './till-host.ts';
export { exposeTill, tillFacade, type EnvelopeChannel } from './transport/expose-till.ts';
export { createTillHttpServer, type RouteHandler, type TillHttpServer, type TillHttpServerOptions } from './http/till-http-server.ts';
export { PairingGuard, isLoopback } from './http/pairing-guard.ts';
export { CONTENT_SECURITY_POLICY } from './http/static-files.ts';
export { startDemoServices, type DemoServices } from './demo-services.ts';
