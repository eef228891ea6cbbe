import { Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import type { AdminPlatformSettings, PlatformSettingsPatch } from '@hafla/shared/admin/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { usePageMeta } from '../../../lib/page-meta';
import { splitApiErrors } from '../../../lib/use-form';
import { useSaveSettings, useSettings } from '../api/settings';

const FIELDS: Array<{ name: keyof AdminPlatformSettings; min: number; max: number; step: number }> =
  [
    { name: 'platform_fee_percent', min: 0, max: 50, step: 0.01 },
    { name: 'platform_fee_fixed', min: 0, max: 100_000, step: 1 },
    { name: 'payout_hold_days', min: 0, max: 90, step: 1 },
    { name: 'withdrawal_minimum', min: 1, max: 1_000_000, step: 1 },
    { name: 'withdrawal_second_approval_above', min: 0, max: 100_000_000, step: 1 },
    { name: 'events_published_per_month', min: 1, max: 1000, step: 1 },
    { name: 'hold_minutes', min: 1, max: 60, step: 1 },
  ];

function SettingsForm({ settings }: { settings: AdminPlatformSettings }) {
  const { t } = useTranslation('admin');
  const save = useSaveSettings();
  const [values, setValues] = useState<Record<string, number | string>>({ ...settings });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        const changed = Object.fromEntries(
          FIELDS.filter(({ name }) => values[name] !== settings[name]).map(({ name }) => [
            name,
            values[name] === '' ? null : Number(values[name]),
          ]),
        );
        // An emptied field is sent as null: the API names it (`null`), nothing is guessed.
        save.mutate(changed as PlatformSettingsPatch, {
          onSuccess: () => {
            setErrors({});
            setMessage({ tone: 'success', text: t('settings.saved') });
          },
          onError: (error) => {
            const split = splitApiErrors(
              error,
              FIELDS.map(({ name }) => name),
            );
            setErrors(split.fieldErrors);
            if (split.message) setMessage({ tone: 'error', text: split.message });
          },
        });
      }}
    >
      <Stack gap="md" maw={36 * 16}>
        {FIELDS.map(({ name, min, max, step }) => (
          <NumberInput
            key={name}
            label={t(`settings.fields.${name}`)}
            description={t(`settings.hints.${name}`)}
            name={name}
            min={min}
            max={max}
            step={step}
            decimalScale={step < 1 ? 2 : 0}
            value={values[name]}
            error={errors[name]}
            onChange={(value) => {
              setValues((current) => ({ ...current, [name]: value }));
              setErrors((current) => ({ ...current, [name]: '' }));
            }}
          />
        ))}
        {message && <FormAlert tone={message.tone} message={message.text} />}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/admin/settings`: the platform's fee, payout and publishing limits. */
export function SettingsPage() {
  const { t } = useTranslation(['admin', 'common']);
  const settings = useSettings();
  usePageMeta({
    title: t('settings.title'),
    description: t('settings.lead'),
    keywords: t('meta.keywords'),
    siteName: t('common:app.name'),
  });
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={1}>{t('settings.title')}</Title>
        <Text size="lg">{t('settings.lead')}</Text>
      </Stack>
      {settings.isPending ? (
        <PageLoader />
      ) : settings.isError ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </Stack>
  );
}
