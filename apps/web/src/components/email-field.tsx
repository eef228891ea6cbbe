import { TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';

/**
 * An email address input: the email keyboard, no autocorrection or capitals, and left-to-right
 * even on an Arabic page, since addresses are Latin.
 */
export function EmailField(props: TextInputProps) {
  return (
    <TextInput
      type="email"
      autoComplete="email"
      inputMode="email"
      spellCheck={false}
      autoCapitalize="none"
      required
      dir="ltr"
      {...props}
    />
  );
}
