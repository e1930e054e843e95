-- How many orders are pending, synced and rejected, kept by triggers so that
-- the status bar's counts cost one tiny read instead of a scan of every order
-- ever sold (the upload worker reads them after every batch).

CREATE TABLE outbox_counts (
  state TEXT PRIMARY KEY CHECK (state IN ('pending', 'synced', 'rejected')),
  n INTEGER NOT NULL
);

INSERT INTO outbox_counts (state, n)
SELECT states.state, (SELECT count(*) FROM outbox WHERE outbox.state = states.state)
FROM (SELECT 'pending' AS state UNION ALL SELECT 'synced' UNION ALL SELECT 'rejected') AS states;

CREATE TRIGGER outbox_counts_insert AFTER INSERT ON outbox BEGIN
  UPDATE outbox_counts SET n = n + 1 WHERE state = new.state;
END;

CREATE TRIGGER outbox_counts_update AFTER UPDATE OF state ON outbox WHEN old.state <> new.state BEGIN
  UPDATE outbox_counts SET n = n - 1 WHERE state = old.state;
  UPDATE outbox_counts SET n = n + 1 WHERE state = new.state;
END;

CREATE TRIGGER outbox_counts_delete AFTER DELETE ON outbox BEGIN
  UPDATE outbox_counts SET n = n - 1 WHERE state = old.state;
END;
