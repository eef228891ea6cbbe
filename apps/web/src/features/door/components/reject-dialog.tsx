import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
// The modal's body is a Paper: without its styles the dialog has no background.
import '@mantine/core/styles/Paper.layer.css';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  keepLabel: string;
  confirmLabel: string;
  closeLabel: string;
  isPending: boolean;
  error: string | null;
  /** Asks for a reason (a rejection) before confirming. */
  reasonLabel?: string;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}

/** Asks before something the holder or an usher will feel: a rejection, a removal. */
export function ConfirmDialog({
  opened,
  title,
  text,
  keepLabel,
  confirmLabel,
  closeLabel,
  isPending,
  error,
  reasonLabel,
  onClose,
  onConfirm,
}: ConfirmDialogProps) {
  const { i18n } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      dir={i18n.dir()}
      closeButtonProps={{ 'aria-label': closeLabel }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <Stack gap="md">
        <Text>{text}</Text>
        {reasonLabel && (
          <Textarea
            label={reasonLabel}
            value={reason}
            maxLength={500}
            autosize
            minRows={2}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        )}
        <FormAlert message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {keepLabel}
          </Button>
          <Button color="red.9" loading={isPending} onClick={() => onConfirm(reason.trim())}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
