-- A customer display (issue 21, part 5) faces the customers of ONE counter:
-- it shows that counter's cart as the cashier rings it, then the change due
-- and the receipt's QR. `shows_cart_of` is that counter's code (null: not
-- paired to a counter yet, the display stays idle). Only a customer_display
-- station has one; the store checks the counter is a counter in use.
ALTER TABLE stations ADD COLUMN shows_cart_of TEXT;
