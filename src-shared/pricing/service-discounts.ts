/**
 * How much the service's discounts take off a cart, in minor units
 * (docs/discounts.md, "How much"):
 * - a percentage is taken of what it applies to and rounded once, half away
 *   from zero (money/rounding.ts); an amount is taken once from what it
 *   applies to (not once per item); either is then held to its cap
 *   (`max_amount`) and to what it applies to, so no line goes below zero;
 * - discounts on products or categories come first, the one giving most
 *   first; a line takes at most one of them;
 * - then at most one whole-order discount, the one giving most, on what is
 *   left of every line;
 * - an amount is shared across its lines in proportion to what is left of
 *   each, by the largest-remainder method, so the shares add up exactly and
 *   each line shows its part.
 */
import type { ServiceDiscount } from '../catalog/index.ts';
import { percentOf, sumMinor, type Minor } from '../money/index.ts';
import { allocateByLargestRemainder } from './allocate.ts';
import { isWholeOrder, reachesLine, type RuleLine } from './discount-rules.ts';

/** A service discount given on a cart: what it is, how much it took, and from which lines. */
export interface AppliedDiscount {
  /** The service's id; null only for a loyalty reward whose provider named none. */
  discount_id: string | null;
  name_en: string;
  name_ar: string;
  /** ORDER: a whole-order discount (shown on the order); ITEMS: on products or categories (shown on their lines). */
  scope: 'ORDER' | 'ITEMS';
  kind: ServiceDiscount['kind'];
  value: number;
  automatic: boolean;
  code: string | null;
  /** Where a code came from (issue 35): `coupon` (Verify, or the replica offline), `reward` (check_reward); null: automatic or picked. */
  source: DiscountSource | null;
  /** False only for a coupon accepted offline from the replica: the service judges it when the order arrives. */
  verified: boolean;
  amount: Minor;
  /** Its share of each cart line, by the line's place in the cart (0 where it does not reach). */
  line_amounts: Minor[];
}

/** What a discount (the service's, a coupon's or a reward's) takes of `base`: one rounding, held to its cap and to `base`. */
function amountOn(discount: Pick<ServiceDiscount, 'kind' | 'value' | 'max_amount'>, base: Minor): Minor {
  const raw = discount.kind === 'PERCENT' ? percentOf(base, discount.value) : discount.value;
  const capped = discount.max_amount === null ? raw : Math.min(raw, discount.max_amount);
  return Math.max(0, Math.min(capped, base));
}

function applied(discount: ServiceDiscount, amount: Minor, lineAmounts: Minor[]): AppliedDiscount {
  return {
    discount_id: discount.id,
    name_en: discount.name_en,
    name_ar: discount.name_ar,
    scope: isWholeOrder(discount) ? 'ORDER' : 'ITEMS',
    kind: discount.kind,
    value: discount.value,
    automatic: discount.automatic,
    code: discount.code,
    source: null,
    verified: true,
    amount,
    line_amounts: lineAmounts,
  };
}

/** Where a discount that came with a code comes from: a coupon (the service's Verify) or a loyalty reward (check_reward). */
export type DiscountSource = 'coupon' | 'reward';

/** A coupon's or a reward's discount (issue 35): a whole-order discount the service (or the replica) gave for a code. */
export interface CodeDiscount {
  source: DiscountSource;
  code: string;
  discount_id: string | null;
  name_en: string | null;
  name_ar: string | null;
  /** PERCENT: `value` in hundredths of a percent; AMOUNT: minor units. */
  kind: 'PERCENT' | 'AMOUNT';
  value: number;
  max_amount: Minor | null;
  verified: boolean;
}

/**
 * Gives the coupons and rewards, in the order they were checked, after the
 * service's other discounts: each a whole-order discount on what is left of
 * every line (`left`, changed in place), held to its cap, shared like the others.
 */
export function applyCodeDiscounts(codes: readonly CodeDiscount[], left: Minor[]): AppliedDiscount[] {
  const all = left.map((_, i) => i);
  return codes.map((c) => {
    const base = sumMinor(left, 'code discount base');
    const amount = amountOn(c, base);
    const parts = share(amount, all, left);
    parts.forEach((part, i) => (left[i] = (left[i] ?? 0) - part));
    return {
      discount_id: c.discount_id,
      // Named as the service named it, else by its code.
      name_en: c.name_en ?? c.code,
      name_ar: c.name_ar ?? c.name_en ?? c.code,
      scope: 'ORDER',
      kind: c.kind,
      value: c.value,
      automatic: false,
      code: c.code,
      source: c.source,
      verified: c.verified,
      amount,
      line_amounts: parts,
    };
  });
}

/** Shares `amount` over the lines at `indexes`, in proportion to `left`; the per-line result for every line. */
function share(amount: Minor, indexes: readonly number[], left: readonly Minor[]): Minor[] {
  const parts = allocateByLargestRemainder(
    amount,
    indexes.map((i) => left[i] ?? 0),
  );
  const out = left.map(() => 0);
  indexes.forEach((lineIndex, k) => (out[lineIndex] = parts[k] ?? 0));
  return out;
}

/**
 * Gives `candidates` (discounts that apply now: whyNot said null) to the
 * lines, by the rules above. Returns those that took something, in the
 * order they were taken, and each line's total of them.
 */
export function applyDiscounts(candidates: readonly ServiceDiscount[], lines: readonly RuleLine[]): { applied: AppliedDiscount[]; perLine: Minor[] } {
  const left = lines.map((line) => line.net);
  const taken = new Set<number>();
  const out: AppliedDiscount[] = [];
  const scopeOf = (discount: ServiceDiscount) => lines.flatMap((line, i) => (reachesLine(discount, line) && !taken.has(i) ? [i] : []));
  const baseOf = (indexes: readonly number[]) =>
    sumMinor(
      indexes.map((i) => left[i] ?? 0),
      'discount base',
    );

  const itemDiscounts = candidates.filter((d) => !isWholeOrder(d));
  while (true) {
    // The one giving most on the lines not yet taken (the service's order on a tie).
    let best: { discount: ServiceDiscount; indexes: number[]; amount: Minor } | null = null;
    for (const discount of itemDiscounts) {
      if (out.some((a) => a.discount_id === discount.id)) continue;
      const indexes = scopeOf(discount);
      const amount = amountOn(discount, baseOf(indexes));
      if (amount > 0 && (best === null || amount > best.amount)) best = { discount, indexes, amount };
    }
    if (best === null) break;
    const parts = share(best.amount, best.indexes, left);
    parts.forEach((part, i) => (left[i] = (left[i] ?? 0) - part));
    best.indexes.forEach((i) => taken.add(i));
    out.push(applied(best.discount, best.amount, parts));
  }

  let bestOrder: { discount: ServiceDiscount; amount: Minor } | null = null;
  const all = lines.map((_, i) => i);
  for (const discount of candidates.filter(isWholeOrder)) {
    const amount = amountOn(discount, baseOf(all));
    if (amount > 0 && (bestOrder === null || amount > bestOrder.amount)) bestOrder = { discount, amount };
  }
  if (bestOrder !== null) {
    const parts = share(bestOrder.amount, all, left);
    parts.forEach((part, i) => (left[i] = (left[i] ?? 0) - part));
    out.push(applied(bestOrder.discount, bestOrder.amount, parts));
  }
  return { applied: out, perLine: lines.map((line, i) => line.net - (left[i] ?? 0)) };
}
