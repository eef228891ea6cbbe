import type { TextInputProps } from '@mantine/core';

/**
 * What makes a text field the events search box, in the header and on the events list alike: a
 * phone's enter key reads "search", and the browser offers no earlier entries over the results.
 * Attributes rather than a component: a component shared by the entry and the events page splits
 * Mantine's input into a chunk of its own, one more download before the first screen (the header
 * draws a plain input with these attributes).
 */
export const SEARCH_FIELD_ATTRIBUTES = {
  type: 'search',
  name: 'search',
  enterKeyHint: 'search',
  autoComplete: 'off',
} as const;

/** The same for a Mantine TextInput (the events list's box), which also fills its row. */
export const SEARCH_INPUT_PROPS = {
  ...SEARCH_FIELD_ATTRIBUTES,
  flex: 1,
} as const satisfies TextInputProps;
