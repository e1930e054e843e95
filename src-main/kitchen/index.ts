export { KitchenService, type KitchenOptions } from './kitchen-service.ts';
export { DISPLAY_HEARTBEAT_MS, DisplayPresence, type PresenceHandle, type PresenceSocket } from './display-presence.ts';
export { readDisplayRoutes, setDisplayRoute, type DisplayRoute } from './display-routes.ts';
export { kitchenDisplayRoutes, routeDisplay } from './display-setup.ts';
export type { SentRound } from './sent-round.ts';
