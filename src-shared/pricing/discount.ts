/**
 * A discount turned into an amount. It is clamped to [0, what it applies to]:
 * a discount can neither make a line negative nor, when negative, become a
 * hidden surcharge.
 */
import { assertMinor, percentOf, type Minor } from '../money/index.ts';
import type { Discount } from './cart.ts';
import { TillError } from '../errors/index.ts';

export function discountAmount(discount: Discount | undefined, base: Minor, where: string): Minor {
  assertMinor(base, `${where} base`);
  if (!discount) return 0;
  assertMinor(discount.value, `${where} value`);
  let raw: Minor;
  if (discount.kind === 'PERCENT') raw = percentOf(base, discount.value);
  else if (discount.kind === 'AMOUNT') raw = discount.value;
  else throw new TillError('invalid_input', `${where}: kind "${String((discount as { kind: unknown }).kind)}" is neither PERCENT nor AMOUNT`);
  return Math.min(Math.max(raw, 0), Math.max(base, 0));
}
