-- Coupons and loyalty rewards given on a sale (issue 35, items 2 and 3):
-- one row per code, written in the order's own transaction at checkout.
-- `source` is coupon or reward; `verified` is 0 only for a coupon accepted
-- offline from the replica's discounts (coupons.offline = replica), for the
-- service to judge. `kind` and `value` are the discount it gave (PERCENT:
-- hundredths of a percent; AMOUNT: minor units), `max_amount` its cap,
-- `amount` what it took off (minor units). A reward code is redeemed once: the till
-- refuses one already on an order here.
CREATE TABLE order_promotions (
  order_uuid TEXT NOT NULL REFERENCES orders (uuid),
  position INTEGER NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('coupon', 'reward')),
  code TEXT NOT NULL,
  discount_id TEXT,
  name_en TEXT,
  name_ar TEXT,
  kind TEXT NOT NULL CHECK (kind IN ('PERCENT', 'AMOUNT')),
  value INTEGER NOT NULL,
  max_amount INTEGER,
  amount INTEGER NOT NULL,
  verified INTEGER NOT NULL CHECK (verified IN (0, 1)),
  PRIMARY KEY (order_uuid, position)
) WITHOUT ROWID;

CREATE INDEX order_promotions_by_code ON order_promotions (source, code);
