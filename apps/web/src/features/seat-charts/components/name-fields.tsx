import { TextInput } from '@mantine/core';
import { CHART_LIMITS } from '@hafla/shared/charts/chart-format';

export interface Names {
  label_en: string;
  label_ar: string;
}

interface NameFieldsProps {
  value: Names;
  /** The two fields' labels, already in the reader's language. */
  labelEn: string;
  labelAr: string;
  onChange: (change: Partial<Names>) => void;
}

/**
 * A name in English and in Arabic, both required (sections, tables, areas, categories): each
 * field takes its own direction from what is typed.
 */
export function NameFields({ value, labelEn, labelAr, onChange }: NameFieldsProps) {
  return (
    <>
      <TextInput
        label={labelEn}
        value={value.label_en}
        dir="auto"
        required
        maxLength={CHART_LIMITS.maxNameLength}
        onChange={(event) => onChange({ label_en: event.currentTarget.value })}
      />
      <TextInput
        label={labelAr}
        value={value.label_ar}
        dir="auto"
        required
        maxLength={CHART_LIMITS.maxNameLength}
        onChange={(event) => onChange({ label_ar: event.currentTarget.value })}
      />
    </>
  );
}
