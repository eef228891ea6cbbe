const RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/**
 * The direction a label is drawn in on the canvas: a canvas has no bidi context of its own, so
 * an Arabic label ("أ١") must be drawn right to left explicitly, whatever the page's language.
 */
export function labelDirection(text: string): 'rtl' | 'ltr' {
  return RTL_LETTER.test(text) ? 'rtl' : 'ltr';
}
