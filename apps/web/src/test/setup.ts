import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { clearSession, configureTokenRenewal } from '../lib/session';
import { resetFakeSockets } from './fake-socket-io';

// The realtime channel is a network edge: every test that signs in talks to this fake server.
vi.mock('socket.io-client', () => import('./fake-socket-io'));

// happy-dom has no FontFaceSet; Mantine's autosizing Textarea listens on it for font loads.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
}

// The first test of a file also waits for its lazy route chunks to compile: on two busy cores
// that takes longer than the library's one-second default, and with other suites beside it
// (load above 8 on two cores) a first page took more than 5 s. `findBy`/`waitFor` return as soon
// as what they wait for is there, so the limit only decides how long a real failure takes.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  cleanup();
  resetFakeSockets();
  // The session is module state, like in the browser: each test starts signed out.
  configureTokenRenewal(null);
  clearSession();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
  const { i18n } = await import('../lib/i18n');
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
