-- Every privileged action the till was asked for (refunds, discounts over the
-- limit, signing in to a service, drawer without a sale, shift and PIN
-- events), approved or refused: who asked, what, when, for which order, and
-- how it ended. Rows are only ever added (src-main/host/authorization/audit-log.ts).

CREATE TABLE audit (
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  who TEXT NOT NULL,
  action TEXT NOT NULL,
  method TEXT,
  order_uuid TEXT,
  outcome TEXT NOT NULL,
  approved_by TEXT,
  detail TEXT
);

CREATE INDEX audit_at ON audit (at);
CREATE INDEX audit_order ON audit (order_uuid) WHERE order_uuid IS NOT NULL;

CREATE TRIGGER audit_append_only_update BEFORE UPDATE ON audit BEGIN
  SELECT RAISE(ABORT, 'the audit table is append-only');
END;
CREATE TRIGGER audit_append_only_delete BEFORE DELETE ON audit BEGIN
  SELECT RAISE(ABORT, 'the audit table is append-only');
END;
