export {
  STATION_CODE_PATTERN,
  STATION_KINDS,
  STATION_NAME_MAX,
  type PairingCodeView,
  type PairingStateView,
  type Station,
  type StationKind,
} from './station-views.ts';
export type { HubChoiceView, HubReply, HubRequest } from './hub-choice-wire.ts';
export type { StandbyWindowReply, StandbyWindowRequest, StandbyWindowView } from './standby-window-wire.ts';
export type { CustomerDisplayBranch, CustomerDisplayLine, CustomerDisplayState, CustomerDisplayView } from './customer-display-view.ts';
export type { StandbyCodeView, StandbyStatusView } from './standby-views.ts';
export { stationInputs, type StationInputs } from './station-inputs.ts';
export { STATION_API_METHODS, type StationApi } from './station-api.ts';
export { CUSTOMER_DISPLAY_METHODS, CUSTOMER_DISPLAY_SCREEN_METHODS, type CustomerDisplayApi } from './customer-display-api.ts';
