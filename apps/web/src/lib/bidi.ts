const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';

/**
 * Wraps text inserted into a translated sentence (an email, a name, a time) in Unicode
 * isolates, so a Latin email inside an Arabic sentence keeps its own order and does not
 * reorder the words around it.
 */
export function isolate(text: string): string {
  return `${FIRST_STRONG_ISOLATE}${text}${POP_DIRECTIONAL_ISOLATE}`;
}
