import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

export interface SearchBoxProps {
  label: string;
  value: string;
  onSearch: (value: string) => void;
}

/**
 * A table's search: sent a moment after typing stops (or at once with Enter). It starts from the
 * address's search; the parent keys it to start over.
 */
export function SearchBox({ label, value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text), 400);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <TextInput
      type="search"
      label={label}
      value={text}
      maxLength={100}
      miw={16 * 16}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onSearch(text);
      }}
    />
  );
}
