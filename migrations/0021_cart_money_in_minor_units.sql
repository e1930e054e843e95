-- Money in one form (issue 24, part 2): a cart line keeps a snapshot of its
-- product, and the prices in it were decimal strings ("12.50", a PERCENT
-- "15.00"): the replica's integer minor units formatted, to be parsed again
-- when priced. They are minor units now, as in the replica. Each stored
-- snapshot (parked carts, each station's cart, tab lines) is converted
-- exactly: the strings were written from minor units with a fixed number of
-- places, so dropping the point gives the integer back ("12.50" → 1250,
-- "-0.05" → -5, "1.250" fils → 1250), with no float on the way. A value
-- that is already a number is left as it is.

UPDATE parked_carts SET cart = json_set(cart, '$.lines', (
  SELECT json_group_array(json(json_set(line.value, '$.product.prices', (
    SELECT json_group_array(json(
      CASE WHEN json_type(price.value, '$.value') = 'text'
        THEN json_set(price.value, '$.value', CAST(replace(json_extract(price.value, '$.value'), '.', '') AS INTEGER))
        ELSE price.value END) ORDER BY price.key)
    FROM json_each(line.value, '$.product.prices') AS price
  ))) ORDER BY line.key)
  FROM json_each(cart, '$.lines') AS line
))
WHERE json_valid(cart) AND json_type(cart, '$.lines') = 'array';

UPDATE station_carts SET cart = json_set(cart, '$.lines', (
  SELECT json_group_array(json(json_set(line.value, '$.product.prices', (
    SELECT json_group_array(json(
      CASE WHEN json_type(price.value, '$.value') = 'text'
        THEN json_set(price.value, '$.value', CAST(replace(json_extract(price.value, '$.value'), '.', '') AS INTEGER))
        ELSE price.value END) ORDER BY price.key)
    FROM json_each(line.value, '$.product.prices') AS price
  ))) ORDER BY line.key)
  FROM json_each(cart, '$.lines') AS line
))
WHERE json_valid(cart) AND json_type(cart, '$.lines') = 'array';

UPDATE tab_lines SET line = json_set(line, '$.product.prices', (
  SELECT json_group_array(json(
    CASE WHEN json_type(price.value, '$.value') = 'text'
      THEN json_set(price.value, '$.value', CAST(replace(json_extract(price.value, '$.value'), '.', '') AS INTEGER))
      ELSE price.value END) ORDER BY price.key)
  FROM json_each(line, '$.product.prices') AS price
))
WHERE json_valid(line) AND json_type(line, '$.product.prices') = 'array';
