import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '../lib/i18n';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
  const { i18n } = await import('../lib/i18n');
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
