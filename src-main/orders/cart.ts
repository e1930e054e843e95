import { randomUUID } from 'node:crypto';
import {
  CASH_METHOD_KEY,
  lineFigures,
  priceCart,
  quickCashAmounts,
  type BranchTax,
  type Discount,
  type OrderType,
  type PricedCart,
  type ServiceDiscountInput,
} from '../../src-shared/pricing/index.ts';
import { type AppliedPromotion, type CartView } from '../../src-shared/selling/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import type { SaleProduct } from '../catalog/index.ts';
import { refuseGroupBreach } from './option-group-check.ts';

/**
 * A line keeps a snapshot of its product as it was rung up (names, modifiers,
 * every price), so a catalog pull in the middle of a sale changes nothing in
 * the cart, and a parked cart resumes exactly as it was.
 */
export interface CartLine {
  line_id: string;
  product: SaleProduct;
  quantity: number;
  modifier_ids: string[];
  notes: string | null;
  discount: Discount | null;
}

export interface Cart {
  lines: CartLine[];
  order_type: OrderType;
  table_id: string | null;
  customer_id: string | null;
  price_list: string;
  order_discount: Discount | null;
  /** The service's discounts the cashier picked from the list (issue 35); each is given while its rules hold. Absent on carts kept before it. */
  picked_discounts?: string[];
  /**
   * Coupons and loyalty rewards checked for this cart (issue 35): each an
   * order-level service discount given after the service's automatic and picked ones, before the cashier's order discount. Absent on
   * a cart kept or parked before them.
   */
  promotions?: AppliedPromotion[];
}

/** The cart without its lines: what station_carts keeps in one small row. */
export type CartHeader = Omit<Cart, 'lines'>;

/**
 * One change to a cart, naming what it touches, so a station keeps only
 * that: a line added or changed (by its id), a line removed, or the header.
 */
export type CartEdit = { kind: 'line'; line: CartLine } | { kind: 'remove'; line_id: string } | { kind: 'header'; header: CartHeader };

/** The cart after `edit`, sharing every untouched line with `cart` (a new array, no line copied). */
export function withEdit(cart: Cart, edit: CartEdit): Cart {
  switch (edit.kind) {
    case 'line': {
      const at = cart.lines.findIndex((l) => l.line_id === edit.line.line_id);
      const lines = at < 0 ? [...cart.lines, edit.line] : cart.lines.with(at, edit.line);
      return { ...cart, lines };
    }
    case 'remove':
      return { ...cart, lines: cart.lines.filter((l) => l.line_id !== edit.line_id) };
    case 'header':
      return { ...edit.header, lines: cart.lines };
  }
}

/** The cart's header. */
export function headerOf(cart: Cart): CartHeader {
  const { lines: _lines, ...header } = cart;
  return header;
}

export function emptyCart(): Cart {
  return { lines: [], order_type: 'TAKEAWAY', table_id: null, customer_id: null, price_list: CASH_METHOD_KEY, order_discount: null };
}

export function newLine(product: SaleProduct, quantity: number, modifierIds: string[], notes: string | null): CartLine {
  checkModifiers(product, modifierIds);
  return { line_id: randomUUID(), product, quantity, modifier_ids: modifierIds, notes, discount: null };
}

/** Refuses options the product does not have, and a choice that breaks one of its option groups' rules (a screen may send anything). */
export function checkModifiers(product: SaleProduct, modifierIds: string[]): void {
  for (const id of modifierIds) {
    if (!product.modifiers.some((m) => m.id === id)) {
      throw new TillError('not_found', `"${product.name_en}" has no modifier ${id}; pick one of its own modifiers`);
    }
  }
  refuseGroupBreach(product, modifierIds);
}

export function findLine(cart: Cart, lineId: string): CartLine {
  const line = cart.lines.find((l) => l.line_id === lineId);
  if (!line) throw new TillError('not_found', `the cart has no line ${lineId}; it may have been removed already`);
  return line;
}

/** The modifiers a line chose, as its product's snapshot has them (they were checked when it was rung up). */
export function chosenModifiers(line: CartLine): CartLine['product']['modifiers'] {
  return line.modifier_ids.map((id) => line.product.modifiers.find((candidate) => candidate.id === id)!);
}

/** What the service's discounts are judged by, besides the cart itself: the replica's list, the clock, the branch. */
export type DiscountSetting = Omit<ServiceDiscountInput, 'picked'>;

/**
 * The cart priced: its lines' snapshots hold minor units, as the replica does, and go to pricing as they are.
 * `discounts`: the service's discounts and the moment they are judged at; without it, none is given.
 */
export function priceOf(cart: Cart, tax: BranchTax, discounts?: DiscountSetting): PricedCart {
  return priceCart({
    tax,
    methodKey: cart.price_list,
    orderType: cart.order_type,
    discount: cart.order_discount ?? undefined,
    ...(discounts ? { service: { ...discounts, picked: cart.picked_discounts ?? [] } } : {}),
    // Coupons and rewards (issue 35): the service's discounts too, given after its automatic and picked ones.
    ...(cart.promotions && cart.promotions.length > 0 ? { codes: cart.promotions } : {}),
    lines: cart.lines.map((line) => ({
      product: line.product,
      quantity: line.quantity,
      discount: line.discount ?? undefined,
      modifiers: chosenModifiers(line),
    })),
  });
}

/** `decimals`: the currency's places (currencyDecimals), for the quick-cash notes counted in its major unit. */
export function cartView(cart: Cart, priced: PricedCart, decimals = 2): CartView {
  return {
    lines: cart.lines.map((line, index) => {
      const p = priced.lines[index]!;
      return {
        line_id: line.line_id,
        product_id: line.product.id,
        name_en: line.product.name_en,
        name_ar: line.product.name_ar,
        modifiers: chosenModifiers(line),
        notes: line.notes,
        line_discount: line.discount,
        ...lineFigures(p),
      };
    }),
    order_type: cart.order_type,
    table_id: cart.table_id,
    customer_id: cart.customer_id,
    price_list: cart.price_list,
    order_discount: cart.order_discount,
    picked_discounts: cart.picked_discounts ?? [],
    discounts: priced.discounts,
    service_discount: priced.service_discount,
    subtotal: priced.subtotal,
    discount_total: priced.discount_total,
    tax: priced.tax,
    total: priced.total,
    vat_rate: priced.vat_rate,
    prices_include_tax: priced.prices_include_tax,
    quick_cash: quickCashAmounts(priced.total, decimals),
  };
}
