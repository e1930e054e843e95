/**
 * Sharing an amount across parts in proportion to weights, so the shares sum
 * to the amount exactly (largest-remainder, or Hamilton, method): each part
 * gets the floor of its exact share, and the halalas left over go one each to
 * the parts with the largest remainders, earlier parts first on a tie. No part
 * gets more than its weight when the amount is at most the total weight, so an
 * order discount never pushes a line below zero.
 */
import { assertMinor, sumMinor, type Minor } from '../money/index.ts';

export function allocateByLargestRemainder(amount: Minor, weights: readonly Minor[]): Minor[] {
  assertMinor(amount, 'allocated amount');
  if (amount < 0) throw new RangeError(`allocated amount ${amount} must not be negative`);
  weights.forEach((w, i) => {
    assertMinor(w, `weight ${i}`);
    if (w < 0) throw new RangeError(`weight ${i} (${w}) must not be negative`);
  });
  const total = sumMinor(weights, 'total weight');
  if (total === 0) {
    if (amount === 0) return weights.map(() => 0);
    throw new RangeError(`cannot share ${amount} across parts that all weigh 0`);
  }
  // BigInt: amount × weight can pass 2^53.
  const big = BigInt(total);
  const shares = weights.map((w) => {
    const exact = BigInt(amount) * BigInt(w);
    return { floor: exact / big, remainder: exact % big };
  });
  let left = amount - sumMinor(shares.map((s) => Number(s.floor)));
  const order = shares
    .map((s, index) => ({ index, remainder: s.remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const result = shares.map((s) => Number(s.floor));
  // `left` < number of parts with a non-zero remainder, so one pass suffices.
  for (const { index } of order) {
    if (left === 0) break;
    result[index] = (result[index] ?? 0) + 1;
    left -= 1;
  }
  return result;
}
