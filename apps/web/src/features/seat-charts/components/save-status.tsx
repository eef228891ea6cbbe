import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { splitApiErrors } from '../../../lib/use-form';
import type { SaveStatus } from '../lib/autosave';

export interface SaveStatusProps {
  status: SaveStatus;
  error: unknown;
  /** Fields hold text the chart cannot take: what they show is not what is saved. */
  hasInvalidFields?: boolean;
  onRetry: () => void;
}

/**
 * The autosave's state, announced politely; a failure says why and offers to try again. While a
 * field holds what the chart cannot take, the page is not saved whatever the autosave says.
 */
export function SaveStatusIndicator({
  status,
  error,
  hasInvalidFields = false,
  onRetry,
}: SaveStatusProps) {
  const { t } = useTranslation('charts');
  const shown = hasInvalidFields && status !== 'failed' ? 'invalid' : status;
  const reason = status === 'failed' && error ? splitApiErrors(error, []).message : null;
  return (
    <Group gap="xs" data-save-status={shown}>
      <Text
        role="status"
        fw={600}
        c={shown === 'failed' || shown === 'invalid' ? 'red.9' : undefined}
      >
        {t(`designer.status.${shown}`)}
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
