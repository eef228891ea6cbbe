import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface FormActionsProps {
  submitLabel: string;
  isSaving: boolean;
  /** Offers to close the form without saving; absent where the form stays open. */
  onCancel?: () => void;
}

/** The row under an item's form: save, and cancel where the form can be closed. */
export function FormActions({ submitLabel, isSaving, onCancel }: FormActionsProps) {
  const { t } = useTranslation('organizer');
  return (
    <Group gap="sm">
      <Button type="submit" loading={isSaving}>
        {submitLabel}
      </Button>
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {t('actions.cancelEditing')}
        </Button>
      )}
    </Group>
  );
}
