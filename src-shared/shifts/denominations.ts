import { sumMinor, type Minor } from '../money/index.ts';
import { TillError } from '../errors/index.ts';

/** Saudi riyal banknotes and coins, in halalas, largest first: the float and close count screens offer these. */
export const DENOMINATIONS: readonly Minor[] = [50_000, 20_000, 10_000, 5_000, 1_000, 500, 200, 100, 50, 25, 10, 5, 1];

/** What a count of banknotes and coins adds up to; a denomination that is not one of ours is refused as invalid input, named. */
export function countedAmount(counts: Readonly<Record<string, number>>, where = 'count'): Minor {
  return sumMinor(
    Object.entries(counts).map(([denomination, count]) => {
      const value = Number(denomination);
      if (!DENOMINATIONS.includes(value))
        throw new TillError('invalid_input', `${where}: ${denomination} is not a banknote or coin (halalas: ${DENOMINATIONS.join(', ')})`);
      if (!Number.isSafeInteger(count) || count < 0)
        throw new TillError('invalid_input', `${where}: the count of ${denomination} must be a whole number, not ${count}`);
      return value * count;
    }),
    where,
  );
}
