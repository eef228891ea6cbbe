import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
// The dialog's surface is a Paper: without its styles the body has no background.
import '@mantine/core/styles/Paper.layer.css';
import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FinanceDialogProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** The wallet's and the admin queue's dialogs: a form or a question over the page. */
export function FinanceDialog({ opened, title, onClose, children }: FinanceDialogProps) {
  const { t, i18n } = useTranslation('finance');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="lg"
      dir={i18n.dir()}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      {children}
    </Modal>
  );
}
