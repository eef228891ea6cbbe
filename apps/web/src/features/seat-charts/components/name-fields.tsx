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
  /** What is wrong with each name, shown under its field. */
  errors?: Partial<Record<keyof Names, string | null>>;
  onChange: (change: Partial<Names>) => void;
}

/**
 * A name in English and in Arabic, both required (sections, tables, areas, categories): each
 * field takes its own direction from what is typed.
 */
export function NameFields({ value, labelEn, labelAr, errors, onChange }: NameFieldsProps) {
  return (
    <>
      <TextInput
        label={labelEn}
        value={value.label_en}
        dir="auto"
        required
        maxLength={CHART_LIMITS.maxNameLength}
        error={errors?.label_en}
        onChange={(event) => onChange({ label_en: event.currentTarget.value })}
      />
      <TextInput
        label={labelAr}
        value={value.label_ar}
        dir="auto"
        required
        maxLength={CHART_LIMITS.maxNameLength}
        error={errors?.label_ar}
        onChange={(event) => onChange({ label_ar: event.currentTarget.value })}
      />
    </>
  );
}
