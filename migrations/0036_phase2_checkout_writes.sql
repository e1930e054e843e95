-- What a phase-2 checkout writes (issue 37 item 2, docs/performance.md):
-- zatca_documents_order, (order_uuid, seq), was a page in every phase-2
-- sale, and it repeated UNIQUE (uuid) for nearly every document: a sale's or
-- refund's document takes its order's uuid as its cbc:UUID. Only a document
-- issued under a UUID of its own (the simplified invoice issued after ZATCA
-- did not clear a standard one, a standard note issued again) needs it, so
-- it indexes those alone; an order's documents are found through UNIQUE
-- (uuid) and this index (zatca-store.ts documentsOfOrder). A sale no longer
-- writes it.
DROP INDEX zatca_documents_order;
CREATE INDEX zatca_documents_order ON zatca_documents (order_uuid, seq) WHERE uuid <> order_uuid;

-- This machine's record of where its own chain stands (zatca_this_machine)
-- was written by every phase-2 sale, a page each time, though it is read
-- only when a snapshot replaces the file (a rejoin: the copy may lack the
-- documents this machine signed alone, and the record must say where its
-- chain goes on). The unit's shared row (zatca_egs), written by the same
-- sale, already says where the chain stands in this file; the record is
-- settled from it when it is read for the copy (standby/machine-rows.ts
-- reads a machine-local table through its `_settled` view when it has one).
CREATE VIEW zatca_this_machine_settled AS
SELECT m.id, m.unit,
  CASE WHEN e.next_icv > m.next_icv THEN e.next_icv ELSE m.next_icv END AS next_icv,
  CASE WHEN e.next_icv > m.next_icv THEN e.last_hash ELSE m.last_hash END AS last_hash
FROM zatca_this_machine AS m LEFT JOIN zatca_egs AS e ON e.unit = m.unit;
