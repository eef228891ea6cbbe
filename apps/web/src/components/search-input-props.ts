import type { TextInputProps } from '@mantine/core';

/**
 * What makes a TextInput the events search box, in the header and on the events list alike: a
 * phone's enter key reads "search", and the browser offers no earlier entries over the results.
 * Props rather than a component: a component shared by the entry and the events page splits
 * Mantine's input into a chunk of its own, one more download before the first screen.
 */
export const SEARCH_INPUT_PROPS = {
  type: 'search',
  name: 'search',
  enterKeyHint: 'search',
  autoComplete: 'off',
  flex: 1,
} as const satisfies TextInputProps;
