import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which station a till API call comes from, as the host's transport saw the
 * connection (never as the client says). The transport runs each call
 * inside its connection's station; the services, built once for the whole
 * branch, look the station's session up from it. A call from no station
 * (the CLI, code in the same process) is the till's own `local` station.
 */
const stations = new AsyncLocalStorage<string>();

export const LOCAL_STATION = 'local';

export function runAtStation<T>(station: string, fn: () => T): T {
  return stations.run(station, fn);
}

export function currentStationKey(): string {
  return stations.getStore() ?? LOCAL_STATION;
}
