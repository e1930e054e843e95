-- ZATCA standard (B2B) tax invoices, cleared before they print (issue 22).
--
-- The unit states which invoice types its CSID covers (the CSR's title:
-- 1100 = standard and simplified); a unit onboarded before this migration
-- covers simplified documents only and must be onboarded again for B2B.
ALTER TABLE zatca_egs ADD COLUMN invoice_types TEXT NOT NULL DEFAULT '0100';

-- A sale may now have two documents: a standard invoice ZATCA did not
-- clear keeps its counter (the chain has no gap), and the simplified
-- invoice issued instead for the same sale takes the next one. So the
-- order no longer identifies a document; the document's own UUID does.
-- report_state gains the clearance states of standard invoices, which
-- never go to reporting:
--   clearing     written and chained, ZATCA's answer not (yet) had
--   cleared      ZATCA cleared it; cleared_xml is ZATCA's document
--   not_cleared  ZATCA refused it (final); its slot stays in the chain
ALTER TABLE zatca_documents RENAME TO zatca_documents_before_0017;
CREATE TABLE zatca_documents (
  icv INTEGER PRIMARY KEY,
  order_uuid TEXT NOT NULL,
  uuid TEXT NOT NULL UNIQUE,            -- the document's cbc:UUID
  kind TEXT NOT NULL CHECK (kind IN ('invoice', 'credit', 'debit')),
  profile TEXT NOT NULL DEFAULT 'simplified' CHECK (profile IN ('simplified', 'standard')),
  number TEXT NOT NULL,
  issued_at INTEGER NOT NULL,
  pih TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  qr TEXT NOT NULL,                     -- a standard invoice's: the QR of ZATCA's cleared document ('' until then)
  xml TEXT NOT NULL,                    -- the document as the till signed it
  buyer TEXT,                           -- JSON: the business buyer of a standard invoice
  cleared_xml TEXT,                     -- ZATCA's cleared document, as it answered
  report_state TEXT NOT NULL DEFAULT 'pending'
    CHECK (report_state IN ('pending', 'reported', 'rejected', 'clearing', 'cleared', 'not_cleared')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  zatca_status TEXT,
  messages TEXT,
  reported_at INTEGER
);
INSERT INTO zatca_documents (icv, order_uuid, uuid, kind, number, issued_at, pih, hash, qr, xml, report_state, attempts,
  next_attempt_at, last_error, zatca_status, messages, reported_at)
SELECT icv, order_uuid, order_uuid, kind, number, issued_at, pih, hash, qr, xml, report_state, attempts,
  next_attempt_at, last_error, zatca_status, messages, reported_at
FROM zatca_documents_before_0017;
DROP TABLE zatca_documents_before_0017;
CREATE INDEX zatca_documents_due ON zatca_documents (report_state, next_attempt_at, icv);
CREATE INDEX zatca_documents_order ON zatca_documents (order_uuid, icv);
