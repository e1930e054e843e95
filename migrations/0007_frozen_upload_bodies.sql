-- Settle-later payments and the upload in flight. Once an order's body has
-- been read for upload (`frozen_at`), it never changes again: the service
-- keeps the first body it gets for a uuid and answers later ones
-- `duplicate`, so a payment added to the body afterwards could be lost.
-- A payment taken after that goes as a settlement record of its own
-- (`settlement_uuid` names it), sent once the order itself is synced.
ALTER TABLE outbox ADD COLUMN frozen_at INTEGER;
ALTER TABLE order_payments ADD COLUMN settlement_uuid TEXT;

-- Orders that may already have been sent keep the body they were sent with.
UPDATE outbox SET frozen_at = coalesce(synced_at, 0) WHERE state <> 'pending' OR attempts > 0;
