/**
 * The amounts a customer is likely to hand over for `due`, as one-tap buttons:
 * the exact amount, then `due` rounded up to the next 5, 10, 50, 100 and 500
 * SAR (the banknotes in use), without repeats, smallest first, at most four.
 * When fewer than three remain (a due of exactly 100 SAR gives 100 and 500),
 * the next multiples of 500 SAR fill up to three, so the row never looks empty.
 * Nothing is due at 0, so there is nothing to suggest.
 */
import { assertMinor, formatMinor, minorPerMajor, type Minor } from '../money/index.ts';

const BANKNOTES_SAR = [5, 10, 50, 100, 500] as const;
const MAX_AMOUNTS = 4;
const MIN_AMOUNTS = 3;

function roundUpTo(amount: Minor, step: Minor): Minor {
  const rest = amount % step;
  return rest === 0 ? amount : amount - rest + step;
}

/** `decimals`: the currency's places (default 2): the notes are counted in its major unit. */
export function quickCashAmounts(due: Minor, decimals = 2): Minor[] {
  assertMinor(due, 'amount due');
  if (due < 0) throw new RangeError(`amount due ${formatMinor(due, decimals)} must not be negative`);
  const major = minorPerMajor(decimals);
  if (due === 0) return [];
  const amounts = [due];
  for (const note of BANKNOTES_SAR) {
    const rounded = roundUpTo(due, note * major);
    assertMinor(rounded, 'quick cash amount');
    if (rounded !== amounts.at(-1)) amounts.push(rounded);
  }
  const largestStep = 500 * major;
  while (amounts.length < MIN_AMOUNTS) amounts.push(toNext(amounts.at(-1) ?? due, largestStep));
  return amounts.slice(0, MAX_AMOUNTS);
}

function toNext(amount: Minor, step: Minor): Minor {
  const next = roundUpTo(amount + 1, step);
  assertMinor(next, 'quick cash amount');
  return next;
}
