-- Printing: kitchen routing from the service, this till's printer bindings
-- and routing override, and the print queue.

-- Kitchen routing as the last complete pull brought it (GET /kitchens,
-- emulator/README.md 17): replaced with the rest of the replica.
CREATE TABLE kitchens (
  id TEXT PRIMARY KEY,
  branch_id TEXT,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  position INTEGER NOT NULL
);

CREATE TABLE kitchen_printers (
  id TEXT PRIMARY KEY,
  kitchen_id TEXT NOT NULL,
  printer_id TEXT NOT NULL
);
CREATE INDEX kitchen_printers_by_printer ON kitchen_printers (printer_id);

CREATE TABLE kitchen_categories (
  id TEXT PRIMARY KEY,
  kitchen_id TEXT NOT NULL,
  category_id INTEGER NOT NULL
);
CREATE INDEX kitchen_categories_by_kitchen ON kitchen_categories (kitchen_id);

-- The address a service may send for a printer (not in the spec): only the
-- default for a binding, never needed.
ALTER TABLE printers ADD COLUMN address TEXT;

-- How this till reaches each printer it uses. A printer without a row here
-- (and without an address from the service) is not used by this till.
-- Not a foreign key: a pull may drop the printer, and the binding should
-- come back with it.
CREATE TABLE printer_bindings (
  printer_id TEXT PRIMARY KEY,
  address TEXT,                       -- tcp://host:port; NULL: the service's address, if any
  app_command TEXT,                   -- JSON argv array for APP_TO_APP printers, or NULL
  paper_width INTEGER NOT NULL DEFAULT 80 CHECK (paper_width IN (58, 80)),
  updated_at INTEGER NOT NULL
);

-- The local routing override: a printer with a row here prints kitchen
-- tickets for exactly these categories, whatever the service routes to it
-- (an empty array makes it a receipt printer).
CREATE TABLE printer_routes (
  printer_id TEXT PRIMARY KEY,
  category_ids TEXT NOT NULL,         -- JSON array of category ids
  updated_at INTEGER NOT NULL
);

-- One row per document to print. Written in the checkout transaction
-- (reason 'checkout') or later on demand ('demand', 'reprint'); the queue takes
-- the oldest pending job of each printer, independently of other printers.
CREATE TABLE print_jobs (
  id INTEGER PRIMARY KEY,
  order_uuid TEXT NOT NULL REFERENCES orders (uuid),
  printer_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('receipt', 'kitchen')),
  reason TEXT NOT NULL CHECK (reason IN ('checkout', 'demand', 'reprint')), -- demand: first print of a printer without PRINT_AUTO
  state TEXT NOT NULL CHECK (state IN ('pending', 'done', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  finished_at INTEGER
);
CREATE INDEX print_jobs_pending ON print_jobs (state, printer_id, id);
CREATE INDEX print_jobs_by_order ON print_jobs (order_uuid);
