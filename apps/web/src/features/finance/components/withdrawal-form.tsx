import { Button, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WithdrawalAccount } from '@hafla/shared/finance/accounts';
import type { BalanceLine } from '@hafla/shared/finance/balance';
import type { Withdrawal } from '@hafla/shared/finance/withdrawals';
import { WITHDRAWAL_NOTE_MAX } from '../lib/finance-constants';
import { FormAlert } from '../../../components/form-alert';
import { amountInputValue, parseAmount } from '../../../lib/amount-input';
import { formatMoney } from '../../../lib/format';
import { useForm } from '../../../lib/use-form';
import { useIdempotencyKeys } from '../../booking/api/idempotency-key';
import { useCreateWithdrawal, useUpdateWithdrawal } from '../api/withdrawals';
import { accountLabel } from '../lib/account-label';

export interface WithdrawalFormProps {
  /** The request to change, or null for a new one. */
  withdrawal: Withdrawal | null;
  accounts: readonly WithdrawalAccount[];
  balances: readonly BalanceLine[];
  onDone: (withdrawal: Withdrawal) => void;
  onCancel: () => void;
}

type WithdrawalValues = {
  account: string;
  amount: string;
  note: string;
};

/**
 * A new withdrawal request, or a change to one still `requested`. The amount is what can be
 * withdrawn in the account's currency; a request sent twice (a double click, a retry after a
 * lost answer) carries the same Idempotency-Key, so it is made once.
 */
export function WithdrawalForm({
  withdrawal,
  accounts,
  balances,
  onDone,
  onCancel,
}: WithdrawalFormProps) {
  const { t, i18n } = useTranslation(['finance', 'common']);
  const create = useCreateWithdrawal();
  const update = useUpdateWithdrawal();
  const keys = useIdempotencyKeys();
  const mutation = withdrawal ? update : create;
  const firstAccount = accounts.find((account) => account.is_default) ?? accounts[0];
  const form = useForm<WithdrawalValues>({
    initialValues: {
      account: String(withdrawal?.account.id ?? firstAccount?.id ?? ''),
      amount: withdrawal ? amountInputValue(withdrawal.amount, withdrawal.currency) : '',
      note: withdrawal?.note ?? '',
    },
    validate: {
      account: (value) => (value ? null : t('withdrawals.form.accountRequired')),
      amount: (value, values) => {
        const currency = currencyOf(values.account);
        const parsed = parseAmount(value, currency);
        if (!parsed.ok) return t(`withdrawals.form.amountErrors.${parsed.reason}`);
        if (parsed.minor === 0) return t('withdrawals.form.amountErrors.zero');
        return null;
      },
    },
  });

  function currencyOf(accountId: string): string {
    return (
      accounts.find((account) => String(account.id) === accountId)?.currency ??
      withdrawal?.currency ??
      'SAR'
    );
  }

  const currency = currencyOf(form.values.account);
  const line = balances.find((balance) => balance.currency === currency);
  // An edit may keep what the request already holds, on top of what is free.
  const held = withdrawal && withdrawal.currency === currency ? withdrawal.amount : 0;
  const withdrawable = (line?.available ?? 0) + held;

  function submit(values: WithdrawalValues) {
    const parsed = parseAmount(values.amount, currency);
    if (!parsed.ok) return;
    const account = Number(values.account);
    const note = values.note.trim();
    if (withdrawal) {
      update.mutate(
        { id: withdrawal.id, patch: { account, amount: parsed.minor, note } },
        { onSuccess: onDone, onError: form.showApiError },
      );
      return;
    }
    const request = { account, amount: parsed.minor, currency, note };
    create.mutate(
      { request, idempotencyKey: keys.keyFor(request) },
      {
        onSuccess: (created) => {
          keys.reset();
          onDone(created);
        },
        onError: form.showApiError,
      },
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <NativeSelect
          label={t('withdrawals.form.account')}
          description={t('withdrawals.form.accountHint')}
          data={accounts.map((account) => ({
            value: String(account.id),
            label: accountLabel(account),
          }))}
          {...form.inputs.account}
        />
        <TextInput
          label={t('withdrawals.form.amount', { currency })}
          description={t('withdrawals.form.amountHint', {
            amount: formatMoney(withdrawable, currency, i18n.language),
          })}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          required
          {...form.inputs.amount}
        />
        <Textarea
          label={t('withdrawals.form.note')}
          description={t('withdrawals.form.noteHint')}
          maxLength={WITHDRAWAL_NOTE_MAX}
          autosize
          minRows={2}
          {...form.inputs.note}
        />
        {withdrawable === 0 && <Text size="sm">{t('withdrawals.form.nothingAvailable')}</Text>}
        <FormAlert message={form.formError} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {withdrawal ? t('withdrawals.form.save') : t('withdrawals.form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
