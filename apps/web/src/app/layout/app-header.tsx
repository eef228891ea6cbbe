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

// Signed-in readers only: the account menu, the bell, the realtime channel and its toasts.
const loadSignedInHeader = () => import('./signed-in-header');
const UserMenu = lazy(async () => ({ default: (await loadSignedInHeader()).UserMenu }));
const NotificationTools = lazy(async () => ({
  default: (await loadSignedInHeader()).NotificationTools,
}));

/** Holds the menu's place while the session is restored, so nothing jumps when it appears. */
function AccountPlaceholder() {
  return <span className={classes.avatarPlaceholder} aria-hidden="true" />;
}

/** Holds the bell's place while a session is restored, so nothing jumps when it appears. */
function BellPlaceholder() {
  return <span className={classes.bellPlaceholder} aria-hidden="true" />;
}

function NotificationsArea() {
  const { status, user } = useSession();
  if (status === 'restoring') return <BellPlaceholder />;
  if (!user) return null;
  // Keyed by the account: another sign-in in this tab starts afresh, on its own channel.
  return (
    <Suspense fallback={<BellPlaceholder />}>
      <NotificationTools key={user.id} userId={user.id} />
    </Suspense>
  );
}

function AccountArea() {
  const { t } = useTranslation();
  const { status, user } = useSession();
  const { pathname, search } = useLocation();

  // A session is being restored: fetch the menu's code alongside the account.
  useEffect(() => {
    if (status === 'restoring') void loadSignedInHeader();
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
          <div className={classes.bellSlot}>
            <NotificationsArea />
          </div>
          <LanguageSwitch />
          <AccountArea />
        </div>
      </Container>
    </header>
  );
}
