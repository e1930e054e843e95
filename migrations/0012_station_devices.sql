-- Devices paired to a station (issue 20): a tablet paired with a one-time
-- code is that station until the station is removed, across `pos serve`
-- restarts. The device's cookie holds a random token; only its SHA-256 is
-- kept here, so the file alone does not let anyone in. Removing the station
-- deletes its devices' rows in the same transaction.
CREATE TABLE station_devices (
  token_hash TEXT PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,            -- short and stable, for the audit table
  station_code TEXT NOT NULL REFERENCES stations (code),
  address TEXT,                       -- where it paired from
  paired_at INTEGER NOT NULL
);
CREATE INDEX station_devices_by_station ON station_devices (station_code);
