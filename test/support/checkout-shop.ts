// A till selling through the real checkout: the emulator's demo menu pulled
// into a real SQLite file, sales rung up with TillService (cart, discounts,
// modifiers, split payments, the ZATCA QR) exactly as the cashier's screen
// rings them up. Upload tests start from here, so what they send is what a
// till would send.
import type { EmulatorOptions, RunningEmulator, Tenant } from '../../emulator/index.ts';
import type { Selectable } from 'kysely';
import type { TillDatabase, TillSchema } from '../../src-main/db/index.ts';
import { TillService, type TillOptions } from '../../src-main/host/index.ts';
import { readOrder } from '../../src-main/orders/index.ts';
import { ServiceClient } from '../../src-main/upstream/index.ts';
import { parseDecimal } from '../../src-shared/money/index.ts';
import type { OrderRecord } from '../../src-shared/selling/index.ts';
import type { ZatcaBuyerInput } from '../../src-shared/zatca/index.ts';
import { emulatedService, type EmulatedService } from './emulated-service.ts';
import { allowedChoice } from './option-choice.ts';
import type { ModifierGroup } from '../../src-shared/catalog/index.ts';

/** A product on the demo menu, with its CASH price (minor units) to choose sales by. */
export interface MenuProduct {
  id: string;
  category_id: number;
  name_en: string;
  price: number;
  /** With its option group (issue 34), so a sale can answer the required ones. */
  modifiers: { id: string; price: number; group?: ModifierGroup }[];
}

export interface SaleLine {
  product: MenuProduct;
  quantity: number;
  /** Ids among the product's modifiers. */
  modifierIds?: string[];
  /** A fixed discount on the line, minor units. */
  discount?: number;
  notes?: string;
}

export interface SaleOptions {
  /** Method keys the total is split across (evenly, the remainder on the first); CASH by default. */
  payWith?: string[];
  /** A standard (B2B) tax invoice for this business buyer (issue 22). */
  buyer?: ZatcaBuyerInput;
}

/** An order's outbox row, as the schema types it. */
export type OutboxRow = Selectable<TillSchema['outbox']>;

export interface CheckoutShop {
  service: EmulatedService;
  emulator: RunningEmulator;
  db: TillDatabase;
  till: TillService;
  /** Active products of the menu priced for CASH, in catalog order. */
  products: MenuProduct[];
  client: (token?: string) => ServiceClient;
  /** Rings up `count` varied sales (1–4 lines, some modifiers, some line discounts, some split payments). */
  sell: (count: number, options?: { avoid?: readonly string[] }) => Promise<OrderRecord[]>;
  sellLines: (lines: SaleLine[], options?: SaleOptions) => Promise<OrderRecord>;
  /** The till's refund of a sale, as the orders screen makes it. */
  refund: (sale: OrderRecord) => Promise<OrderRecord>;
  row: (uuid: string) => OutboxRow;
  close: () => Promise<void>;
}

/** The products on sale, with their CASH price (the demo menu prices every product for CASH). */
export function menuOf(emulator: RunningEmulator): MenuProduct[] {
  return emulator.tenant.products
    .filter((p) => p.deleted_at === null && p.is_active)
    .flatMap((p) => {
      const cash = p.prices.find((price) => price.modifier_id === null && price.priceable_type === 'PAYMENT_METHOD' && price.priceable_id === 'CASH');
      if (!cash) return [];
      const modifiers = p.modifiers.map((m) => ({ id: m.id, price: parseDecimal(m.price, `modifier ${m.id} price`), ...(m.group ? { group: m.group } : {}) }));
      return [{ id: p.id, category_id: p.category_id, name_en: p.name_en, price: parseDecimal(cash.value, `product ${p.id} CASH price`), modifiers }];
    });
}

