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
