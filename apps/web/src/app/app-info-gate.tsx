import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../features/catalog/api/get-app-info';
import { PageLoader } from '../components/page-loader';
import { isApiError } from '../lib/api-client';
import { startMonitoring } from '../lib/monitoring';

export interface AppInfoGateProps {
  children: ReactNode;
}

/** PRODUCT.md section 9: nothing renders until the application information has loaded. */
export function AppInfoGate({ children }: AppInfoGateProps) {
  const { t } = useTranslation();
  const appInfo = useAppInfo();
  const data = appInfo.data;

  useEffect(() => {
    if (data) void startMonitoring(data);
  }, [data]);

  if (appInfo.isPending) return <PageLoader fullHeight />;

  if (appInfo.isError) {
    const detail = isApiError(appInfo.error) ? appInfo.error.message : t('errors.server');
    return (
      <Center component="main" mih="100dvh" p="md">
        <Stack align="center" gap="md" maw={480} ta="center" role="alert">
          <Title order={1}>{t('appInfo.errorTitle')}</Title>
          <Text size="lg">{t('appInfo.errorText')}</Text>
          <Text>{detail}</Text>
          <Button onClick={() => void appInfo.refetch()} loading={appInfo.isFetching}>
            {t('errors.retry')}
          </Button>
        </Stack>
      </Center>
    );
  }

  return children;
}
