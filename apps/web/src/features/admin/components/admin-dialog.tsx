import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';

export interface AdminDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: string;
}

export function AdminDialog({ opened, title, onClose, children, size = 'lg' }: AdminDialogProps) {
  const { t, i18n } = useTranslation('admin');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size={size}
      dir={i18n.dir()}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {children}
    </Modal>
  );
}

export interface ConfirmActionProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** A reason the action needs (suspension, unpublishing): asked for, at least 3 characters. */
  reasonLabel?: string;
  isPending: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => void;
}

/** Asks before a destructive action; with `reasonLabel`, also for the reason given with it. */
export function ConfirmAction({
  opened,
  title,
  text,
  confirmLabel,
  reasonLabel,
  isPending,
  error,
  onClose,
  onConfirm,
}: ConfirmActionProps) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  return (
    <AdminDialog opened={opened} title={title} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reasonLabel && reason.trim().length < 3) {
            setReasonError(t('dialog.reasonRequired'));
            return;
          }
          onConfirm(reason.trim());
        }}
      >
        <Stack gap="md">
          <Text>{text}</Text>
          {reasonLabel && (
            <Textarea
              label={reasonLabel}
              value={reason}
              required
              autosize
              minRows={2}
              maxLength={1000}
              error={reasonError}
              onChange={(event) => {
                setReason(event.currentTarget.value);
                setReasonError(null);
              }}
            />
          )}
          <FormAlert message={error} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" color="red.9" loading={isPending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </AdminDialog>
  );
}
