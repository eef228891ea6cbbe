import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { App } from './app';
import {
  firstScreenHydrationData,
  firstScreenNamespaces,
  firstScreenShown,
  prefetchFirstScreen,
  seedFirstScreen,
} from './first-screen';
import { markServerRenderedPage } from './layout/server-page';
import { createAppRouter } from './router';
import { startSession } from './session-restore';
import { appInfoQueryOptions } from '../features/catalog/api/get-app-info';
import { takeFirstAnswer } from '../lib/first-answer';
import { loadLanguageFonts } from '../lib/fonts';
import { hydrateInTurns } from '../lib/hydrate-in-turns';
import { initI18n, loadI18nNamespace } from '../lib/i18n';
import {
  applyDocumentLanguage,
  readStoredLanguage,
  rememberLanguageForServer,
} from '../lib/language';
import { createQueryClient } from '../lib/query-client';
import { readSessionHint } from '../lib/session';

/**
 * Hydrates the first screen the server rendered (decision 0026) when this app would render the
 * same: the page's language, an anonymous reader (a session hint means a signed-in header), and
 * every first answer at hand. Otherwise the app renders anew over it.
 */
function canHydrate(root: HTMLElement, language: string): boolean {
  return root.dataset.firstScreen === language && readSessionHint() === null;
}

/** The longest the server's page waits for the app's own to be ready before it is replaced. */
const SERVER_PAGE_WAIT_MS = 3_000;

/** Resolves once the router has run its first loaders (at once when it starts hydrated). */
function routerInitialized(router: Awaited<ReturnType<typeof createAppRouter>>): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/** Starts the app in `root`: hydrates the server's first screen, or renders anew. */
export async function startApp(root: HTMLElement): Promise<void> {
  const language = readStoredLanguage();
  // lang and dir are set before the first render so nothing paints in the wrong direction.
  applyDocumentLanguage(language);
  rememberLanguageForServer(language);
  void loadLanguageFonts(language);

  const queryClient = createQueryClient();
  const { pathname } = window.location;
  const hydrate =
    canHydrate(root, language) &&
    seedFirstScreen(queryClient, pathname, (apiPath) => takeFirstAnswer(apiPath));
  // App info, translations, the first page's code and its data all download side by side.
  if (!hydrate) void queryClient.prefetchQuery(appInfoQueryOptions());
  // Only readers with a session hint pay for a refresh; signed-in-only pages wait for it.
  const sessionReady = startSession(queryClient);
  const i18nReady = initI18n(language);
  const isOverServerPage = root.dataset.firstScreen !== undefined;
  const [router] = await Promise.all([
    createAppRouter(queryClient, {
      isOverServerPage,
      ...(hydrate ? { hydrationData: firstScreenHydrationData(pathname) } : {}),
    }),
    i18nReady,
  ]);
  if (isOverServerPage && !hydrate) {
    // The server's page stays until this reader's (signed in, or in another language) can take
    // its place whole: the session, the page's reads and its route, no loader in between. A slow
    // answer does not keep the server's page for long. Meanwhile it is inert: a field typed in or
    // a section opened there would vanish with it.
    root.inert = true;
    await Promise.race([
      Promise.all([
        sessionReady.then(() => prefetchFirstScreen(queryClient, pathname)),
        routerInitialized(router),
      ]),
      new Promise((resolve) => setTimeout(resolve, SERVER_PAGE_WAIT_MS)),
    ]);
  }

  const app: ReactNode = (
    <StrictMode>
      <App language={language} queryClient={queryClient}>
        <RouterProvider router={router} />
      </App>
    </StrictMode>
  );
  // The server's page was seen: the app's takes its place without a fade-in.
  if (isOverServerPage) markServerRenderedPage(pathname);
  if (hydrate) {
    // The first number formatted on a page pays for starting Intl (about 70 ms on a slow
    // phone): paid in a task of its own while the translations download, not in a hydration's.
    setTimeout(() => new Intl.NumberFormat().format(0), 0);
    // The loaders the server's render stood for did not run here: their translations load now.
    await Promise.all(firstScreenNamespaces(pathname).map(loadI18nNamespace));
    await hydrateInTurns(() => hydrateRoot(root, app), root);
    firstScreenShown(pathname);
    return;
  }
  createRoot(root).render(app);
  root.inert = false;
}
