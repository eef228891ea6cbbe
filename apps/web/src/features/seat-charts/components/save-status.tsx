import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { splitApiErrors } from '../../../lib/use-form';
import type { SaveStatus } from '../lib/autosave';

export interface SaveStatusProps {
  status: SaveStatus;
  error: unknown;
  onRetry: () => void;
}

/** The autosave's state, announced politely; a failure says why and offers to try again. */
export function SaveStatusIndicator({ status, error, onRetry }: SaveStatusProps) {
  const { t } = useTranslation('charts');
  const reason = status === 'failed' && error ? splitApiErrors(error, []).message : null;
  return (
    <Group gap="xs" data-save-status={status}>
      <Text role="status" fw={600} c={status === 'failed' ? 'red.9' : undefined}>
        {t(`designer.status.${status}`)}
        {reason ? ` — ${reason}` : ''}
      </Text>
      {status === 'failed' && (
        <Button size="compact-md" variant="outline" onClick={onRetry}>
          {t('designer.status.retry')}
        </Button>
      )}
    </Group>
  );
}
