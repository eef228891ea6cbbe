import i18next from 'i18next';
import type { BackendModule, ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@hafla/shared/common/i18n';
import type { Language } from '@hafla/shared/common/i18n';
import englishCatalog from '../locales/en/catalog.json';
import englishCommon from '../locales/en/common.json';

export const DEFAULT_NAMESPACE = 'common';

type LocaleModule = { default: Record<string, unknown> };

// Each locale file is its own chunk: a visitor downloads only the language and namespaces in use.
const localeLoaders = import.meta.glob<LocaleModule>('../locales/*/*.json');

const bundledLocalesBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = localeLoaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();
i18n.use(bundledLocalesBackend).use(initReactI18next);

let initialising: Promise<unknown> | null = null;

/** Loads the `common` namespace of one language; feature namespaces load with their routes. */
export async function initI18n(language: Language = DEFAULT_LANGUAGE): Promise<typeof i18n> {
  initialising ??= i18n.init({
    lng: language,
    supportedLngs: [...LANGUAGES],
    // Every key exists in both languages (locales.test.ts), so no second language is fetched.
    fallbackLng: false,
    load: 'currentOnly',
    ns: [DEFAULT_NAMESPACE],
    // English, the default, ships its small common namespace, and the home page's (the home page
    // is in the entry chunk too), in the entry chunk so the first screen does not wait for another
    // download once the script runs; everything else comes from the backend.
    ...(language === 'en'
      ? { resources: { en: { common: englishCommon, catalog: englishCatalog } } }
      : {}),
    partialBundledLanguages: true,
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });
  await initialising;
  return i18n;
}

/** Feature namespaces may be requested by route modules that start loading before init ends. */
export async function loadI18nNamespace(namespace: string): Promise<void> {
  await initialising;
  await i18n.loadNamespaces(namespace);
}
