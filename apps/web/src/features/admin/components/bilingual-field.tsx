import '@mantine/core/styles/Badge.layer.css';
import { Badge, Group, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './admin.module.css';

export interface BilingualFieldProps {
  /** The field's name without its language: `name` edits `name_en` and `name_ar`. */
  name: string;
  label: string;
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
  onChange: (field: string, value: string) => void;
  multiline?: boolean;
  isRequired?: boolean;
  maxLength: number;
}

/**
 * One text in English and Arabic side by side (the Arabic written right to left); an empty
 * Arabic field is marked "missing Arabic": readers of Arabic would see the English.
 */
export function BilingualField({
  name,
  label,
  values,
  errors,
  onChange,
  multiline = false,
  isRequired = false,
  maxLength,
}: BilingualFieldProps) {
  const { t } = useTranslation('admin');
  const english = String(values[`${name}_en`] ?? '');
  const arabic = String(values[`${name}_ar`] ?? '');
  const Field = multiline ? Textarea : TextInput;
  const extra = multiline ? { autosize: true, minRows: 3, maxRows: 12 } : {};
  return (
    <fieldset className={classes.bilingual}>
      <legend className={classes.legend}>
        <Group gap="xs">
          <span>{label}</span>
          {english.trim() !== '' && arabic.trim() === '' && (
            <Badge color="orange.9" variant="light" data-testid={`missing-arabic-${name}`}>
              {t('form.missingArabic')}
            </Badge>
          )}
        </Group>
      </legend>
      <div className={classes.pair}>
        <Field
          {...extra}
          label={t('form.english')}
          lang="en"
          dir="ltr"
          name={`${name}_en`}
          value={english}
          required={isRequired}
          maxLength={maxLength}
          error={errors[`${name}_en`]}
          onChange={(event) => onChange(`${name}_en`, event.currentTarget.value)}
        />
        <Field
          {...extra}
          label={t('form.arabic')}
          lang="ar"
          dir="rtl"
          name={`${name}_ar`}
          value={arabic}
          maxLength={maxLength}
          error={errors[`${name}_ar`]}
          onChange={(event) => onChange(`${name}_ar`, event.currentTarget.value)}
        />
      </div>
    </fieldset>
  );
}
