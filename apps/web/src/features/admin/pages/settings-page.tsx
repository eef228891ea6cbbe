import '@mantine/core/styles/Fieldset.layer.css';
import { Button, Fieldset, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import type { AdminPlatformSettings, PlatformSettingsPatch } from '@hafla/shared/admin/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { usePageMeta } from '../../../lib/page-meta';
import { useAppInfo } from '../../catalog/api/get-app-info';
import { splitApiErrors } from '../../../lib/use-form';
import { useSaveSettings, useSettings } from '../api/settings';

type NumberSetting = Exclude<keyof AdminPlatformSettings, 'exchange_rates'>;

const FIELDS: Array<{ name: NumberSetting; min: number; max: number; step: number }> = [
  { name: 'platform_fee_percent', min: 0, max: 50, step: 0.01 },
  { name: 'platform_fee_fixed', min: 0, max: 100_000, step: 1 },
  { name: 'payout_hold_days', min: 0, max: 90, step: 1 },
  { name: 'withdrawal_minimum', min: 1, max: 1_000_000, step: 1 },
  { name: 'withdrawal_second_approval_above', min: 0, max: 100_000_000, step: 1 },
  { name: 'events_published_per_month', min: 1, max: 1000, step: 1 },
  { name: 'hold_minutes', min: 1, max: 60, step: 1 },
];

const rateField = (code: string) => `exchange_rates.${code}`;

/** The rates typed: an emptied currency has none (it is left out of the map sent). */
function ratesOf(typed: Record<string, number | string>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(typed).flatMap(([code, rate]) => (rate === '' ? [] : [[code, Number(rate)]])),
  );
}

function SettingsForm({
  settings,
  currencies,
  baseCurrency,
}: {
  settings: AdminPlatformSettings;
  currencies: ReadonlyArray<{ code: string; name: string }>;
  baseCurrency: string;
}) {
  const { t } = useTranslation('admin');
  const save = useSaveSettings();
  const [values, setValues] = useState<Record<string, number | string>>(() =>
    Object.fromEntries(FIELDS.map(({ name }) => [name, settings[name]])),
  );
  const [rates, setRates] = useState<Record<string, number | string>>(() =>
    // Rates of currencies no longer offered are kept as they are.
    ({
      ...Object.fromEntries(currencies.map(({ code }) => [code, ''])),
      ...settings.exchange_rates,
    }),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const fieldNames = [
    ...FIELDS.map(({ name }) => name),
    ...currencies.map(({ code }) => rateField(code)),
  ];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        // An emptied field is sent as null: the API names it (`null`), nothing is guessed.
        const changed: Record<string, unknown> = Object.fromEntries(
          FIELDS.filter(({ name }) => values[name] !== settings[name]).map(({ name }) => [
            name,
            values[name] === '' ? null : Number(values[name]),
          ]),
        );
        const typedRates = ratesOf(rates);
        if (JSON.stringify(typedRates) !== JSON.stringify(ratesOf(settings.exchange_rates)))
          changed.exchange_rates = typedRates;
        save.mutate(changed as PlatformSettingsPatch, {
          onSuccess: () => {
            setErrors({});
            setMessage({ tone: 'success', text: t('settings.saved') });
          },
          onError: (error) => {
            const split = splitApiErrors(error, fieldNames);
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
        <Fieldset legend={t('settings.rates.legend')}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('settings.rates.lead', { base: baseCurrency })}
            </Text>
            {currencies.map(({ code, name }) => (
              <NumberInput
                key={code}
                label={t('settings.rates.label', { name, code })}
                description={t('settings.rates.hint', { code, base: baseCurrency })}
                name={rateField(code)}
                min={0.0001}
                max={1_000_000}
                step={0.01}
                decimalScale={4}
                value={rates[code]}
                error={errors[rateField(code)]}
                onChange={(value) => {
                  setRates((current) => ({ ...current, [code]: value }));
                  setErrors((current) => ({ ...current, [rateField(code)]: '' }));
                }}
              />
            ))}
          </Stack>
        </Fieldset>
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
  const appInfo = useAppInfo();
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
      {settings.isPending || appInfo.isPending ? (
        <PageLoader />
      ) : settings.isError ? (
        <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : appInfo.isError ? (
        <QueryError error={appInfo.error} onRetry={() => void appInfo.refetch()} />
      ) : (
        <SettingsForm
          settings={settings.data}
          currencies={appInfo.data.currencies}
          baseCurrency={appInfo.data.default_currency}
        />
      )}
    </Stack>
  );
}
