import { TextInput } from '@mantine/core';
import type { TextInputProps } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { reformatIban } from '../lib/iban-input';

export interface IbanInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/**
 * An IBAN box that takes it as people have it — copied with spaces, typed in lower case or with
 * Arabic-Indic digits — and shows it grouped by four in ASCII as they type (left to right, as
 * banks print it, also on an Arabic page). The API validates it and answers a field error.
 */
export function IbanInput({ value, onChange, ...props }: IbanInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (caret.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  return (
    <TextInput
      {...props}
      ref={inputRef}
      value={value}
      dir="ltr"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      onChange={(event) => {
        const typed = event.currentTarget;
        const next = reformatIban(typed.value, typed.selectionStart ?? typed.value.length);
        caret.current = next.caret;
        onChange(next.value);
      }}
    />
  );
}
