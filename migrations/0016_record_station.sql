-- Which station a record other than an order came from (issue 20): a closed
-- shift's attendance is one station's drawer, a late settlement was taken
-- at one station. The spec's Attendance object shows no member for a
-- station (nor a device or register), so the station stays on the till:
-- here, and in the shift (`shifts.station`, migration 0013). It is never
-- sent (README, "What the till needs from the service").
ALTER TABLE record_outbox ADD COLUMN station TEXT;

-- Attendance queued before: its shift says which drawer it was.
UPDATE record_outbox SET station = (SELECT station FROM shifts WHERE shifts.id = record_outbox.uuid) WHERE kind = 'attendance';
