import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';

/** Shown in place of an admin page to any other account, at the address it asked for. */
export function AdminsOnlyPage() {
  const { t } = useTranslation(['finance', 'common']);
  usePageMeta({
    title: t('adminsOnly.title'),
    description: t('adminsOnly.text'),
    keywords: t('admin.meta.keywords'),
    siteName: t('common:app.name'),
  });
  return (
    <Stack gap="md" py="xl" align="flex-start" maw={48 * 16}>
      <Title order={1}>{t('adminsOnly.title')}</Title>
      <Text size="lg">{t('adminsOnly.text')}</Text>
      <Button component={Link} to="/">
        {t('adminsOnly.home')}
      </Button>
    </Stack>
  );
}
