import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../lib/page-meta';
import { useSignedInUser } from '../../../lib/session';
import { ChangePasswordForm } from '../components/change-password-form';
import { LanguageForm } from '../components/language-form';
import classes from '../components/profile.module.css';

export interface SettingsPageProps {
  /** Injected by tests; the browser reloads the page after a language change. */
  reload?: () => void;
}

export function SettingsPage({ reload }: SettingsPageProps) {
  const { t } = useTranslation(['profile', 'common']);
  const user = useSignedInUser();
  usePageMeta({
    title: t('settings.meta.title'),
    description: t('settings.meta.description'),
    keywords: t('settings.meta.keywords'),
    siteName: t('common:app.name'),
  });

  return (
    <Stack gap="lg" className={classes.page}>
      <Stack gap="xs">
        <Title order={1}>{t('settings.heading')}</Title>
        <Text size="lg">{t('settings.lead')}</Text>
      </Stack>
      <section className={classes.section}>
        <ChangePasswordForm email={user.email} />
      </section>
      <section className={classes.section}>
        <LanguageForm userId={user.id} reload={reload} />
      </section>
    </Stack>
  );
}
