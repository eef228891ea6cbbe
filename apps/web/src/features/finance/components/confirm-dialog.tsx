import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { FinanceDialog } from './finance-dialog';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  isPending: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before something that cannot be taken back: deleting an account, cancelling a request. */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  isPending,
  error,
  onClose,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation('finance');
  return (
    <FinanceDialog opened={opened} title={title} onClose={onClose}>
      <Stack gap="md">
        <Text>{text}</Text>
        <FormAlert message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('dialog.keep')}
          </Button>
          <Button color="red.9" loading={isPending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </FinanceDialog>
  );
}
