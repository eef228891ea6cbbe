import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportValidity } from './field-validity';

export interface NumberFieldProps {
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  description?: string;
  error?: string | null;
  /** Called with each valid number as it is typed; other text waits in the field. */
  onValue: (value: number) => void;
}

/**
 * A number typed freely: the chart changes only when the text is a number within bounds; other
 * text says the range and counts as invalid for the form or page around it (`FieldValidity`).
 */
export function NumberField({
  label,
  value,
  min,
  max,
  step = 1,
  description,
  error,
  onValue,
}: NumberFieldProps) {
  const { t } = useTranslation('charts');
  const [text, setText] = useState(String(value));
  // An undo or another panel changed the number: the field shows it (typing "1." stays as typed).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (Number(text) !== value) setText(String(value));
  }
  const parsed = Number(text);
  const isValid = text.trim() !== '' && Number.isFinite(parsed) && parsed >= min && parsed <= max;
  useReportValidity(isValid);
  return (
    <TextInput
      type="number"
      inputMode="decimal"
      label={label}
      description={description}
      value={text}
      min={min}
      max={max}
      step={step}
      error={error ?? (isValid ? null : t('designer.numberRange', { min, max }))}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const number = Number(next);
        if (next.trim() !== '' && Number.isFinite(number) && number >= min && number <= max) {
          onValue(number);
        }
      }}
    />
  );
}
