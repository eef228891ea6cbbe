import { formatIban, normalizeIban } from '@hafla/shared/finance/iban';

export interface IbanField {
  /** What the box shows: the electronic form grouped by four (`SA03 8000 0000 …`). */
  value: string;
  /** Where the caret goes, after the same characters it followed in what was typed. */
  caret: number;
}

/** Characters of an IBAN that count: what `normalizeIban` keeps. */
function significantLength(typed: string): number {
  return normalizeIban(typed).length;
}

/**
 * An IBAN box as people type into it — with spaces or dashes, in lower case, with Arabic-Indic
 * digits from an Arabic keyboard — shown at once as the bank prints it, grouped by four in ASCII.
 * The caret stays after the character it was after, so typing or deleting in the middle works.
 */
export function reformatIban(typed: string, caret: number = typed.length): IbanField {
  const value = formatIban(normalizeIban(typed));
  const kept = significantLength(typed.slice(0, Math.max(0, Math.min(caret, typed.length))));
  let position = 0;
  let seen = 0;
  while (position < value.length && seen < kept) {
    if (value[position] !== ' ') seen += 1;
    position += 1;
  }
  return { value, caret: position };
}
