import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
// The modal's body is a Paper: without its styles the dialog has no background.
import '@mantine/core/styles/Paper.layer.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@hafla/shared/events/events';
import { FormAlert } from '../../../components/form-alert';
import { splitApiErrors } from '../../../lib/use-form';
import { useUpdateEvent } from '../api/update-event';
import { isolate } from '../../../lib/bidi';

export interface CancelEventDialogProps {
  event: Event;
  opened: boolean;
  onClose: () => void;
}

/** Cancelling cannot be undone, so it asks first and says what happens to ticket holders. */
export function CancelEventDialog({ event, opened, onClose }: CancelEventDialogProps) {
  const { t } = useTranslation('organizer');
  const update = useUpdateEvent();
  const [error, setError] = useState<string | null>(null);

  function close() {
    setError(null);
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('cancel.title')}
      centered
      closeButtonProps={{ 'aria-label': t('cancel.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <Stack gap="md">
        <Text>{t('cancel.text', { title: isolate(event.title) })}</Text>
        <Text fw={600}>{t('cancel.irreversible')}</Text>
        <FormAlert message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} data-autofocus>
            {t('cancel.keep')}
          </Button>
          <Button
            color="red.9"
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { eventId: event.id, body: { status: 'cancelled' } },
                {
                  onSuccess: close,
                  onError: (failure) => setError(splitApiErrors(failure, []).message),
                },
              )
            }
          >
            {t('cancel.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
