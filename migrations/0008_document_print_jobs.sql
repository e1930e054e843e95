-- Shift reports and the drawer kick go through the print queue like
-- receipts: durable, retried, one lane per printer. Such a job has no order;
-- it carries the composed document (JSON) instead. `give_up_at` bounds a
-- job that must not print late (a drawer that opens ten minutes after it
-- was asked for is worse than one that does not open).
ALTER TABLE print_jobs RENAME TO print_jobs_before_0008;
CREATE TABLE print_jobs (
  id INTEGER PRIMARY KEY,
  order_uuid TEXT REFERENCES orders (uuid),
  printer_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('receipt', 'kitchen', 'document')),
  reason TEXT NOT NULL CHECK (reason IN ('checkout', 'demand', 'reprint')),
  state TEXT NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  finished_at INTEGER,
  document TEXT,                      -- JSON ReceiptDocument for kind 'document'
  give_up_at INTEGER,                 -- fail instead of printing after this time
  CHECK ((kind = 'document') = (order_uuid IS NULL AND document IS NOT NULL))
);
INSERT INTO print_jobs (id, order_uuid, printer_id, kind, reason, state, attempts, next_attempt_at, last_error, created_at, finished_at)
  SELECT id, order_uuid, printer_id, kind, reason, state, attempts, next_attempt_at, last_error, created_at, finished_at FROM print_jobs_before_0008;
DROP TABLE print_jobs_before_0008;
CREATE INDEX print_jobs_pending ON print_jobs (state, printer_id, id);
CREATE INDEX print_jobs_by_order ON print_jobs (order_uuid);
