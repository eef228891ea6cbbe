import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { FinanceDialog } from './finance-dialog';

export interface DecisionDialogProps {
  opened: boolean;
  title: string;
  text: string;
  /** The text the decision needs: a rejection's reason, a payment's transfer reference. */
  fieldLabel: string;
  fieldHint: string;
  maxLength: number;
  confirmLabel: string;
  isDanger?: boolean;
  isPending: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (value: string) => void;
}

/** An admin's decision that needs words with it; empty words are asked for again. */
export function DecisionDialog({
  opened,
  title,
  text,
  fieldLabel,
  fieldHint,
  maxLength,
  confirmLabel,
  isDanger = false,
  isPending,
  error,
  onClose,
  onConfirm,
}: DecisionDialogProps) {
  const { t } = useTranslation(['finance', 'common']);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  return (
    <FinanceDialog opened={opened} title={title} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!value.trim()) {
            setFieldError(t('common:form.required'));
            return;
          }
          onConfirm(value.trim());
        }}
      >
        <Stack gap="md">
          <Text>{text}</Text>
          <TextInput
            label={fieldLabel}
            description={fieldHint}
            value={value}
            maxLength={maxLength}
            required
            data-autofocus
            error={fieldError}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setFieldError(null);
            }}
          />
          <FormAlert message={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" color={isDanger ? 'red.9' : undefined} loading={isPending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </FinanceDialog>
  );
}
