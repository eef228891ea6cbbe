import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { splitApiErrors } from '../../../lib/use-form';

export interface ConfirmDeleteDialogProps {
  opened: boolean;
  title: string;
  text: string;
  /** Deletes; a refusal's words (what was booked, what to do instead) stay in the dialog. */
  onConfirm: () => Promise<unknown>;
  onDeleted: () => void;
  onClose: () => void;
}

/** Deleting cannot be undone: it asks first, and shows the server's reason when it refuses. */
export function ConfirmDeleteDialog({
  opened,
  title,
  text,
  onConfirm,
  onDeleted,
  onClose,
}: ConfirmDeleteDialogProps) {
  const { t } = useTranslation('organizer');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function close() {
    setError(null);
    onClose();
  }

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      onDeleted();
    } catch (failure) {
      setError(splitApiErrors(failure, []).message);
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('delete.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <Stack gap="md">
        <Text>{text}</Text>
        <FormAlert message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} data-autofocus>
            {t('delete.keep')}
          </Button>
          <Button color="red.9" loading={pending} onClick={() => void confirm()}>
            {t('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
