import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../lib/page-meta';

/** Shown for unknown routes and for content the API answers with 404. */
export function NotFound() {
  const { t } = useTranslation();
  usePageMeta({
    title: t('notFound.title'),
    description: t('notFound.metaDescription'),
    keywords: t('notFound.metaKeywords'),
    siteName: t('app.name'),
  });
  return (
    <Stack align="flex-start" gap="md" py="xl">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text size="lg">{t('notFound.text')}</Text>
      <Button component={Link} to="/">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}
