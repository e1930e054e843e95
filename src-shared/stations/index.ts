export { STATION_CODE_PATTERN, STATION_KINDS, STATION_NAME_MAX, type PairingCodeView, type Station, type StationKind } from './station-views.ts';
export type { HubChoiceView, HubReply, HubRequest } from './hub-choice-wire.ts';
export type { CustomerDisplayBranch, CustomerDisplayLine, CustomerDisplayState, CustomerDisplayView } from './customer-display-view.ts';
