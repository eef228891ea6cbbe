import { Button, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HaflaLogo } from './hafla-logo';
import { LanguageSwitch } from './language-switch';
import { SearchForm } from './search-form';
import classes from './layout.module.css';

export function AppHeader() {
  const { t } = useTranslation();
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.headerInner}>
        <HaflaLogo />
        <SearchForm className={classes.search} />
        <div className={classes.actions}>
          {/* The notifications issue mounts the bell here. */}
          <div className={classes.bellSlot} data-slot="notification-bell" />
          <LanguageSwitch />
          <Button component={Link} to="/auth/login" px="md">
            {t('header.signIn')}
          </Button>
        </div>
      </Container>
    </header>
  );
}