export interface CheckoutShopOptions extends EmulatorOptions {
  /** Changes the back office makes to the menu before the till's first pull. */
  menu?: (tenant: Tenant) => void;
  /** ZATCA phase 2 at checkout (TillService's stampAtCheckout), made once the database is open. */
  stamp?: (db: TillDatabase) => TillOptions['stampAtCheckout'];
  /** More of TillService's hooks (print jobs, standard invoices), made once the database is open. */
  hooks?: (db: TillDatabase) => Partial<TillOptions>;
}

export async function openCheckoutShop(options: CheckoutShopOptions = {}): Promise<CheckoutShop> {
  const { menu, faults, stamp, hooks, ...emulatorOptions } = options;
  const service = await emulatedService(emulatorOptions);
  const { emulator } = service;
  menu?.(emulator.tenant);
  const db = service.open('till.db');
  await service.pull(db);
  // The faults under test are the upload's: the till got its menu on a good day.
  Object.assign(emulator.faults, faults);
  // Sales 37 s apart from a fixed morning: orders sort and number the same on every run.
  let clock = Date.UTC(2025, 0, 5, 9, 0, 0);
  const till = new TillService({ db, now: () => (clock += 37_000), ...(stamp ? { stampAtCheckout: stamp(db) } : {}), ...hooks?.(db) });
  const products = menuOf(emulator);
  if (products.length < 4) throw new Error(`the emulator's menu has ${products.length} products priced for CASH; the upload tests need a few`);

  // A fixed sequence, so a failing run can be replayed.
  let seed = 20_250_105;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };

  const sellLines = async (lines: SaleLine[], sale: SaleOptions = {}): Promise<OrderRecord> => {
    for (const line of lines) {
      const cart = await till.addItem({
        product_id: line.product.id,
        quantity: line.quantity,
        modifier_ids: allowedChoice(line.product.modifiers, line.modifierIds),
        ...(line.notes ? { notes: line.notes } : {}),
      });
      if (line.discount) await till.updateItem({ line_id: cart.lines.at(-1)!.line_id, discount: { kind: 'AMOUNT', value: line.discount } });
    }
    const { total } = await till.cart();
    const keys = sale.payWith ?? ['CASH'];
    const share = Math.floor(total / keys.length);
    const payments = keys.map((key, i) => ({ method_key: key, amount: i === 0 ? total - share * (keys.length - 1) : share }));
    const order = await till.checkout({ payments, ...(sale.buyer ? { buyer: sale.buyer } : {}) });
    return readOrder(db, order.uuid)!;
  };

  const sell = async (count: number, choice: { avoid?: readonly string[] } = {}): Promise<OrderRecord[]> => {
    const menu = products.filter((p) => !choice.avoid?.includes(p.id));
    const sold: OrderRecord[] = [];
    for (let i = 0; i < count; i++) {
      const lines = Array.from({ length: 1 + next(4) }, () => {
        const product = menu[next(menu.length)]!;
        const modifierIds = product.modifiers.length && next(3) === 0 ? [product.modifiers[next(product.modifiers.length)]!.id] : [];
        return { product, quantity: 1 + next(3), modifierIds, discount: next(6) === 0 ? 100 : 0 };
      });
      sold.push(await sellLines(lines, { payWith: next(5) === 0 ? ['CASH', 'MADA'] : ['CASH'] }));
    }
    return sold;
  };

  return {
    service,
    emulator,
    db,
    till,
    products,
    client: (token = emulator.token) => new ServiceClient({ baseUrl: emulator.baseUrl, token, timeoutMs: 5_000 }),
    sell,
    sellLines,
    refund: async (sale) => readOrder(db, (await till.refund({ uuid: sale.uuid, reason: 'test refund' })).uuid)!,
    row: (uuid) => db.prepare('SELECT * FROM outbox WHERE order_uuid = ?').get(uuid) as OutboxRow,
    close: () => service.close(),
  };
}

/** The money of a local order as the service should hold it. */
export function expectedTotals(record: OrderRecord): { subtotal: string; discount_total: string; tax: string; total: string; items: number } {
  const f = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
  return { subtotal: f(record.subtotal), discount_total: f(record.discount_total), tax: f(record.tax), total: f(record.total), items: record.lines.length };
}
