import { Container } from '@mantine/core';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { HydrateInTurn } from '../../lib/hydrate-in-turns';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { isServerRenderedPage, markServerRenderedPage } from './server-page';
import classes from './layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** Moves focus to the new page after client-side navigation, as a full page load would. */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const previousPath = useRef(pathname);
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    // The page the server rendered is left: every page from here on fades in, that one too.
    markServerRenderedPage(null);
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);
  return mainRef;
}

export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const mainRef = useFocusMainOnNavigation();
  const isNavigating = useNavigation().state === 'loading';
  return (
    <div className={classes.shell}>
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
        {t('skipLink')}
      </a>
      <HydrateInTurn>
        <AppHeader />
      </HydrateInTurn>
      <main
        id={MAIN_CONTENT_ID}
        ref={mainRef}
        tabIndex={-1}
        className={classes.main}
        aria-busy={isNavigating || undefined}
      >
        <Container size="lg">
          <Suspense fallback={<PageLoader />}>
            <div
              key={pathname}
              className={isServerRenderedPage(pathname) ? undefined : classes.page}
            >
              <Outlet />
            </div>
          </Suspense>
        </Container>
      </main>
      <HydrateInTurn>
        <AppFooter />
      </HydrateInTurn>
      <ScrollRestoration />
    </div>
  );
}
