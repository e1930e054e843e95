export { STATION_CODE_PATTERN, STATION_KINDS, STATION_NAME_MAX, type Station, type StationKind } from './station-views.ts';
