import { TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';

/** A phone number input: the phone keypad, and left-to-right digits even on an Arabic page. */
export function PhoneField(props: TextInputProps) {
  return <TextInput type="tel" autoComplete="tel" inputMode="tel" dir="ltr" {...props} />;
}
