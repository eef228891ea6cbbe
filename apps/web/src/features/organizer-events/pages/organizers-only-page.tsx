import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta';
import classes from '../components/organizer.module.css';

/**
 * Shown in place of an organizer page to a signed-in account without the organizer role, at the
 * address they asked for, so they learn why instead of landing somewhere unexpected.
 */
export function OrganizersOnlyPage() {
  const { t } = useTranslation(['organizer', 'common']);
  usePageMeta({
    title: t('organizersOnly.title'),
    description: t('organizersOnly.text'),
    keywords: t('list.meta.keywords'),
    siteName: t('common:app.name'),
  });
  return (
    <Stack gap="md" py="xl" align="flex-start" className={classes.narrow}>
      <Title order={1}>{t('organizersOnly.title')}</Title>
      <Text size="lg">{t('organizersOnly.text')}</Text>
      <Text>{t('organizersOnly.howTo')}</Text>
      <Group gap="sm">
        <Button component={Link} to="/events">
          {t('organizersOnly.browse')}
        </Button>
        <Button component={Link} to="/" variant="default">
          {t('organizersOnly.home')}
        </Button>
      </Group>
    </Stack>
  );
}
