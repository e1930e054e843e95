// The web host of `pos serve`: HTTP, the WebSocket channel, browser
// sessions and pairing. Its own entry, apart from ../index.ts, so the
// Electron shell never loads `ws` or the web server it does not run.

export {
  createTillHttpServer,
  NO_MANAGER_YET,
  STATION_REMOVED_CLOSE,
  type RouteHandler,
  type TillHttpServer,
  type TillHttpServerOptions,
} from './till-http-server.ts';
export { HostAccess, STATION_COOKIE, type HostAccessOptions, type StationDirectory } from './host-access.ts';
export { isLoopback } from './host-allowlist.ts';
export { ConnectionGuard, DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './connection-guard.ts';
export { clientAddress, CONFLICTING_FORWARDED } from './client-address.ts';
export { SESSION_COOKIE } from './browser-sessions.ts';
export { DEFAULT_MAX_SOCKETS_PER_SESSION, SessionSockets } from './session-sockets.ts';
