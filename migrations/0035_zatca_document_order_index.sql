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
