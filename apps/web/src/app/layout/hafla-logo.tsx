import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './layout.module.css';

export function HaflaLogo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className={classes.logo} aria-label={t('header.home')}>
      <svg width="36" height="36" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="var(--mantine-color-brand-6)" />
        <path
          d="M14 22a4 4 0 0 1 4-4h28a4 4 0 0 1 4 4v5a5 5 0 0 0 0 10v5a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4v-5a5 5 0 0 0 0-10z"
          fill="#fff"
        />
        <circle cx="32" cy="32" r="5" fill="var(--mantine-color-accent-6)" />
      </svg>
      <span className={classes.logoName}>{t('app.name')}</span>
    </Link>
  );
}
