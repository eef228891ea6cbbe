import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageMeta } from '../../../lib/page-meta';
import classes from './auth.module.css';

export type AuthPageName =
  | 'login'
  | 'register'
  | 'verifyEmail'
  | 'completeRegistration'
  | 'forgotPassword'
  | 'verifyOtp'
  | 'resetPassword';

export interface AuthLayoutProps {
  page: AuthPageName;
  children: ReactNode;
}

/** Every account screen: its page meta, a welcome heading, a lead, then the form. */
export function AuthLayout({ page, children }: AuthLayoutProps) {
  const { t } = useTranslation(['auth', 'common']);
  usePageMeta({
    title: t(`${page}.meta.title`),
    description: t(`${page}.meta.description`),
    keywords: t(`${page}.meta.keywords`),
    siteName: t('common:app.name'),
  });
  return (
    <Stack gap="lg" className={classes.layout}>
      <Stack gap="xs">
        <Title order={1}>{t(`${page}.heading`)}</Title>
        <Text size="lg">{t(`${page}.lead`)}</Text>
      </Stack>
      {children}
    </Stack>
  );
}
