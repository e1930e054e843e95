-- Each hub machine is its own ZATCA EGS unit (issue 36): a standby hub is
-- onboarded on its own and, once it takes over, signs with its own key and
-- continues its own counter (ICV) and hash chain (PIH). The database is
-- shared by the pair (the standby stream copies it), so it now holds every
-- unit of the branch, each with its own chain, and every document says
-- which unit signed it. See docs/zatca.md "A standby hub is its own EGS unit".

-- The units (zatca_egs, rebuilt), keyed by the unit's name (its certificate's common name, which
-- onboarding makes and renewal keeps). Replicated: both machines see both.
ALTER TABLE zatca_egs RENAME TO zatca_egs_before_0030;
CREATE TABLE zatca_egs (
  unit TEXT PRIMARY KEY,
  environment TEXT NOT NULL,
  base_url TEXT NOT NULL,
  common_name TEXT NOT NULL,
  certificate TEXT NOT NULL,            -- the production CSID: base64 DER
  certificate_expires_at INTEGER NOT NULL,
  onboarded_at INTEGER NOT NULL,
  invoice_types TEXT NOT NULL DEFAULT '0100',
  next_icv INTEGER NOT NULL,            -- this unit's counter of its next document
  last_hash TEXT NOT NULL               -- this unit's previous invoice hash of its next document
) WITHOUT ROWID;
INSERT INTO zatca_egs (unit, environment, base_url, common_name, certificate, certificate_expires_at, onboarded_at, invoice_types, next_icv, last_hash)
SELECT common_name, environment, base_url, common_name, certificate, certificate_expires_at, onboarded_at, invoice_types, next_icv, last_hash
FROM zatca_egs_before_0030;

-- Which unit this machine is (its key and CSID secret are in this machine's
-- secret store). Machine-local (the `_this_machine` suffix): never
-- replicated, and emptied in a standby's copy of its hub's database (a copy
-- is not the unit that signed it: src-main/standby/journal-triggers.ts).
-- It also keeps where this unit's own chain stands as this machine signed
-- it: a hub that sold alone and then rejoined from its successor's copy
-- (which never got those documents) must not use those counters again.
CREATE TABLE zatca_this_machine (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  unit TEXT NOT NULL,
  next_icv INTEGER NOT NULL DEFAULT 1,
  last_hash TEXT
);
INSERT INTO zatca_this_machine (id, unit, next_icv, last_hash) SELECT 1, common_name, next_icv, last_hash FROM zatca_egs_before_0030;
DROP TABLE zatca_egs_before_0030;

-- Documents: the counter is the unit's, so (egs_unit, icv) is the key a
-- document is unique by; seq is the row's own key, in signing order across
-- units (the reporting queue's order: within a unit it is counter order).
ALTER TABLE zatca_documents RENAME TO zatca_documents_before_0030;
CREATE TABLE zatca_documents (
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
  hash TEXT NOT NULL UNIQUE,
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
INSERT INTO zatca_documents (seq, egs_unit, icv, order_uuid, uuid, kind, profile, number, issued_at, pih, hash, qr, xml, buyer,
  cleared_xml, report_state, attempts, next_attempt_at, last_error, zatca_status, messages, reported_at)
SELECT icv, coalesce((SELECT unit FROM zatca_this_machine), ''), icv, order_uuid, uuid, kind, profile, number, issued_at, pih, hash, qr, xml, buyer,
  cleared_xml, report_state, attempts, next_attempt_at, last_error, zatca_status, messages, reported_at
FROM zatca_documents_before_0030;
DROP TABLE zatca_documents_before_0030;
CREATE INDEX zatca_documents_due ON zatca_documents (report_state, next_attempt_at, seq);
CREATE INDEX zatca_documents_order ON zatca_documents (order_uuid, seq);
