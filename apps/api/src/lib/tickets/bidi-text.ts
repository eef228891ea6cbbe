/**
 * Visual order for one line of mixed Arabic and Latin text, for drawing it with a PDF library
 * that has no bidirectional layout (pdfkit places glyphs left to right). A compact form of the
 * Unicode Bidirectional Algorithm (UAX #9) without explicit embeddings, which tickets never
 * need: Arabic letters run right to left, Latin words and numbers (Latin or Arabic-Indic) left
 * to right, and spaces and punctuation take the direction around them. Shaping stays with the
 * font engine: each run keeps its logical order, and a right-to-left run's letters are
 * reversed by fontkit when it lays out Arabic script.
 */

export type Direction = 'ltr' | 'rtl';

type BidiClass = 'L' | 'R' | 'AL' | 'EN' | 'AN' | 'ES' | 'ET' | 'CS' | 'NSM' | 'BN' | 'N';

export interface BidiRun {
  /** The run's characters in logical order (bidi marks removed). */
  text: string;
  /** Embedding level: odd runs read right to left. */
  level: number;
}

const NUMBER_SEPARATORS = new Set([',', '.', ':', '/', '\u00a0', '\u202f', '\u066b', '\u066c']);

const isArabicLetterBlock = (code: number) =>
  (code >= 0x0600 && code <= 0x07bf) ||
  (code >= 0x0860 && code <= 0x08ff) ||
  (code >= 0xfb50 && code <= 0xfdff) ||
  (code >= 0xfe70 && code <= 0xfefe);

function isRightToLeftLetter(code: number): boolean {
  return (
    (code >= 0x0590 && code <= 0x08ff) ||
    (code >= 0xfb1d && code <= 0xfdff) ||
    (code >= 0xfe70 && code <= 0xfefe) ||
    (code >= 0x10800 && code <= 0x10fff) ||
    (code >= 0x1e800 && code <= 0x1efff)
  );
}

const classes = new Map<string, BidiClass>();

function classOf(char: string): BidiClass {
  let type = classes.get(char);
  if (type === undefined) {
    type = readClass(char);
    if (classes.size < 10_000) classes.set(char, type);
  }
  return type;
}

