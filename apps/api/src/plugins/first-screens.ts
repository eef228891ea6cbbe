import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { directionOf } from '@hafla/shared/common/i18n';
import type { Language } from '@hafla/shared/common/i18n';
import type { FirstAnswer } from './web';

/**
 * First screens rendered on the server (decision 0026): the web build's server entry
 * (`apps/web/dist-server/entry-server.js`, built beside `dist/`) renders a public page from the
 * first answers it is sent with (decision 0024) into the HTML, and the browser hydrates it.
 */

/** What the web build's server entry exports (apps/web/src/entry-server.tsx). */
interface ServerEntry {
  hasFirstScreen(pathname: string): boolean;
  renderFirstScreen(input: {
    pathname: string;
    language: Language;
    answers: ReadonlyMap<string, unknown>;
  }): Promise<string | null>;
}

/** Renders a page once per language and set of answers: the answers change far less often. */
const CACHED_SCREENS = 32;

export class FirstScreens {
  private readonly cache = new Map<string, Promise<string | null>>();

  constructor(
    private readonly entry: ServerEntry,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The web build's server entry beside `webRoot`, or null when the build has none. */
  static async load(webRoot: string, log: FastifyBaseLogger): Promise<FirstScreens | null> {
    const file = path.join(webRoot, '..', 'dist-server', 'entry-server.js');
    if (!existsSync(file)) return null;
    try {
      const entry = (await import(pathToFileURL(file).href)) as ServerEntry;
      return new FirstScreens(entry, log);
    } catch (error) {
      log.warn({ err: error }, 'first screens are not rendered: the server entry did not load');
      return null;
    }
  }

  has(pathname: string): boolean {
    return this.entry.hasFirstScreen(pathname);
  }

  /** The page's first screen for `#root`, or null (the page then goes out as the app's shell). */
  render(
    pathname: string,
    language: Language,
    answers: readonly FirstAnswer[],
  ): Promise<string | null> {
    const hash = createHash('sha1').update(`${pathname}\n${language}`);
    for (const answer of answers) hash.update(`\n${answer.path}\n`).update(answer.body);
    const key = hash.digest('base64');
    let screen = this.cache.get(key);
    if (screen) {
      // Most recently used last: the first key is the one to drop.
      this.cache.delete(key);
    } else {
      screen = this.entry
        .renderFirstScreen({
          pathname,
          language,
          answers: new Map(
            answers.map((answer) => [answer.path, JSON.parse(answer.body.toString())]),
          ),
        })
        .catch((error: unknown) => {
          this.log.warn({ err: error, pathname }, 'first screen not rendered');
          this.cache.delete(key);
          return null;
        });
      if (this.cache.size >= CACHED_SCREENS) this.cache.delete(this.cache.keys().next().value!);
    }
    this.cache.set(key, screen);
    return screen;
  }
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The page asks for the app's code once its first screen has painted: the entry script and its
 * module preloads make way for `/start-after-paint.js` (deferred, low priority), which asks for
 * them a frame later. Asked for at once, they are fetched at high priority and the first paint
 * waits for them; the first screen needs no script to be seen, and its links work without it.
 */
function withScriptsAfterPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const loader =
    `<script defer src="/start-after-paint.js" data-entry="${entry[1]}"` +
    ` data-preload="${preloads.join(' ')}"></script>\n`;
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => loader);
}

/**
 * The shell with a first screen in `#root` (in place of the boot screen), marked with its
 * language for the app to hydrate, the document's language and direction set to it, and the
 * app's code asked for once it has painted.
 */
export function withFirstScreen(html: string, language: Language, screen: string): string | null {
  const root = /<div id="root">[\s\S]*?<\/div>/.exec(html);
  if (!root) return null;
  const page =
    html.slice(0, root.index) +
    `<div id="root" data-first-screen="${language}">${screen}</div>` +
    html.slice(root.index + root[0].length);
  return withScriptsAfterPaint(
    page.replace(
      /<html lang="[^"]*" dir="[^"]*">/,
      () => `<html lang="${language}" dir="${directionOf(language)}">`,
    ),
  );
}
