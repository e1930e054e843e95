import type { ServiceDiscount } from '../../src-shared/catalog/index.ts';
import { TillError } from '../../src-shared/errors/index.ts';
import { formatMinor } from '../../src-shared/money/index.ts';
import { isWholeOrder, whyNot, type CodeDiscount, type NotApplying, type PricedCart } from '../../src-shared/pricing/index.ts';
import type { DiscountView } from '../../src-shared/selling/index.ts';
import type { Cart, DiscountSetting } from './cart.ts';

/** The cart as the discount rules see it: each line after its own (typed) discount. */
function ruleContext(cart: Cart, priced: PricedCart, setting: DiscountSetting) {
  return {
    now: setting.now,
    timeZone: setting.timeZone,
    branchId: setting.branchId,
    orderType: cart.order_type,
    lines: cart.lines.map((line, i) => ({
      product_id: line.product.id,
      category_id: line.product.category_id,
      net: (priced.lines[i]?.gross ?? 0) - (priced.lines[i]?.line_discount ?? 0),
    })),
  };
}

/** Each of the service's discounts as this cart stands now: whether it applies, why not, and what it takes off. */
export function discountViews(cart: Cart, priced: PricedCart, setting: DiscountSetting): DiscountView[] {
  const context = ruleContext(cart, priced, setting);
  const picked = cart.picked_discounts ?? [];
  return setting.discounts.map((d) => {
    const reason = whyNot(d, context, picked.includes(d.id));
    return {
      id: d.id,
      name_en: d.name_en,
      name_ar: d.name_ar,
      kind: d.kind,
      value: d.value,
      max_amount: d.max_amount,
      min_order: d.min_order,
      scope: isWholeOrder(d) ? 'ORDER' : 'ITEMS',
      automatic: d.automatic,
      coupon: d.code !== null,
      picked: picked.includes(d.id),
      applies: reason === null,
      why_not: reason,
      amount: priced.discounts.find((a) => a.discount_id === d.id)?.amount ?? 0,
    };
  });
}

/** The English words of a reason (the screen words it from `reason.discount.*` in both languages). */
export function reasonText(reason: NotApplying, discount: Pick<ServiceDiscount, 'min_order'>, decimals = 2): string {
  switch (reason) {
    case 'inactive':
      return 'it is not in use';
    case 'coupon':
      return 'it is given only for its coupon code';
    case 'branch':
      return 'it is not for this branch';
    case 'not_yet':
      return 'it has not started yet';
    case 'ended':
      return 'it has ended';
    case 'day':
      return 'it is not valid today';
    case 'hours':
      return 'it is not valid at this hour';
    case 'order_type':
      return 'it is not for this order type';
    case 'no_items':
      return 'nothing in the cart is in it';
    case 'min_order':
      return `the order must come to ${formatMinor(discount.min_order ?? 0, decimals)}`;
  }
}

/**
 * Refuses to pick a discount this till does not have, or one whose rules do
 * not hold for this cart now, in the cashier's words. Within its rules it
 * needs no manager: the service set them (docs/security.md).
 */
export function refusePick(discountId: string, cart: Cart, priced: PricedCart, setting: DiscountSetting, decimals: number): void {
  const discount = setting.discounts.find((d) => d.id === discountId);
  if (!discount) {
    throw new TillError('not_found', `this till has no discount ${discountId}: sync, then pick another`, { code: 'discount.unknown' });
  }
  const reason = whyNot(discount, ruleContext(cart, priced, setting));
  if (reason === null) return;
  throw new TillError('invalid_input', `${discount.name_en} cannot be given now: ${reasonText(reason, discount, decimals)}`, {
    code: `discount.${reason}`,
    params: { name: discount.name_en, name_ar: discount.name_ar, min: formatMinor(discount.min_order ?? 0, decimals) },
  });
}

/**
 * coupons.offline = replica (issue 35, item 2): the replica's whole-order
 * discount whose coupon code is `code` and whose rules hold for this cart now
 * (active, branch, order type, dates, days and hours, minimum order), as the
 * coupon's discount; null when there is none. A discount on products or
 * categories is not given for an unverified code: the service judges it online.
 */
export function replicaCoupon(
  code: string,
  cart: Cart,
  priced: PricedCart,
  setting: DiscountSetting,
): Omit<CodeDiscount, 'source' | 'code' | 'verified'> | null {
  const context = ruleContext(cart, priced, setting);
  const found = setting.discounts.find((d) => d.code !== null && d.code.trim() === code && isWholeOrder(d) && whyNot(d, context, true) === null);
  if (!found) return null;
  return { discount_id: found.id, name_en: found.name_en, name_ar: found.name_ar, kind: found.kind, value: found.value, max_amount: found.max_amount };
}
