import { createInstance } from 'i18next';
import type { i18n as I18n, Resource } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { LANGUAGES } from '@hafla/shared/common/i18n';
import type { Language } from '@hafla/shared/common/i18n';
import { App } from './app/app';
import {
  firstScreenModule,
  firstScreenNamespaces,
  hasFirstScreen,
  seedFirstScreen,
} from './app/first-screen';
import { markServerRenderedPage } from './app/layout/server-page';
import { createRoutes } from './app/router';
import { LANGUAGE_FONT_FACES, LANGUAGE_FONT_STYLES } from './lib/fonts';
import { DEFAULT_NAMESPACE } from './lib/i18n';
import { documentTitleOf, withServerPageMeta } from './lib/page-meta';
import { createQueryClient } from './lib/query-client';

/**
 * The server's half of the first screen (decision 0026): the API process imports this build
 * (`dist-server/entry-server.js`) and renders the public pages that have one — the same
 * components, the same first answers — into the HTML it sends; the browser hydrates it.
 */

type LocaleModule = { default: Record<string, unknown> };

const locales = import.meta.glob<LocaleModule>('./locales/*/*.json', { eager: true });

/** One translation instance per language, every namespace loaded, made once. */
const translations = new Map<Language, Promise<I18n>>();

function translationsOf(language: Language): Promise<I18n> {
  let instance = translations.get(language);
  if (!instance) {
    const resources: Resource = {};
    for (const [file, module] of Object.entries(locales)) {
      const [, lng, namespace] = /\/locales\/(\w+)\/(\w+)\.json$/.exec(file) ?? [];
      if (lng !== language || !namespace) continue;
      resources[lng] = { ...resources[lng], [namespace]: module.default };
    }
    const i18n = createInstance();
    instance = i18n
      .init({
        lng: language,
        supportedLngs: [...LANGUAGES],
        fallbackLng: false,
        resources,
        defaultNS: DEFAULT_NAMESPACE,
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
      })
      .then(() => i18n);
    translations.set(language, instance);
  }
  return instance;
}

export interface FirstScreenInput {
  /** The page's path, e.g. `/`. */
  pathname: string;
  language: Language;
  /** The page's first answers by API path, parsed. */
  answers: ReadonlyMap<string, unknown>;
}

/**
 * Whether `pathname` is a page this module renders, and the source of its lazy page module
 * (the client build's manifest key, whose styles go in the page's HTML).
 */
export { firstScreenModule, hasFirstScreen };

/** The source of a language's font styles (the build's manifest key), which its pages link. */
export const languageStyles = (language: Language): string | null =>
  LANGUAGE_FONT_STYLES[language] ?? null;

/** The font files (the build's manifest keys) a page in that language preloads. */
export const languageFontFaces = (language: Language): readonly string[] =>
  LANGUAGE_FONT_FACES[language] ?? [];

export interface RenderedFirstScreen {
  /** The page's HTML for `#root`. */
  html: string;
  /** The document's title and description the page sets, when it sets them. */
  title: string | null;
  description: string | null;
}

/**
 * The page's first screen as HTML for `#root`, with its title and description, or null when it
 * cannot be the browser's (an answer is missing, the route redirects or fails).
 */
export async function renderFirstScreen({
  pathname,
  language,
  answers,
}: FirstScreenInput): Promise<RenderedFirstScreen | null> {
  if (!hasFirstScreen(pathname)) return null;
  const queryClient = createQueryClient();
  if (!seedFirstScreen(queryClient, pathname, (apiPath) => answers.get(apiPath))) return null;
  const i18n = await translationsOf(language);
  // Loaders are the browser's: here each route's data is what the first answers hold.
  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(new Request(new URL(pathname, 'http://hafla.local')), {
    dataStrategy: ({ matches }) =>
      Promise.resolve(
        Object.fromEntries(
          matches.map((match) => [match.route.id, { type: 'data', result: null }]),
        ),
      ),
  });
  if (context instanceof Response || context.errors) return null;
  if (firstScreenNamespaces(pathname).some((namespace) => !i18n.hasLoadedNamespace(namespace)))
    return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  markServerRenderedPage(pathname);
  try {
    // Nothing on a first screen waits (its lazy sections start as skeletons, its answers and
    // translations are at hand), so the render is synchronous and has no streaming scripts,
    // which the content security policy would refuse.
    const { result: html, meta } = withServerPageMeta(() =>
      renderToString(
        <I18nextProvider i18n={i18n}>
          <App language={language} queryClient={queryClient}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </App>
        </I18nextProvider>,
      ),
    );
    return {
      html,
      title: meta ? documentTitleOf(meta) : null,
      description: meta?.description ?? null,
    };
  } finally {
    markServerRenderedPage(null);
    // Its queries would otherwise wait half an hour (gcTime) to be collected.
    queryClient.clear();
  }
}
