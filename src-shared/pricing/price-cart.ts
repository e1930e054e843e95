/**
 * Prices a cart: unit prices (unit-price.ts), then discounts, then tax.
 *
 * Rules:
 * - gross = unit price × quantity;
 * - the line discount (percent of gross, or an amount) is clamped to [0, gross];
 * - the service's discounts that apply now (discount-rules.ts: automatic
 *   ones, and those the cashier picked) come next, on what the line
 *   discounts left (service-discounts.ts says how much and from which lines);
 *   then the coupons and rewards (issue 35), each a whole-order discount on
 *   what is left, in the order they were checked; all are the service's;
 * - the order discount (percent of, or an amount up to, Σ net after line
 *   and service discounts) is shared across lines in proportion to that net by the
 *   largest-remainder method, so the shares sum to it exactly;
 * - net = gross − line discount − order-discount share;
 * - tax is computed per line on its net (branch-tax.ts), once, so the order's
 *   tax is Σ line tax and a receipt line never disagrees with the total;
 * - line total = net when prices include tax, net + tax otherwise;
 * - order: subtotal = Σ gross, discount_total = Σ line discounts + order
 *   discount, tax = Σ line tax, total = subtotal − discount_total (+ tax when
 *   exclusive), which is also Σ line totals.
 * Every amount is an integer number of minor units (halalas; fils in a
 * 3-decimal currency); see money/rounding.ts for the one rounding rule.
 */
import { assertMinor, sumMinor, toMinor } from '../money/index.ts';
import { allocateByLargestRemainder } from './allocate.ts';
import { assertVatRate, taxOf } from './branch-tax.ts';
import { ORDER_TYPES, type CartInput, type PricedCart, type PricedLine } from './cart.ts';
import { discountAmount } from './discount.ts';
import { whyNot, type RuleLine } from './discount-rules.ts';
import { applyCodeDiscounts, applyDiscounts, type AppliedDiscount } from './service-discounts.ts';
import { unitPriceOf } from './unit-price.ts';
import { TillError } from '../errors/index.ts';

export function priceCart(cart: CartInput): PricedCart {
  assertVatRate(cart.tax.vatRate);
  if (typeof cart.methodKey !== 'string' || cart.methodKey === '') {
    throw new TillError('invalid_input', 'the cart has no payment method key for its price list; pick a payment method (for example CASH)');
  }
  if (!(ORDER_TYPES as readonly string[]).includes(cart.orderType)) {
    throw new TillError('invalid_input', `order type "${String(cart.orderType)}" is not one of ${ORDER_TYPES.join(', ')}`);
  }

  const firstPass = cart.lines.map((line, index) => {
    const where = `line ${index + 1} (product ${line.product.id})`;
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new TillError('invalid_input', `${where}: quantity ${String(line.quantity)} must be a whole number of at least 1`);
    }
    const unit = unitPriceOf(line, cart.methodKey, cart.orderType);
    const gross = toMinor(unit * line.quantity, `${where} gross`);
    const lineDiscount = discountAmount(line.discount, gross, `${where} discount`);
    return { line, unit, gross, lineDiscount, afterLine: gross - lineDiscount };
  });

  const service = serviceDiscounts(
    cart,
    firstPass.map((l) => ({ product_id: l.line.product.id, category_id: l.line.product.category_id ?? null, net: l.afterLine })),
  );
  const afterService = firstPass.map((l, index) => l.afterLine - (service.perLine[index] ?? 0));
  const netAfterLines = sumMinor(afterService, 'net after line and service discounts');
  const orderDiscount = discountAmount(cart.discount, netAfterLines, 'order discount');
  const shares = allocateByLargestRemainder(orderDiscount, afterService);

  const lines: PricedLine[] = firstPass.map((l, index) => {
    const share = shares[index] ?? 0;
    const serviceShare = service.perLine[index] ?? 0;
    const net = l.afterLine - serviceShare - share;
    const tax = taxOf(net, cart.tax);
    const total = cart.tax.pricesIncludeTax ? net : net + tax;
    assertMinor(total, `line ${index + 1} total`);
    return {
      product_id: l.line.product.id,
      quantity: l.line.quantity,
      unit_price: l.unit,
      gross: l.gross,
      line_discount: l.lineDiscount,
      service_discount: serviceShare,
      order_discount: share,
      discount: l.lineDiscount + serviceShare + share,
      net,
      tax,
      total,
    };
  });

  const subtotal = sumMinor(
    lines.map((l) => l.gross),
    'subtotal',
  );
  const discountTotal = sumMinor(
    lines.map((l) => l.discount),
    'discount total',
  );
  const tax = sumMinor(
    lines.map((l) => l.tax),
    'tax',
  );
  const total = toMinor(subtotal - discountTotal + (cart.tax.pricesIncludeTax ? 0 : tax), 'total');
  return {
    lines,
    subtotal,
    order_discount: orderDiscount,
    discounts: service.applied,
    service_discount: sumMinor(
      service.applied.map((d) => d.amount),
      'service discounts',
    ),
    discount_total: discountTotal,
    tax,
    total,
    prices_include_tax: cart.tax.pricesIncludeTax,
    vat_rate: cart.tax.vatRate,
  };
}

/** The service's discounts this cart gets now: the automatic ones and those picked, each only when its rules hold. */
function serviceDiscounts(cart: CartInput, lines: RuleLine[]): { applied: AppliedDiscount[]; perLine: number[] } {
  const given = serviceRuleDiscounts(cart, lines);
  const codes = cart.codes ?? [];
  if (codes.length === 0) return given;
  const left = lines.map((line, i) => line.net - (given.perLine[i] ?? 0));
  const applied = [...given.applied, ...applyCodeDiscounts(codes, left)];
  return { applied, perLine: lines.map((line, i) => line.net - (left[i] ?? 0)) };
}

/** The automatic ones and those picked. */
function serviceRuleDiscounts(cart: CartInput, lines: RuleLine[]): { applied: AppliedDiscount[]; perLine: number[] } {
  const input = cart.service;
  if (!input || input.discounts.length === 0) return { applied: [], perLine: lines.map(() => 0) };
  const context = { now: input.now, timeZone: input.timeZone, branchId: input.branchId, orderType: cart.orderType, lines };
  const candidates = input.discounts.filter((d) => {
    const picked = input.picked.includes(d.id);
    // A discount with a code is given only when it was asked for (its code was checked first: item 2).
    return (d.automatic || picked) && whyNot(d, context, picked) === null;
  });
  return applyDiscounts(candidates, lines);
}
