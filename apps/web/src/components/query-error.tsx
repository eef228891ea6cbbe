import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';

export interface QueryErrorProps {
  error: unknown;
  onRetry: () => void;
}

export function QueryError({ error, onRetry }: QueryErrorProps) {
  const { t } = useTranslation();
  // The API's detail is already in the reader's language.
  const detail = isApiError(error) ? error.message : null;
  return (
    <Stack role="alert" align="flex-start" gap="sm" py="md">
      <Text fw={700}>{t('errors.loadFailed')}</Text>
      {detail && <Text>{detail}</Text>}
      <Button variant="outline" onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </Stack>
  );
}
