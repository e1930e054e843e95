import type { PairingCodeView, PairingStateView, Station } from './station-views.ts';
import type { StandbyCodeView, StandbyStatusView } from './standby-views.ts';
import type { StationInputs } from './station-inputs.ts';

/**
 * The branch's stations (issue 20): every screen is one. `thisStation` is
 * any screen's own (the status bar shows it); the list and its changes are
 * the Branch screen's Stations tab ('branch-settings', so never a paired
 * device's). A removed station's screens are closed at once.
 * `pairingCode` makes the one-time code a tablet types to become a station
 * (only where the host pairs devices: `pos serve` on the network);
 * `useStation` makes the calling screen itself that station (a manager's
 * browser; the host remembers it for that browser).
 */
export interface StationApi {
  thisStation(): Promise<Station>;
  stations(): Promise<Station[]>;
  addStation(input: StationInputs['addStation']): Promise<Station[]>;
  renameStation(input: StationInputs['renameStation']): Promise<Station[]>;
  /** Which counter's cart a customer display shows (null: none, it stays idle); the display hears the change at once. */
  setDisplayCounter(input: StationInputs['setDisplayCounter']): Promise<Station[]>;
  removeStation(input: StationInputs['removeStation']): Promise<Station[]>;
  pairingCode(input: StationInputs['pairingCode']): Promise<PairingCodeView>;
  /** Whether pairingCode would make a code now, and why not: the Stations tab disables the button with the reason. */
  pairingState(): Promise<PairingStateView>;
  useStation(input: StationInputs['useStation']): Promise<Station>;
  /** The hub and its standby (issue 36): roles, the lag, the epoch, or that the hub answers alone. */
  standbyStatus(): Promise<StandbyStatusView>;
  /** A single-use code a second `pos serve` pairs as this hub's standby with (only the hub makes one). */
  standbyCode(): Promise<StandbyCodeView>;
}

export const STATION_API_METHODS = [
  'thisStation',
  'stations',
  'addStation',
  'renameStation',
  'setDisplayCounter',
  'removeStation',
  'pairingCode',
  'pairingState',
  'useStation',
  'standbyStatus',
  'standbyCode',
] as const satisfies readonly (keyof StationApi)[];
