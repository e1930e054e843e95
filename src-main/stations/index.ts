export {
  addStation,
  displaysOfCounter,
  firstCounter,
  listStations,
  removeStation,
  renameStation,
  setDisplayCounter,
  setStationPrinters,
  stationByCode,
  stationOfCode,
  type NewStation,
  type Station,
  type StationKind,
} from './station-store.ts';
export { forgetStationDevices, pairedDevice, rememberDevice, type PairedDevice } from './station-devices.ts';
export { currentStationKey, LOCAL_STATION, runAtStation } from './station-context.ts';
export { StationSession, StationSessions } from './station-session.ts';
export { clearStationCart } from './station-carts.ts';
export type { LocalTill } from './local-till.ts';
