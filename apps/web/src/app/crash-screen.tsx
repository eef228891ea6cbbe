import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface CrashScreenProps {
  reload?: () => void;
}

export function CrashScreen({ reload = () => window.location.reload() }: CrashScreenProps) {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center" role="alert">
        <Title order={1}>{t('crash.title')}</Title>
        <Text size="lg">{t('crash.text')}</Text>
        <Button onClick={reload}>{t('crash.reload')}</Button>
      </Stack>
    </Center>
  );
}
