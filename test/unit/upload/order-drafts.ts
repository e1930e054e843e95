// Realistic order drafts for upload tests: amounts worked the way checkout
// works them (gross, discount, VAT per line, payments that settle the total),
// so the service's own checks (item total = unit × quantity, subtotal = Σ
// items, total = subtotal − discount (+ tax), payments = total) hold.
import { randomUUID } from 'node:crypto';
import type { BranchTax, OrderType } from '../../../src-shared/pricing/index.ts';
import { taxOf } from '../../../src-shared/pricing/index.ts';
import type { OrderDraft, OrderRecord } from '../../../src-shared/till/index.ts';

export interface SellableProduct {
  id: string;
  category_id: number;
  name_en: string;
  name_ar: string;
  /** Minor units, for the price list the sale uses. */
  price: number;
  modifiers?: { id: string; name_en: string; name_ar: string; price: number }[];
}

export interface Shop {
  marketId: string;
  branchId: string;
  tax: BranchTax;
  methodKey: string;
}

export interface SaleLine {
  product: SellableProduct;
  quantity: number;
  /** Ids among the product's modifiers. */
  modifierIds?: string[];
  /** A fixed discount on the line, minor units. */
  discount?: number;
  notes?: string | null;
}

export interface SaleOptions {
  createdAt?: number;
  uuid?: string;
  /** DINE_IN by default: the price list without order-type adjustments. */
  type?: OrderType;
  /** Method keys the total is split across (evenly, the remainder on the first); the shop's method by default. */
  payWith?: string[];
}

export function saleDraft(shop: Shop, lines: SaleLine[], options: SaleOptions = {}): OrderDraft {
  const priced = lines.map((line, index) => {
    const modifiers = (line.modifierIds ?? []).map((id) => {
      const m = line.product.modifiers?.find((candidate) => candidate.id === id);
      if (!m) throw new Error(`product ${line.product.id} has no modifier ${id}`);
      return { modifier_id: m.id, name_en: m.name_en, name_ar: m.name_ar, price: m.price };
    });
    const unit = line.product.price + modifiers.reduce((sum, m) => sum + m.price, 0);
    const gross = unit * line.quantity;
    const discount = Math.min(line.discount ?? 0, gross);
    const net = gross - discount;
    const tax = taxOf(net, shop.tax);
    return {
      line_no: index + 1,
      product_id: line.product.id,
      category_id: line.product.category_id,
      name_en: line.product.name_en,
      name_ar: line.product.name_ar,
      quantity: line.quantity,
      unit_price: unit,
      gross,
      discount,
      tax,
      total: shop.tax.pricesIncludeTax ? net : net + tax,
      line_discount: discount > 0 ? { kind: 'AMOUNT' as const, value: discount } : null,
      modifiers,
      notes: line.notes ?? null,
    };
  });
  const subtotal = priced.reduce((sum, l) => sum + l.gross, 0);
  const discountTotal = priced.reduce((sum, l) => sum + l.discount, 0);
  const tax = priced.reduce((sum, l) => sum + l.tax, 0);
  const total = subtotal - discountTotal + (shop.tax.pricesIncludeTax ? 0 : tax);
  return {
    uuid: options.uuid ?? randomUUID(),
    kind: 'SALE',
    refund_of: null,
    status: 'PAID',
    type: options.type ?? 'DINE_IN',
    table_id: null,
    customer_id: null,
    market_id: shop.marketId,
    branch_id: shop.branchId,
    price_list: shop.methodKey,
    vat_rate: shop.tax.vatRate,
    prices_include_tax: shop.tax.pricesIncludeTax,
    subtotal,
    discount_total: discountTotal,
    tax,
    total,
    tendered: 0,
    change_due: 0,
    order_discount: null,
    notes: null,
    zatca_qr: null,
    created_at: options.createdAt ?? Date.now(),
    lines: priced,
    payments: split(total, options.payWith ?? [shop.methodKey]),
  };
}

function split(total: number, keys: string[]): OrderDraft['payments'] {
  const share = Math.floor(total / keys.length);
  return keys.map((key, i) => ({ method_key: key, amount: i === 0 ? total - share * (keys.length - 1) : share }));
}

/** The refund of `sale`, as the till service makes one: its own order, every amount negated. */
export function refundDraft(sale: OrderRecord, createdAt = Date.now()): OrderDraft {
  const negate = (n: number) => (n === 0 ? 0 : -n);
  const { number: _number, business_day: _day, ...rest } = sale;
  return {
    ...rest,
    uuid: randomUUID(),
    kind: 'REFUND',
    refund_of: sale.uuid,
    status: 'PAID',
    subtotal: negate(sale.subtotal),
    discount_total: negate(sale.discount_total),
    tax: negate(sale.tax),
    total: negate(sale.total),
    tendered: 0,
    change_due: 0,
    zatca_qr: null,
    created_at: createdAt,
    lines: sale.lines.map((l) => ({ ...l, quantity: -l.quantity, gross: negate(l.gross), discount: negate(l.discount), tax: negate(l.tax), total: negate(l.total) })),
    payments: sale.payments.map((p) => ({ method_key: p.method_key, amount: negate(p.amount) })),
  };
}
