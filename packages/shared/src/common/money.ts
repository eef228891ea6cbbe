/**
 * Money is integer minor units. Every share of an amount (a percentage, a split across tickets)
 * is computed here, so one rounding rule holds everywhere: half away from zero, and a split
 * always adds up to the amount it splits.
 */

/** `amount × percent / 100`, rounded half away from zero. */
export function percentOf(amount: number, percent: number): number {
  const exact = (amount * percent) / 100;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/**
 * Splits `amount` across `weights` in proportion (largest remainder): the parts are integers,
 * they add up to `amount`, and each is within one unit of its exact share. Zero weights get 0
 * (all-zero weights split nothing: every part is 0 and `amount` must be 0).
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) {
    if (amount !== 0) throw new RangeError('cannot split a non-zero amount over zero weights');
    return weights.map(() => 0);
  }
  const exact = weights.map((weight) => (amount * weight) / total);
  const parts = exact.map((share) => Math.floor(share));
  let left = amount - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = exact
    .map((share, index) => ({ index, remainder: share - Math.floor(share) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}
