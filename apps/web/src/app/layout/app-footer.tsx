import { Container, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppInfo } from '../../features/catalog/api/get-app-info';
import classes from './layout.module.css';

const FOOTER_LINKS = [
  { to: '/events', labelKey: 'footer.events' },
  { to: '/pages/terms', labelKey: 'footer.terms' },
  { to: '/pages/privacy', labelKey: 'footer.privacy' },
  { to: '/pages/about', labelKey: 'footer.about' },
  { to: '/faq', labelKey: 'footer.faq' },
  { to: '/report-problem', labelKey: 'footer.reportProblem' },
] as const;

export function AppFooter() {
  const { t } = useTranslation();
  const { data: appInfo } = useAppInfo();
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <Stack gap="sm">
          <nav aria-label={t('footer.nav')}>
            <ul className={classes.footerLinks}>
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={classes.footerLink}>
                    {t(link.labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {t('app.name')} · {t('footer.openSource')}
            </Text>
            {appInfo && (
              <Text size="sm" dir="auto">
                {t('footer.version', { version: appInfo.version })}
              </Text>
            )}
          </Group>
        </Stack>
      </Container>
    </footer>
  );
}
