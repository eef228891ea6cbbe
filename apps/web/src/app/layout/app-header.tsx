import { Button, Container } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loginPathFor } from '../../lib/next-path';
import { useSession } from '../../lib/session';
import { HaflaLogo } from './hafla-logo';
import { LanguageSwitch } from './language-switch';
import { SearchForm } from './search-form';
import classes from './layout.module.css';

const loadUserMenu = () => import('./user-menu');
const UserMenu = lazy(async () => ({ default: (await loadUserMenu()).UserMenu }));

/** Holds the menu's place while the session is restored, so nothing jumps when it appears. */
function AccountPlaceholder() {
  return <span className={classes.avatarPlaceholder} aria-hidden="true" />;
}

function AccountArea() {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const { pathname, search } = useLocation();

  // A session is being restored: fetch the menu's code alongside the account.
  useEffect(() => {
    if (status === 'restoring') void loadUserMenu();
  }, [status]);

  if (status === 'restoring') return <AccountPlaceholder />;
  if (user) {
    return (
      <Suspense fallback={<AccountPlaceholder />}>
        <UserMenu user={user} />
      </Suspense>
    );
  }
  return (
    <Button component={Link} to={loginPathFor(pathname + search)} px="md">
      {t('header.signIn')}
    </Button>
  );
}

export function AppHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The events list has its own, larger search box; two with one name would confuse.
  const isEventsList = pathname === '/events';
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.headerInner}>
        <HaflaLogo />
        {!isEventsList && <SearchForm className={classes.search} />}
        <div className={classes.actions}>
          <Link
            to="/events"
            className={classes.navLink}
            aria-current={isEventsList ? 'page' : undefined}
          >
            {t('header.events')}
          </Link>
          {/* The notifications issue mounts the bell here. */}
          <div className={classes.bellSlot} data-slot="notification-bell" />
          <LanguageSwitch />
          <AccountArea />
        </div>
      </Container>
    </header>
  );
}
