import { existsSync, readFileSync } from 'node:fs';
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

/** A page's first screen: its HTML for `#root`, and the title and description it sets. */
export interface FirstScreen {
  html: string;
  title: string | null;
  description: string | null;
}

/** What the web build's server entry exports (apps/web/src/entry-server.tsx). */
interface ServerEntry {
  hasFirstScreen(pathname: string): boolean;
  firstScreenModule(pathname: string): string | null;
  languageStyles(language: Language): string | null;
  languageFontFaces(language: Language): readonly string[];
  renderFirstScreen(input: {
    pathname: string;
    language: Language;
    answers: ReadonlyMap<string, unknown>;
  }): Promise<FirstScreen | null>;
}

/** A chunk of the client build, as its manifest (`dist/.vite/manifest.json`) describes it. */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/**
 * The files a page needs beside the shell's, as site paths: its lazy module's styles and
 * scripts, and the font files its first paint is set in.
 */
export interface PageAssets {
  styles: string[];
  scripts: string[];
  fonts: string[];
}

const NO_ASSETS: PageAssets = { styles: [], scripts: [], fonts: [] };

/**
 * The styles and scripts of the chunk built from `module` and of every chunk it imports, in the
 * order the browser would apply them (imports first).
 */
export function pageAssetsOf(manifest: BuildManifest, module: string): PageAssets | null {
  if (!manifest[module]) return null;
  const styles = new Set<string>();
  const scripts = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    if (chunk.file.endsWith('.css')) styles.add(`/${chunk.file}`);
    if (chunk.file.endsWith('.js')) scripts.add(`/${chunk.file}`);
  };
  visit(module);
  return { styles: [...styles], scripts: [...scripts], fonts: [] };
}

export class FirstScreens {
  private readonly assets = new Map<string, PageAssets>();

  constructor(
    private readonly entry: ServerEntry,
    private readonly manifest: BuildManifest,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The web build's server entry beside `webRoot` and the client build's manifest, or null when
   * the build has no server entry.
   */
  static async load(webRoot: string, log: FastifyBaseLogger): Promise<FirstScreens | null> {
    const file = path.join(webRoot, '..', 'dist-server', 'entry-server.js');
    if (!existsSync(file)) return null;
    try {
      const entry = (await import(pathToFileURL(file).href)) as ServerEntry;
      const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
      const manifest = existsSync(manifestFile)
        ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest)
        : {};
      return new FirstScreens(entry, manifest, log);
    } catch (error) {
      log.warn({ err: error }, 'first screens are not rendered: the server entry did not load');
      return null;
    }
  }

  has(pathname: string): boolean {
    return this.entry.hasFirstScreen(pathname);
  }

  /**
   * The styles and scripts of the page's lazy module (none for a page in the entry chunk), and
   * the styles and faces of its language's fonts.
   */
  assetsOf(pathname: string, language: Language): PageAssets {
    const module = this.entry.firstScreenModule(pathname);
    const page = module === null ? NO_ASSETS : this.assetsOfModule(module);
    const fontStyles = this.entry.languageStyles(language);
    if (fontStyles === null) return page;
    return {
      styles: [...page.styles, ...this.assetsOfModule(fontStyles).styles],
      scripts: page.scripts,
      fonts: this.entry.languageFontFaces(language).flatMap((face) => {
        const file = this.manifest[face]?.file;
        if (!file) this.log.warn({ face }, "a language's font face is not in the build");
        return file ? [`/${file}`] : [];
      }),
    };
  }

  private assetsOfModule(module: string): PageAssets {
    let assets = this.assets.get(module);
    if (!assets) {
      const found = pageAssetsOf(this.manifest, module);
      if (!found) this.log.warn({ module }, "a first screen's module is not in the build");
      assets = found ?? NO_ASSETS;
      this.assets.set(module, assets);
    }
    return assets;
  }

  /**
   * The page's first screen for `#root`, or null (the page then goes out as the app's shell): a
   * render that fails is logged. The filled page is cached by the caller (plugins/web.ts).
   */
  async render(
    pathname: string,
    language: Language,
    answers: readonly FirstAnswer[],
  ): Promise<FirstScreen | null> {
    try {
      return await this.entry.renderFirstScreen({
        pathname,
        language,
        answers: new Map(
          answers.map((answer) => [answer.path, JSON.parse(answer.body.toString())]),
        ),
      });
    } catch (error) {
      this.log.warn({ err: error, pathname }, 'first screen not rendered');
      return null;
    }
  }
}

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The page asks for the app's code once its first screen has painted: the entry script and its
 * module preloads (and the page's own scripts) make way for `/start-after-paint.js` (deferred,
 * low priority), which asks for them a frame later. Asked for at once, they are fetched at high
 * priority and the first paint waits for them; the first screen needs no script to be seen, and
 * its links work without it.
 */
function withScriptsAfterPaint(html: string, pageScripts: readonly string[]): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return html;
  const preloads = [
    ...new Set([...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!), ...pageScripts]),
  ].filter((href) => href !== entry[1]);
  const loader =
    `<script defer src="/start-after-paint.js" data-entry="${entry[1]}"` +
    ` data-preload="${preloads.join(' ')}"></script>\n`;
  return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, () => loader);
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The shell with the page's own title and description in place of the app's. */
function withPageMeta(html: string, screen: FirstScreen): string {
  let page = html;
  if (screen.title !== null)
    page = page.replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeHtml(screen.title!)}</title>`,
    );
  if (screen.description !== null)
    page = page.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(screen.description!)}" />`,
    );
  return page;
}

/**
 * The shell with a first screen in `#root` (in place of the boot screen), marked with its
 * language for the app to hydrate, the document's language and direction set to it, its title
 * and description in the head, its page's styles linked and its fonts preloaded (it paints
 * styled, and its faces come with it), and the app's code asked for once it has painted.
 */
export function withFirstScreen(
  shell: string,
  language: Language,
  screen: FirstScreen,
  assets: PageAssets = NO_ASSETS,
): string | null {
  const html = withPageMeta(shell, screen);
  const root = /<div id="root">[\s\S]*?<\/div>/.exec(html);
  const head = html.indexOf('</head>');
  if (!root || head < 0) return null;
  const fonts = assets.fonts
    .map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>\n`)
    .join('');
  const styles = assets.styles
    .filter((href) => !html.includes(`href="${href}"`))
    .map((href) => `<link rel="stylesheet" crossorigin href="${href}">\n`)
    .join('');
  const page =
    html.slice(0, head) +
    fonts +
    styles +
    html.slice(head, root.index) +
    `<div id="root" data-first-screen="${language}">${screen.html}</div>` +
    html.slice(root.index + root[0].length);
  return withScriptsAfterPaint(
    page.replace(
      /<html lang="[^"]*" dir="[^"]*"/,
      () => `<html lang="${language}" dir="${directionOf(language)}"`,
    ),
    assets.scripts,
  );
}
