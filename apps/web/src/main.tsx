import './app/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { startSession } from './app/session-restore';
import { appInfoQueryOptions } from './features/catalog/api/get-app-info';
import { loadLanguageFonts } from './lib/fonts';
import { initI18n } from './lib/i18n';
import { applyDocumentLanguage, readStoredLanguage } from './lib/language';
import { createQueryClient } from './lib/query-client';

async function startApp(root: HTMLElement) {
  const language = readStoredLanguage();
  // lang and dir are set before the first render so nothing paints in the wrong direction.
  applyDocumentLanguage(language);
  void loadLanguageFonts(language);

  const queryClient = createQueryClient();
  // App info, translations, the first page's code and its data all download side by side.
  void queryClient.prefetchQuery(appInfoQueryOptions());
  // Only readers with a session hint pay for a refresh; signed-in-only pages wait for it.
  void startSession(queryClient);
  const i18nReady = initI18n(language);
  const router = createAppRouter(queryClient);
  await i18nReady;

  // A transition lets React yield while it builds the first screen instead of blocking the
  // main thread in one long task.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App language={language} queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
}

const root = document.getElementById('root');
if (root) void startApp(root);
