// Migration 0021 (issue 24, part 2): the product snapshots kept in carts held
// their prices as decimal strings; on a database made by the old migrations,
// with rows written the way the old code wrote them, every such price becomes
// the exact integer of minor units, and the carts price as they did before.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, DEFAULT_MIGRATIONS_DIR, openDatabase, readMigrations } from '../../../src-main/db/index.ts';
import { parkedCarts } from '../../../src-main/selling/parked-carts.ts';
import { loadStationCart } from '../../../src-main/stations/station-carts.ts';
import { priceOf, type Cart, type CartLine } from '../../../src-main/orders/cart.ts';
import { tempDir } from '../../support/temp-dir.ts';

const dirs: ReturnType<typeof tempDir>[] = [];
afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

const MIGRATION = '0021_cart_money_in_minor_units.sql';

/** A price as the old code kept it in a snapshot: the replica's minor units formatted back to a decimal string. */
const oldPrice = (id: string, priceableId: string, value: string, valueType = 'NOMINAL', priceableType = 'PAYMENT_METHOD') => ({
  id,
  product_id: 'p1',
  modifier_id: null,
  priceable_type: priceableType,
  priceable_id: priceableId,
  value,
  value_type: valueType,
});

/** A cart line as the old code wrote it (product snapshot with string prices; modifiers were already minor units). */
const oldLine = (lineId: string, prices: ReturnType<typeof oldPrice>[], modifiers = [{ id: 'm1', name_en: 'Shot', name_ar: 'شوت', price: 300 }]) => ({
  line_id: lineId,
  product: { id: 'p1', category_id: 1, name_en: 'Latte', name_ar: 'لاتيه', description_en: null, description_ar: null, modifiers, prices },
  quantity: 2,
  modifier_ids: modifiers.map((m) => m.id),
  notes: null,
  discount: null,
});

const oldCart = (lines: unknown[]) => ({
  lines,
  order_type: 'DELIVERY',
  table_id: null,
  customer_id: null,
  price_list: 'MADA',
  order_discount: null,
});

// Awkward values: a negative below one unit, a 3-place currency's fils, zero, a PERCENT, and the largest exact amount.
const LINE_A = [
  oldPrice('a1', 'CASH', '12.50'),
  oldPrice('a2', 'MADA', '-0.05'),
  oldPrice('a3', 'DELIVERY', '15.00', 'PERCENT', 'ORDER_TYPE'),
  oldPrice('a4', 'VISA', '0.00'),
];
const LINE_B = [oldPrice('b1', 'CASH', '1.250'), oldPrice('b2', 'JAHEZ', '90071992547409.91')];

function databaseOfTheOldMigrations(file: string): void {
  const raw = new Database(file);
  const migrations = readMigrations(DEFAULT_MIGRATIONS_DIR);
  const before = migrations.findIndex((m) => m.name === MIGRATION);
  expect(before).toBeGreaterThan(0);
  applyMigrations(raw, migrations.slice(0, before));
  raw
    .prepare('INSERT INTO parked_carts (id, label, cart, parked_at) VALUES (?, ?, ?, ?)')
    .run('park-1', 'Table 4', JSON.stringify({ ...oldCart([oldLine('l1', LINE_A), oldLine('l2', LINE_B, [])]), parked_by: 'Sara' }), 1);
  raw.prepare('INSERT INTO station_carts (station, cart, updated_at) VALUES (?, ?, ?)').run('local', JSON.stringify(oldCart([oldLine('l3', LINE_A)])), 1);
  raw.prepare('INSERT INTO station_carts (station, cart, updated_at) VALUES (?, ?, ?)').run('empty', JSON.stringify(oldCart([])), 1);
  raw
    .prepare(
      "INSERT INTO tabs (id, label, table_id, guests, state, version, opened_at, opened_by, closed_at, merged_into) VALUES ('t1', 'Tab', NULL, NULL, 'open', 1, 1, 'Sara', NULL, NULL)",
    )
    .run();
  raw
    .prepare("INSERT INTO tab_lines (id, tab_id, round, position, line, added_at, added_by) VALUES ('l4', 't1', 1, 0, ?, 1, 'Sara')")
    .run(JSON.stringify(oldLine('l4', LINE_B)));
  raw.close();
}

describe('migration 0021: cart snapshots hold money in minor units', () => {
  it('converts every stored snapshot price exactly, leaves everything else as it was, and the carts price as before', () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = dir.file('till.db');
    databaseOfTheOldMigrations(file);
    const db = openDatabase(file);

    const values = (line: CartLine) => line.product.prices.map((p) => p.value);
    const [parked] = parkedCarts(db);
    expect(parked!.parked_by).toBe('Sara');
    expect(parked!.cart.lines.map(values)).toEqual([
      [1250, -5, 1500, 0],
      [1250, 9_007_199_254_740_991],
    ]);
    // Nothing but the values changed: the rest of each line and cart is as written.
    const asMinor = (line: ReturnType<typeof oldLine>, minor: number[]) => ({
      ...line,
      product: { ...line.product, prices: line.product.prices.map((p, j) => ({ ...p, value: minor[j] })) },
    });
    expect(parked!.cart).toEqual(
      oldCart([asMinor(oldLine('l1', LINE_A), [1250, -5, 1500, 0]), asMinor(oldLine('l2', LINE_B, []), [1250, 9_007_199_254_740_991])]),
    );
    expect(loadStationCart(db, 'local')!.lines.map(values)).toEqual([[1250, -5, 1500, 0]]);
    expect(loadStationCart(db, 'empty')!.lines).toEqual([]);
    const tabLine = JSON.parse((db.prepare("SELECT line FROM tab_lines WHERE id = 'l4'").get() as { line: string }).line) as CartLine;
    expect(values(tabLine)).toEqual([1250, 9_007_199_254_740_991]);
    // Every value is an integer in SQLite's own eyes too, not a real.
    const types = db
      .prepare("SELECT DISTINCT json_type(p.value, '$.value') AS t FROM parked_carts, json_each(cart, '$.lines') l, json_each(l.value, '$.product.prices') p")
      .all();
    expect(types).toEqual([{ t: 'integer' }]);

    // Priced from the converted snapshot at MADA, delivery: base -0.05, +15% of it (-0.0075 → -0.01, half away from zero),
    // + the 3.00 shot = 2.94 a unit, two of them.
    const station = loadStationCart(db, 'local') as Cart;
    const priced = priceOf(station, { vatRate: 1500, pricesIncludeTax: true });
    expect(priced.lines[0]).toMatchObject({ unit_price: 294, gross: 588 });
    db.close();
  });
});
