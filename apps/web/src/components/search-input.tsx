import { TextInput } from '@mantine/core';

export interface SearchInputProps {
  /** The box's name for screen readers; the placeholder is only a hint. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * The events search box of the header and of the events list: a phone's enter key reads
 * "search", and the browser offers no earlier entries over the results.
 */
export function SearchInput({ label, placeholder, value, onChange }: SearchInputProps) {
  return (
    <TextInput
      type="search"
      name="search"
      enterKeyHint="search"
      autoComplete="off"
      aria-label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      flex={1}
    />
  );
}
