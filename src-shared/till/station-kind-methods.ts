import type { StationKind } from '../stations/index.ts';
import type { TillApi } from './till-api.ts';

/**
 * What each kind of station may call, where it is less than a counter: a
 * display is a screen, not a till, so its sessions need no cashier and may
 * call only what they show (the host refuses anything else before it runs,
 * and pushes them no events but their own). A kind not listed here is a
 * counter and calls the whole till API (under the authorization hook).
 */
export const STATION_KIND_METHODS: Partial<Record<StationKind, readonly (keyof TillApi)[]>> = {
  customer_display: ['thisStation', 'customerDisplay'],
};

/** Whether a station of this kind may call this method. */
export function stationKindMay(kind: StationKind, method: string): boolean {
  const only = STATION_KIND_METHODS[kind];
  return only === undefined || (only as readonly string[]).includes(method);
}
