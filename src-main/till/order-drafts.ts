import { formatMinor } from '../../src-shared/money/index.ts';
import type { PricedCart, Settlement } from '../../src-shared/pricing/index.ts';
import type { OrderDraft, OrderRecord } from '../../src-shared/till/index.ts';
import { encodeZatcaQr, formatZatcaTimestamp } from '../../src-shared/zatca/index.ts';
import type { BranchProfile } from './branch-profile.ts';
import type { Cart } from './cart.ts';

export interface SaleInput {
  uuid: string;
  createdAt: number;
  cart: Cart;
  priced: PricedCart;
  settlement: Settlement;
  profile: BranchProfile;
}

/**
 * The order a paid cart becomes: the priced lines with the names and
 * modifiers as rung up, the payments, and the ZATCA QR for a paid order of a
 * seller with a VAT number.
 */
export function saleDraft({ uuid, createdAt, cart, priced, settlement, profile }: SaleInput): OrderDraft {
  const status = settlement.is_paid ? 'PAID' : 'UNPAID';
  return {
    uuid,
    kind: 'SALE',
    refund_of: null,
    status,
    type: cart.order_type,
    table_id: cart.table_id,
    customer_id: cart.customer_id,
    market_id: profile.marketId,
    branch_id: profile.branchId,
    price_list: cart.price_list,
    vat_rate: priced.vat_rate,
    prices_include_tax: priced.prices_include_tax,
    subtotal: priced.subtotal,
    discount_total: priced.discount_total,
    tax: priced.tax,
    total: priced.total,
    tendered: settlement.cash_tendered,
    change_due: settlement.change,
    order_discount: cart.order_discount,
    notes: null,
    zatca_qr:
      status === 'PAID' && profile.vatNumber
        ? encodeZatcaQr({
            sellerName: profile.sellerName,
            vatNumber: profile.vatNumber,
            timestamp: formatZatcaTimestamp(createdAt),
            total: formatMinor(priced.total),
            vatTotal: formatMinor(priced.tax),
          })
        : null,
    created_at: createdAt,
    lines: cart.lines.map((line, index) => {
      const p = priced.lines[index]!;
      return {
        line_no: index + 1,
        product_id: line.product.id,
        category_id: line.product.category_id,
        name_en: line.product.name_en,
        name_ar: line.product.name_ar,
        quantity: line.quantity,
        unit_price: p.unit_price,
        gross: p.gross,
        discount: p.discount,
        tax: p.tax,
        total: p.total,
        line_discount: line.discount,
        modifiers: line.modifier_ids.map((id) => {
          const m = line.product.modifiers.find((candidate) => candidate.id === id)!;
          return { modifier_id: m.id, name_en: m.name_en, name_ar: m.name_ar, price: m.price };
        }),
        notes: line.notes,
      };
    }),
    payments: settlement.payments,
  };
}

const negate = (n: number) => (n === 0 ? 0 : -n);

/** A refund is its own order: every amount and quantity negated, paid back by the same methods, pointing at the original. */
export function refundDraft(original: OrderRecord, uuid: string, createdAt: number): OrderDraft {
  return {
    ...original,
    uuid,
    kind: 'REFUND',
    refund_of: original.uuid,
    status: 'PAID',
    subtotal: negate(original.subtotal),
    discount_total: negate(original.discount_total),
    tax: negate(original.tax),
    total: negate(original.total),
    tendered: 0,
    change_due: 0,
    zatca_qr: null,
    created_at: createdAt,
    lines: original.lines.map((l) => ({ ...l, quantity: -l.quantity, gross: negate(l.gross), discount: negate(l.discount), tax: negate(l.tax), total: negate(l.total) })),
    payments: original.payments.map((p) => ({ method_key: p.method_key, amount: negate(p.amount) })),
  };
}
