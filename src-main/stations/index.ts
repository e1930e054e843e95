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
export { forgetStationDevices, hasPairedDevice, pairedDevice, rememberDevice, type PairedDevice } from './station-devices.ts';
export { addNextCounter, nextFreeCode } from './next-station.ts';
export { currentStationKey, LOCAL_STATION, runAtStation } from './station-context.ts';
export { StationSession, StationSessions } from './station-session.ts';
export { clearStationCart } from './station-carts.ts';
export type { LocalTill } from './local-till.ts';
