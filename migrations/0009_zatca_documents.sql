-- ZATCA phase 2. One EGS unit per till host: every station of the branch
-- hub writes through this one database, so they share one invoice counter
-- and one hash chain (ZATCA: a device issuing invoices has one CSID; a
-- unit's documents form one chain). The unit's state is one row; its
-- private key and CSID secret live in the secret store, never here.
CREATE TABLE zatca_egs (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  environment TEXT NOT NULL,            -- sandbox | simulation | production | a URL's host
  base_url TEXT NOT NULL,
  common_name TEXT NOT NULL,
  certificate TEXT NOT NULL,            -- the production CSID: base64 DER
  certificate_expires_at INTEGER NOT NULL,
  onboarded_at INTEGER NOT NULL,
  next_icv INTEGER NOT NULL,            -- the counter of the next document
  last_hash TEXT NOT NULL               -- the previous invoice hash of the next document
);

-- Every signed document, written in its order's checkout transaction: its
-- counter is its key, so the chain can have neither a gap nor a fork.
-- Reporting state lives beside it: the document and its hash never change,
-- however often it is sent.
CREATE TABLE zatca_documents (
  icv INTEGER PRIMARY KEY,
  order_uuid TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit', 'debit')),
  number TEXT NOT NULL,
  issued_at INTEGER NOT NULL,
  pih TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  qr TEXT NOT NULL,
  xml TEXT NOT NULL,
  report_state TEXT NOT NULL DEFAULT 'pending' CHECK (report_state IN ('pending', 'reported', 'rejected')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  zatca_status TEXT,                    -- REPORTED | NOT_REPORTED as ZATCA answered
  messages TEXT,                        -- JSON: ZATCA's warnings and errors for this document
  reported_at INTEGER
);
CREATE INDEX zatca_documents_due ON zatca_documents (report_state, next_attempt_at, icv);