function readClass(char: string): BidiClass {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x30 && code <= 0x39) return 'EN';
  if (code >= 0x06f0 && code <= 0x06f9) return 'EN';
  if ((code >= 0x0660 && code <= 0x0669) || code === 0x066b || code === 0x066c) return 'AN';
  if (code === 0x200f) return 'R';
  if (code === 0x061c) return 'AL';
  if (code === 0x200e) return 'L';
  if (code === 0x200b || code === 0x200c || code === 0x200d || code === 0xfeff) return 'BN';
  if (/\p{Mn}|\p{Me}/u.test(char)) return 'NSM';
  if (NUMBER_SEPARATORS.has(char)) return 'CS';
  if (char === '+' || char === '-') return 'ES';
  if (/[#%°‰‱′″]|\p{Sc}/u.test(char)) return 'ET';
  if (isRightToLeftLetter(code)) {
    // Arabic punctuation inside the block behaves as a neutral.
    if (!/\p{L}|\p{Mc}/u.test(char)) return 'N';
    return isArabicLetterBlock(code) ? 'AL' : 'R';
  }
  if (/\p{L}|\p{Mc}/u.test(char)) return 'L';
  return 'N';
}

const isStrongOrNumber = (value: BidiClass) =>
  value === 'L' || value === 'R' || value === 'EN' || value === 'AN';

/** Resolved embedding level of every character of `chars`, in logical order. */
function resolveLevels(chars: string[], base: Direction): number[] {
  const baseLevel = base === 'rtl' ? 1 : 0;
  const baseClass: BidiClass = base === 'rtl' ? 'R' : 'L';
  const types = chars.map(classOf);

  // W1: a mark takes the class of what it marks.
  for (let i = 0; i < types.length; i++) {
    if (types[i] === 'NSM') types[i] = i === 0 ? 'N' : (types[i - 1] as BidiClass);
  }
  // W2: a European number after an Arabic letter is an Arabic number; W3: Arabic letters are R.
  let lastStrong: BidiClass | null = null;
  for (let i = 0; i < types.length; i++) {
    const type = types[i];
    if (type === 'L' || type === 'R' || type === 'AL') lastStrong = type;
    else if (type === 'EN' && lastStrong === 'AL') types[i] = 'AN';
  }
  for (let i = 0; i < types.length; i++) if (types[i] === 'AL') types[i] = 'R';
  // W4: one separator between two numbers of the same kind joins them (12:30, 1,500.00, 1+1).
  for (let i = 1; i < types.length - 1; i++) {
    const before = types[i - 1];
    const after = types[i + 1];
    if (types[i] === 'ES' && before === 'EN' && after === 'EN') types[i] = 'EN';
    else if (types[i] === 'CS' && (before === 'EN' || before === 'AN') && after === before)
      types[i] = before;
  }
  // W5: currency signs, # and % next to a European number belong to it (#17, 50%).
  for (let i = 0; i < types.length;) {
    if (types[i] !== 'ET') {
      i++;
      continue;
    }
    let end = i;
    while (end < types.length && types[end] === 'ET') end++;
    if (types[i - 1] === 'EN' || types[end] === 'EN') types.fill('EN', i, end);
    i = end;
  }
  // W6: the other separators and terminators are neutral.
  for (let i = 0; i < types.length; i++) {
    const type = types[i];
    if (type === 'ES' || type === 'ET' || type === 'CS') types[i] = 'N';
  }
  // W7: a European number after Latin (or at the start of a left-to-right line) is Latin.
  let strongBefore: BidiClass = baseClass;
  for (let i = 0; i < types.length; i++) {
    const type = types[i];
    if (type === 'L' || type === 'R') strongBefore = type;
    else if (type === 'EN' && strongBefore === 'L') types[i] = 'L';
  }
  // N1/N2: neutrals between two of the same direction take it (numbers count as R), else the base.
  const directionOf = (type: BidiClass): 'L' | 'R' => (type === 'L' ? 'L' : 'R');
  for (let i = 0; i < types.length;) {
    if (isStrongOrNumber(types[i] as BidiClass)) {
      i++;
      continue;
    }
    let end = i;
    while (end < types.length && !isStrongOrNumber(types[end] as BidiClass)) end++;
    const before = i === 0 ? baseClass : directionOf(types[i - 1] as BidiClass);
    const after = end === types.length ? baseClass : directionOf(types[end] as BidiClass);
    const resolved = before === after ? before : baseClass;
    for (let k = i; k < end; k++) types[k] = resolved;
    i = end;
  }
  // I1/I2.
  return types.map((type) => {
    if (baseLevel === 0) return type === 'R' ? 1 : type === 'AN' || type === 'EN' ? 2 : 0;
    return type === 'R' ? 1 : 2;
  });
}

/** Reverses, from the highest level down to the lowest odd one, every stretch at or above it (L2). */
function reorder<T>(items: T[], levels: number[]): T[] {
  const order = items.map((_, index) => index);
  const max = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.map((level) => (level % 2 === 1 ? level : level + 1)));
  for (let level = max; level >= lowestOdd && level > 0; level--) {
    for (let i = 0; i < order.length;) {
      if ((levels[order[i] as number] as number) < level) {
        i++;
        continue;
      }
      let end = i;
      while (end < order.length && (levels[order[end] as number] as number) >= level) end++;
      order.splice(i, end - i, ...order.slice(i, end).reverse());
      i = end;
    }
  }
  return order.map((index) => items[index] as T);
}

/**
 * The runs of one line in visual order, left to right: same-level stretches of the logical
 * text. Bidi control marks are dropped (they only steered the levels).
 */
export function bidiRuns(text: string, base: Direction): BidiRun[] {
  const chars = [...text];
  if (chars.length === 0) return [];
  const levels = resolveLevels(chars, base);
  const runs: BidiRun[] = [];
  chars.forEach((char, index) => {
    if (classOf(char) === 'BN' || char === '\u200e' || char === '\u200f' || char === '\u061c')
      return;
    const level = levels[index] as number;
    const last = runs[runs.length - 1];
    if (last && last.level === level) last.text += char;
    else runs.push({ text: char, level });
  });
  return reorder(
    runs,
    runs.map((run) => run.level),
  );
}

const MIRRORED: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
};

/** Characters of a right-to-left stretch the font engine will not reverse, in visual order (L4 mirroring). */
export function reverseForDisplay(text: string): string {
  return [...text]
    .reverse()
    .map((char) => MIRRORED[char] ?? char)
    .join('');
}

/** Whether a font engine reading `text` on its own would lay it out right to left. */
export function hasRightToLeftLetters(text: string): boolean {
  return [...text].some((char) => {
    const type = classOf(char);
    return (type === 'R' || type === 'AL') && isRightToLeftLetter(char.codePointAt(0) ?? 0);
  });
}

/** Plain visual-order text (for tests and single-font output): Arabic letters reversed too. */
export function visualText(text: string, base: Direction): string {
  return bidiRuns(text, base)
    .map((run) => (run.level % 2 === 1 ? reverseForDisplay(run.text) : run.text))
    .join('');
}
