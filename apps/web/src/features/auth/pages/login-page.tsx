import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';

/** Placeholder until the accounts issue lands; forced sign-outs already arrive here. */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  usePageMeta({
    title: t('login.meta.title'),
    description: t('login.meta.description'),
    keywords: t('login.meta.keywords'),
    siteName: t('common:app.name'),
  });
  return (
    <Stack align="flex-start" gap="md" py="xl" maw={560}>
      <Title order={1}>{t('login.heading')}</Title>
      <Text size="lg">{t('login.soon')}</Text>
      <Button component={Link} to="/" variant="outline">
        {t('login.backHome')}
      </Button>
    </Stack>
  );
}
