// Devices paired to a station (table station_devices, migration 0012): the
// credential a paired tablet's cookie carries, bound to one station, kept
// across restarts as a hash. Removing the station deletes them (station-store).

import { createHash } from 'node:crypto';
import { first, q, run, type TillDatabase } from '../db/index.ts';

export interface PairedDevice {
  id: string;
  station_code: string;
  address: string | null;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Keeps a newly paired device's token (as its hash), bound to a station in use. */
export function rememberDevice(db: TillDatabase, token: string, device: PairedDevice, now: number): void {
  run(
    db,
    q
      .insertInto('station_devices')
      .values({ token_hash: hashOf(token), id: device.id, station_code: device.station_code, address: device.address, paired_at: now }),
  );
}

/** The device a cookie's token names, while its station is in use; null otherwise. */
export function pairedDevice(db: TillDatabase, token: string): PairedDevice | null {
  const row = first(
    db,
    q
      .selectFrom('station_devices')
      .innerJoin('stations', 'stations.code', 'station_devices.station_code')
      .select(['station_devices.id', 'station_devices.station_code', 'station_devices.address'])
      .where('station_devices.token_hash', '=', hashOf(token))
      .where('stations.revoked_at', 'is', null),
  );
  return row ?? null;
}

/** Forgets every device of a station (called inside removeStation's transaction). */
export function forgetStationDevices(db: TillDatabase, code: string): void {
  run(db, q.deleteFrom('station_devices').where('station_code', '=', code));
}

/** Whether a device is paired to this station (its screen has the station's cart and sign-in). */
export function hasPairedDevice(db: TillDatabase, code: string): boolean {
  return first(db, q.selectFrom('station_devices').select('id').where('station_code', '=', code).limit(1)) !== undefined;
}
