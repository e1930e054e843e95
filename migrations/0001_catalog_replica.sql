-- The catalog replica: what the last complete pull brought, nothing else.
-- Money and percentages are integer hundredths ("12.50" is 1250).
-- Tables with a text id keep an INTEGER PRIMARY KEY as their rowid so that
-- the external-content search index can rely on it surviving VACUUM.

CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  icon TEXT NOT NULL,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  sectors TEXT NOT NULL, -- JSON array of {id, sector_id, category_id}
  position INTEGER NOT NULL
);

CREATE TABLE products (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  market_id TEXT NOT NULL,
  branch_id TEXT,
  category_id INTEGER NOT NULL,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  description_en TEXT,
  description_ar TEXT,
  duration INTEGER,
  stock INTEGER,
  sort_order INTEGER NOT NULL,
  images TEXT, -- JSON array of URLs, or NULL
  is_active INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  rating_amount INTEGER NOT NULL,
  rating_avg TEXT NOT NULL,
  sold_amount INTEGER NOT NULL,
  sold_revenue REAL NOT NULL, -- a reported statistic, never used for money
  accounting_id TEXT,
  search_text TEXT NOT NULL -- normalized names, the search index's content
);
CREATE INDEX products_by_category ON products (category_id, sort_order);

CREATE TABLE modifiers (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  product_id TEXT NOT NULL,
  name_en TEXT NOT NULL,
  name_ar TEXT NOT NULL,
  price INTEGER NOT NULL,
  position INTEGER NOT NULL
);
CREATE INDEX modifiers_by_product ON modifiers (product_id, position);

CREATE TABLE prices (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  product_id TEXT NOT NULL,
  modifier_id TEXT,
  priceable_type TEXT NOT NULL CHECK (priceable_type IN ('PAYMENT_METHOD', 'ORDER_TYPE')),
  priceable_id TEXT NOT NULL,
  value INTEGER NOT NULL,
  value_type TEXT NOT NULL CHECK (value_type IN ('NOMINAL', 'PERCENT'))
);
CREATE INDEX prices_by_product ON prices (product_id);

CREATE TABLE barcodes (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  barcode TEXT NOT NULL,
  product_id TEXT NOT NULL,
  modifier_id TEXT
);
CREATE INDEX barcodes_by_code ON barcodes (barcode);

CREATE TABLE payment_methods (
  key TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  is_online INTEGER NOT NULL,
  logo_img TEXT,
  position INTEGER NOT NULL
);

CREATE TABLE payment_method_configs (
  id TEXT PRIMARY KEY,
  payment_method_key TEXT NOT NULL,
  target TEXT,
  method TEXT,
  scope TEXT,
  sort INTEGER
);

CREATE TABLE printers (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  settings TEXT NOT NULL -- JSON object of the ten 2.2.1 flags
);

CREATE TABLE customers (
  id TEXT PRIMARY KEY,
  userable_id TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone_prefix TEXT NOT NULL,
  phone TEXT NOT NULL,
  lang TEXT NOT NULL,
  is_active INTEGER NOT NULL
);

-- Facts about the replica as a whole: who we are (`me`), the last pull.
CREATE TABLE replica_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL -- JSON
);

CREATE VIRTUAL TABLE product_search USING fts5(
  search_text,
  content = 'products',
  content_rowid = 'seq',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3'
);

CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN
  INSERT INTO product_search (rowid, search_text) VALUES (new.seq, new.search_text);
END;
CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN
  INSERT INTO product_search (product_search, rowid, search_text) VALUES ('delete', old.seq, old.search_text);
END;
CREATE TRIGGER products_search_update AFTER UPDATE OF search_text ON products BEGIN
  INSERT INTO product_search (product_search, rowid, search_text) VALUES ('delete', old.seq, old.search_text);
  INSERT INTO product_search (rowid, search_text) VALUES (new.seq, new.search_text);
END;
