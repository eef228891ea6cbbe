import type { LabelRule, LabelScheme } from './chart-format';

const LATIN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** The Arabic alphabet in its usual (hijā'ī) order, as Arabic venues letter their rows. */
const ARABIC = 'أبتثجحخدذرزسشصضطظعغفقكلمنهوي';

/** Letters after the last one go on like spreadsheet columns: Z, AA, AB … (and ي، أأ، أب …). */
function lettersFor(alphabet: string, position: number): string {
  const letters = [...alphabet];
  let rest = position;
  let label = '';
  while (rest > 0) {
    const index = (rest - 1) % letters.length;
    label = letters[index] + label;
    rest = Math.floor((rest - 1) / letters.length);
  }
  return label;
}

/** The label at `position` (1-based) in a scheme: 3 → "3", "C" or "ت". */
export function labelAt(scheme: LabelScheme, position: number): string {
  if (!Number.isInteger(position) || position < 1) throw new RangeError('position starts at 1');
  if (scheme === 'numbers') return String(position);
  return lettersFor(scheme === 'latin' ? LATIN : ARABIC, position);
}

/**
 * Labels for `count` things in listing order (seats left to right, rows front to back), by a
 * rule: `reverse` counts up from the other end, so the last thing listed gets `start`.
 */
export function labelsFor(rule: LabelRule, count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    labelAt(rule.scheme, rule.start + (rule.direction === 'forward' ? index : count - 1 - index)),
  );
}
