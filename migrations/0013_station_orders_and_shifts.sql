-- Order numbers and drawers per station (issue 20). An order is numbered
-- in its station's own sequence of the business day (A-001, B-001, …):
-- `station` is the station's code (codes are never given again, so it
-- always names one station) and `station_sequence` its place in that
-- station's day, unique per station and day. `day_sequence` stays the
-- order's place in the whole branch's day. A shift is one station's drawer:
-- at most one open shift per station (no longer per till).
--
-- What was sold and opened before belongs to the first counter (migration
-- 0011 made it from till.code, or A), the till as it was: a till upgraded
-- mid-day carries on from its last number, and its open shift stays open.

ALTER TABLE orders ADD COLUMN station TEXT;
ALTER TABLE orders ADD COLUMN station_sequence INTEGER;
ALTER TABLE shifts ADD COLUMN station TEXT;

UPDATE orders SET
  station = (SELECT code FROM stations WHERE kind = 'counter' AND revoked_at IS NULL ORDER BY id LIMIT 1),
  station_sequence = day_sequence;

UPDATE shifts SET
  station = (SELECT code FROM stations WHERE kind = 'counter' AND revoked_at IS NULL ORDER BY id LIMIT 1);

CREATE UNIQUE INDEX orders_station_number ON orders (business_day, station, station_sequence);

-- One open shift per station's drawer; a station may open while another has one.
DROP INDEX shifts_one_open;
CREATE UNIQUE INDEX shifts_one_open_per_station ON shifts (station) WHERE closed_at IS NULL;
CREATE INDEX shifts_open_by_cashier ON shifts (cashier_id) WHERE closed_at IS NULL;
