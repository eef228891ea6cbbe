import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { Button, Group, NativeSelect, Stack, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WithdrawalAccount, WithdrawalAccountCreate } from '@hafla/shared/finance/accounts';
import { formatIban, normalizeIban, normalizeSwift } from '@hafla/shared/finance/iban';
import { FormAlert } from '../../../components/form-alert';
import { validateRequired } from '../../../lib/password-rules';
import { useForm } from '../../../lib/use-form';
import { useAppInfo } from '../../catalog/api/get-app-info';
import { useCreateWithdrawalAccount, useUpdateWithdrawalAccount } from '../api/withdrawal-accounts';
import { currencyName } from '../lib/currency';
import { IbanInput } from './iban-input';

export interface AccountFormProps {
  /** The account to change, or null to add one. */
  account: WithdrawalAccount | null;
  /** Whether the organizer has no account yet (the first one becomes the default anyway). */
  isFirst: boolean;
  onDone: (account: WithdrawalAccount) => void;
  onCancel: () => void;
}

type AccountValues = {
  bank_name: string;
  account_holder: string;
  iban: string;
  swift: string;
  currency: string;
  is_default: boolean;
};

/** Adds or changes a bank account; the API's field errors show on their fields. */
export function AccountForm({ account, isFirst, onDone, onCancel }: AccountFormProps) {
  const { t, i18n } = useTranslation(['finance', 'common']);
  const appInfo = useAppInfo();
  const create = useCreateWithdrawalAccount();
  const update = useUpdateWithdrawalAccount();
  const mutation = account ? update : create;
  const required = (value: string) => (validateRequired(value) ? t('common:form.required') : null);
  const form = useForm<AccountValues>({
    initialValues: {
      bank_name: account?.bank_name ?? '',
      account_holder: account?.account_holder ?? '',
      iban: account ? formatIban(account.iban) : '',
      swift: account?.swift ?? '',
      currency: account?.currency ?? appInfo.data?.default_currency ?? 'SAR',
      is_default: account?.is_default ?? isFirst,
    },
    validate: {
      bank_name: required,
      account_holder: required,
      iban: (value) => (normalizeIban(value) ? null : t('accounts.form.ibanRequired')),
      swift: required,
    },
  });
  const currencies = appInfo.data?.currencies.map((currency) => currency.code) ?? [];
  if (!currencies.includes(form.values.currency)) currencies.push(form.values.currency);

  function submit(values: AccountValues) {
    const body = {
      bank_name: values.bank_name.trim(),
      account_holder: values.account_holder.trim(),
      // The API normalises too; sending the electronic form keeps the request plain.
      iban: normalizeIban(values.iban),
      swift: normalizeSwift(values.swift),
      currency: values.currency,
      is_default: values.is_default,
    } satisfies WithdrawalAccountCreate;
    const options = { onSuccess: onDone, onError: form.showApiError };
    if (account) update.mutate({ id: account.id, patch: body }, options);
    else create.mutate(body, options);
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('accounts.form.bankName')}
          autoComplete="off"
          required
          maxLength={120}
          {...form.inputs.bank_name}
        />
        <TextInput
          label={t('accounts.form.holder')}
          description={t('accounts.form.holderHint')}
          autoComplete="name"
          required
          maxLength={120}
          {...form.inputs.account_holder}
        />
        <IbanInput
          label={t('accounts.form.iban')}
          description={t('accounts.form.ibanHint')}
          required
          maxLength={64}
          value={form.values.iban}
          onChange={(value) => form.setFieldValue('iban', value)}
          error={form.errors.iban}
        />
        <TextInput
          label={t('accounts.form.swift')}
          description={t('accounts.form.swiftHint')}
          required
          maxLength={20}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...form.inputs.swift}
        />
        <NativeSelect
          label={t('accounts.form.currency')}
          description={t('accounts.form.currencyHint')}
          data={currencies.map((code) => ({
            value: code,
            label: `${currencyName(code, i18n.language)} (${code})`,
          }))}
          {...form.inputs.currency}
        />
        <Switch
          size="md"
          label={t('accounts.form.isDefault')}
          description={t('accounts.form.isDefaultHint')}
          checked={form.values.is_default}
          // The only account is the default: there is nothing to choose instead.
          disabled={isFirst || (account?.is_default ?? false)}
          onChange={(event) => form.setFieldValue('is_default', event.currentTarget.checked)}
        />
        <FormAlert message={form.formError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {account ? t('accounts.form.save') : t('accounts.form.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
