export { TillService, type TillOptions } from './till-service.ts';
export { readBranchProfile, type BranchProfile } from './branch-profile.ts';
export { composedOf, methodsOf, type EachOnce } from './composed-api.ts';
export { currentStationKey, LOCAL_STATION, runAtStation } from './station-context.ts';
export { StationSession, StationSessions } from './station-session.ts';
export { TabService, type SentRound, type TabHooks } from './tab-service.ts';
export type { ClearanceOutcome, StandardInvoiceHooks } from './standard-invoice-hooks.ts';
