import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from '../components/not-found';
import { isNotFoundError } from '../lib/api-client';
import { reportError } from '../lib/monitoring';
import { CrashScreen } from './crash-screen';

export interface RouteErrorProps {
  reload?: () => void;
}

/** Errors thrown while loading or rendering a page; the header and footer stay usable. */
export function RouteError({ reload = () => window.location.reload() }: RouteErrorProps) {
  const { t } = useTranslation();
  const error = useRouteError();
  const isNotFound =
    (isRouteErrorResponse(error) && error.status === 404) || isNotFoundError(error);

  useEffect(() => {
    if (!isNotFound) reportError(error);
  }, [error, isNotFound]);

  if (isNotFound) return <NotFound />;

  return (
    <Stack align="flex-start" gap="md" py="xl" role="alert">
      <Title order={1}>{t('crash.title')}</Title>
      <Text size="lg">{t('crash.text')}</Text>
      {/* A failed chunk download after a deploy is the usual cause; a reload fetches the new build. */}
      <Button onClick={reload}>{t('crash.reload')}</Button>
    </Stack>
  );
}

/** The layout itself failed: nothing of the shell can be trusted, so show the full-page fallback. */
export function RootRouteError() {
  const error = useRouteError();
  useEffect(() => {
    reportError(error);
  }, [error]);
  return <CrashScreen />;
}
