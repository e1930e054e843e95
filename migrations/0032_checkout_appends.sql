-- What a checkout writes, a third time (issue 37 item 2, docs/performance.md):
-- every page a transaction dirties goes to the WAL and waits for the disk.
--
-- 1. An order's lines and payments are keyed by the order's seq (its rowid,
--    which grows) and their number, not by its random uuid: a sale's rows go
--    at the right edge of each table, on the page the last sale wrote, instead
--    of into a page anywhere in the table (which split now and then: two to
--    four pages more, and the file's header page). order_uuid stays a column
--    (what readers select); an order's rows are found by its seq (orders'
--    uuid index gives it). Still WITHOUT ROWID, as they were.
-- 2. zatca_documents loses UNIQUE (hash), one of its five indexes: it
--    guarded nothing UNIQUE (egs_unit, icv) does not (a document's hash is
--    the SHA-256 of its text, which holds its own counter and previous hash,
--    so no two documents share one), and no query looks a document up by
--    its hash. It was a page at a random place in every phase-2 sale. The
--    chain's guard, UNIQUE (egs_unit, icv), stays, and so does UNIQUE (uuid):
--    a document is looked up by its cbc:UUID (an old hub's set-aside
--    documents, zatca-store.ts hasDocument).

CREATE TABLE order_lines_by_seq (
  order_seq INTEGER NOT NULL,
  line_no INTEGER NOT NULL,
  order_uuid TEXT NOT NULL REFERENCES orders (uuid),
  product_id TEXT NOT NULL,
  category_id INTEGER NOT NULL,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  quantity INTEGER NOT NULL CHECK (quantity <> 0),
  unit_price INTEGER NOT NULL,
  gross INTEGER NOT NULL,
  discount INTEGER NOT NULL,
  tax INTEGER NOT NULL,
  total INTEGER NOT NULL,
  line_discount TEXT,                 -- JSON {kind, value} or NULL
  modifiers TEXT NOT NULL,            -- JSON [{modifier_id, name_en, name_ar, price}]
  notes TEXT,
  refunds_line INTEGER,
  PRIMARY KEY (order_seq, line_no)
) WITHOUT ROWID;
INSERT INTO order_lines_by_seq (order_seq, line_no, order_uuid, product_id, category_id, name_en, name_ar, quantity, unit_price, gross,
  discount, tax, total, line_discount, modifiers, notes, refunds_line)
SELECT o.seq, l.line_no, l.order_uuid, l.product_id, l.category_id, l.name_en, l.name_ar, l.quantity, l.unit_price, l.gross,
  l.discount, l.tax, l.total, l.line_discount, l.modifiers, l.notes, l.refunds_line
FROM order_lines AS l JOIN orders AS o ON o.uuid = l.order_uuid
ORDER BY o.seq, l.line_no;
DROP TABLE order_lines;
ALTER TABLE order_lines_by_seq RENAME TO order_lines;

CREATE TABLE order_payments_by_seq (
  order_seq INTEGER NOT NULL,
  position INTEGER NOT NULL,
  order_uuid TEXT NOT NULL REFERENCES orders (uuid),
  method_key TEXT NOT NULL,
  amount INTEGER NOT NULL,
  shift_id TEXT,
  cashier_id TEXT,
  paid_at INTEGER,
  settlement_uuid TEXT,
  PRIMARY KEY (order_seq, position)
) WITHOUT ROWID;
INSERT INTO order_payments_by_seq (order_seq, position, order_uuid, method_key, amount, shift_id, cashier_id, paid_at, settlement_uuid)
SELECT o.seq, p.position, p.order_uuid, p.method_key, p.amount, p.shift_id, p.cashier_id, p.paid_at, p.settlement_uuid
FROM order_payments AS p JOIN orders AS o ON o.uuid = p.order_uuid
ORDER BY o.seq, p.position;
DROP TABLE order_payments;
ALTER TABLE order_payments_by_seq RENAME TO order_payments;
CREATE INDEX order_payments_later_by_shift ON order_payments (shift_id) WHERE paid_at IS NOT NULL;

CREATE TABLE zatca_documents_0032 (
  seq INTEGER PRIMARY KEY,
  egs_unit TEXT NOT NULL,
  icv INTEGER NOT NULL,
  order_uuid TEXT NOT NULL,
  uuid TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit', 'debit')),
  profile TEXT NOT NULL DEFAULT 'simplified' CHECK (profile IN ('simplified', 'standard')),
  number TEXT NOT NULL,
  issued_at INTEGER NOT NULL,
  pih TEXT NOT NULL,
  hash TEXT NOT NULL,
  qr TEXT NOT NULL,
  xml TEXT NOT NULL,
  buyer TEXT,
  cleared_xml TEXT,
  report_state TEXT NOT NULL DEFAULT 'pending'
    CHECK (report_state IN ('pending', 'reported', 'rejected', 'clearing', 'cleared', 'not_cleared')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  zatca_status TEXT,
  messages TEXT,
  reported_at INTEGER,
  UNIQUE (egs_unit, icv)
);
INSERT INTO zatca_documents_0032 (seq, egs_unit, icv, order_uuid, uuid, kind, profile, number, issued_at, pih, hash, qr, xml, buyer,
  cleared_xml, report_state, attempts, next_attempt_at, last_error, zatca_status, messages, reported_at)
SELECT seq, egs_unit, icv, order_uuid, uuid, kind, profile, number, issued_at, pih, hash, qr, xml, buyer,
  cleared_xml, report_state, attempts, next_attempt_at, last_error, zatca_status, messages, reported_at
FROM zatca_documents ORDER BY seq;
DROP TABLE zatca_documents;
ALTER TABLE zatca_documents_0032 RENAME TO zatca_documents;
CREATE INDEX zatca_documents_due ON zatca_documents (report_state, next_attempt_at, seq);
CREATE INDEX zatca_documents_order ON zatca_documents (order_uuid, seq);
