// A till (real SQLite file in a temp folder) selling the emulator's demo
// menu, and a client for the emulator over loopback: the setting every
// upload integration test starts from.
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../emulator/index.ts';
import { openDatabase, type TillDatabase } from '../../../src-main/db/index.ts';
import { insertOrder } from '../../../src-main/till/index.ts';
import { ServiceClient } from '../../../src-main/upstream/index.ts';
import { parseDecimal } from '../../../src-shared/money/index.ts';
import { branchTaxFromMe } from '../../../src-shared/pricing/index.ts';
import type { OrderRecord } from '../../../src-shared/till/index.ts';
import { tempDir } from '../../support/temp-dir.ts';
import { saleDraft, type SaleLine, type SellableProduct, type Shop } from '../../unit/upload/order-drafts.ts';

export interface EmulatorShop {
  emulator: RunningEmulator;
  db: TillDatabase;
  shop: Shop;
  products: SellableProduct[];
  client: (token?: string) => ServiceClient;
  /** Rings up `count` varied sales of the menu, each committed as checkout commits it. */
  sell: (count: number) => OrderRecord[];
  sellLines: (lines: SaleLine[]) => OrderRecord;
  row: (uuid: string) => { state: string; attempts: number; last_error: string | null; rejection: string | null; service_status: string | null; service_id: string | null };
  close: () => Promise<void>;
}

/** The products on sale, with their CASH price (the emulator's demo menu prices every product for CASH). */
export function menuOf(emulator: RunningEmulator): SellableProduct[] {
  return emulator.tenant.products
    .filter((p) => p.deleted_at === null && p.is_active)
    .flatMap((p) => {
      const cash = p.prices.find((price) => price.modifier_id === null && price.priceable_type === 'PAYMENT_METHOD' && price.priceable_id === 'CASH');
      if (!cash) return [];
      return [{
        id: p.id,
        category_id: p.category_id,
        name_en: p.name_en,
        name_ar: p.name_ar,
        price: parseDecimal(cash.value, `product ${p.id} CASH price`),
        modifiers: p.modifiers.map((m) => ({ id: m.id, name_en: m.name_en, name_ar: m.name_ar, price: parseDecimal(m.price, `modifier ${m.id} price`) })),
      }];
    });
}

export async function openEmulatorShop(options: EmulatorOptions = {}): Promise<EmulatorShop> {
  const emulator = await startEmulator({ port: 0, ...options });
  const dir = tempDir('till-upload-it-');
  const db = openDatabase(dir.file('till.db'));
  const shop: Shop = { marketId: emulator.marketId, branchId: emulator.branchId, tax: branchTaxFromMe(emulator.tenant.me.branch), methodKey: 'CASH' };
  const products = menuOf(emulator);
  if (products.length < 3) throw new Error(`the emulator's menu has ${products.length} products priced for CASH; the upload tests need a few`);
  // A fixed sequence, so a failing run can be replayed.
  let seed = 20_250_105;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  let clock = Date.UTC(2025, 0, 5, 9, 0, 0);
  const sellLines = (lines: SaleLine[]) =>
    insertOrder(db, saleDraft(shop, lines, { createdAt: (clock += 37_000), payWith: next(5) === 0 ? ['CASH', 'MADA'] : ['CASH'] }));
  const sell = (count: number) =>
    Array.from({ length: count }, () =>
      sellLines(
        Array.from({ length: 1 + next(4) }, () => {
          const product = products[next(products.length)]!;
          const modifier = product.modifiers?.length && next(3) === 0 ? [product.modifiers[next(product.modifiers.length)]!.id] : [];
          return { product, quantity: 1 + next(3), modifierIds: modifier, discount: next(6) === 0 ? 100 : 0 };
        }),
      ),
    );
  return {
    emulator,
    db,
    shop,
    products,
    client: (token = emulator.token) => new ServiceClient({ baseUrl: emulator.baseUrl, token, timeoutMs: 5_000 }),
    sell,
    sellLines,
    row: (uuid) => db.prepare('SELECT * FROM outbox WHERE order_uuid = ?').get(uuid) as ReturnType<EmulatorShop['row']>,
    close: async () => {
      await emulator.close();
      db.close();
      dir.cleanup();
    },
  };
}

/** The money of a local order as the service should hold it. */
export function expectedTotals(record: OrderRecord): { subtotal: string; discount_total: string; tax: string; total: string; items: number } {
  const f = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
  return { subtotal: f(record.subtotal), discount_total: f(record.discount_total), tax: f(record.tax), total: f(record.total), items: record.lines.length };
}
