import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SaleProduct } from '../../../src-main/catalog/index.ts';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { insertKitchenTicket, kitchenItemsOf, kitchenLineOfRow } from '../../../src-main/kitchen/kitchen-ticket-store.ts';
import { chosenModifiers, newLine, priceOf, type Cart } from '../../../src-main/orders/index.ts';
import { saleDraft } from '../../../src-main/selling/order-drafts.ts';
import { kitchenLine, kitchenOrderOf, type KitchenLine } from '../../../src-shared/kitchen/index.ts';
import { settlePayments } from '../../../src-shared/pricing/index.ts';
import type { OrderRecord } from '../../../src-shared/selling/index.ts';
import { tempDir } from '../../support/temp-dir.ts';

// Issue 33: one function builds kitchen lines. The same latte rung up is the
// same kitchen line whether it was sold (the printed ticket, the display),
// sent in a tab's round, or read back from a display's stored items: same
// fields, same order, same bytes, and nothing of its price or ids.

const LATTE: SaleProduct = {
  id: 'p-latte',
  category_id: 7,
  name_en: 'Latte',
  name_ar: 'لاتيه',
  description_en: 'Espresso and milk',
  description_ar: null,
  modifiers: [
    { id: 'm-oat', name_en: 'Oat milk', name_ar: 'حليب شوفان', price: 300 },
    { id: 'm-shot', name_en: 'Extra shot', name_ar: 'جرعة إضافية', price: 450 },
  ],
  prices: [
    { id: 'pr-1', product_id: 'p-latte', modifier_id: null, priceable_type: 'PAYMENT_METHOD', priceable_id: 'CASH', value: 1500, value_type: 'NOMINAL' },
  ],
};

const EXPECTED: KitchenLine = {
  product_id: 'p-latte',
  category_id: 7,
  name_en: 'Latte',
  name_ar: 'لاتيه',
  quantity: 2,
  modifiers: [
    { name_en: 'Extra shot', name_ar: 'جرعة إضافية' },
    { name_en: 'Oat milk', name_ar: 'حليب شوفان' },
  ],
  notes: 'no foam',
};

let dir: ReturnType<typeof tempDir>;
let db: TillDatabase;
beforeEach(() => {
  dir = tempDir('till-kitchen-line-');
  db = openDatabase(dir.file('till.db'));
});
afterEach(() => {
  db.close();
  dir.cleanup();
});

/** The latte as the till sells it: the order the checkout writes, from the cart line. */
function soldOrder(cart: Cart): OrderRecord {
  const priced = priceOf(cart, { vatRate: 1500, pricesIncludeTax: true });
  const draft = saleDraft({
    uuid: 'o-1',
    createdAt: 1_700_000_000_000,
    cart,
    priced,
    settlement: settlePayments(priced.total, [{ method_key: 'CASH', amount: priced.total }]),
    profile: {
      marketId: 'm',
      branchId: 'b',
      tax: { vatRate: 1500, pricesIncludeTax: true },
      sellerName: 'Till',
      vatNumber: null,
      marketNameEn: 'Till',
      marketNameAr: 'Till',
      nameEn: 'Main',
      nameAr: 'Main',
    } as Parameters<typeof saleDraft>[0]['profile'],
  });
  return { ...draft, number: 'A-1', business_day: '2023-11-14', station: 'counter-1' } as OrderRecord;
}

describe('kitchenLine: the one builder of kitchen lines', () => {
  it('a sold line, a tab line and a stored display item give the same line, byte for byte, without prices or ids', () => {
    const line = newLine(LATTE, 2, ['m-shot', 'm-oat'], 'no foam');
    const cart: Cart = { lines: [line], order_type: 'DINE_IN', table_id: 'T4', customer_id: null, price_list: 'CASH', order_discount: null };

    const sold = kitchenOrderOf(soldOrder(cart)).lines[0]!;
    const sent = kitchenLine({ ...line, modifiers: chosenModifiers(line) });
    insertKitchenTicket(db, {
      id: 't-1',
      station_id: 1,
      source: 'round',
      source_id: 'tab:round:1',
      order_number: null,
      table_name: 'T4',
      order_type: null,
      round: 1,
      created_at: 1_700_000_000_000,
      items: [{ item_id: 't-1:1', ...sent }],
    });
    const stored = kitchenLineOfRow(kitchenItemsOf(db, ['t-1'])[0]!);

    for (const built of [sold, sent, stored]) {
      expect(built).toEqual(EXPECTED);
      expect(JSON.stringify(built)).toBe(JSON.stringify(EXPECTED));
    }
  });
});
