import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay from 'find-my-way';
import { LRUCache } from 'lru-cache';
import { languageOfCookieHeader } from '@hafla/shared/common/i18n';
import type { Language } from '@hafla/shared/common/i18n';
import type { Encoding } from '../lib/read-cache';
import { FirstScreens, withFirstScreen } from './first-screens';
import { encodingFor } from './http-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** Pages whose first API answer is sent inside their HTML (decision 0024). */
    firstAnswers: FirstAnswers;
  }
}

export interface WebOptions {
  root: string;
  shell: SpaShell;
}

/**
 * An API answer a page asks for first, sent inside the page's HTML so the app renders without
 * asking for it, and the image the page will show largest, so the browser fetches it with the
 * HTML rather than after the app's code.
 */
export interface FirstAnswer {
  /** The API path the app would call (the web app matches it exactly). */
  path: string;
  /** The language the answer was made in; the app uses it only when it shows that language. */
  language: string;
  /** The answer's JSON, as the API would send it to an anonymous reader. */
  body: string | Buffer;
  preloadImage?: { href: string; srcset?: string; sizes?: string } | null;
}

export type FirstAnswerOf = (
  request: FastifyRequest,
  params: Record<string, string | undefined>,
) => Promise<FirstAnswer | null>;

interface FirstAnswersPage {
  answers: FirstAnswerOf[];
  readsQuery: boolean;
}

/**
 * The pages (client routes such as `/events/:id`) that have first answers, and how to make them
 * (a page may have several, each added by the module that owns its API path); and the answers
 * every app start needs (the app information), which go with each of them.
 */
export class FirstAnswers {
  private readonly router = FindMyWay({ ignoreTrailingSlash: true });
  private readonly pages = new Map<string, FirstAnswersPage>();
  private readonly companions: FirstAnswerOf[] = [];

  /**
   * One of the page's first answers; the first added with an image names the preload. A page
   * whose first screen follows its query string (a list's filters) `readsQuery`: its answers are
   * those of its address without one, and it has none when it has one.
   */
  add(pagePath: string, answerOf: FirstAnswerOf, options: { readsQuery?: boolean } = {}): void {
    let page = this.pages.get(pagePath);
    if (!page) {
      page = { answers: [], readsQuery: false };
      this.pages.set(pagePath, page);
      this.router.on('GET', pagePath, () => undefined, page);
    }
    page.answers.push(answerOf);
    page.readsQuery ||= options.readsQuery === true;
  }

  /** An answer sent along with every page's first answer (not alone: other pages stay static). */
  addToEveryPage(answerOf: FirstAnswerOf): void {
    this.companions.push(answerOf);
  }

  /**
   * The first answers of the page at `pathname`, its own first: none when the page has no first
   * answer or one of its own is missing (no such page, or nothing to send), since the app cannot
   * then show its first screen from them.
   */
  async of(request: FastifyRequest, pathname: string): Promise<FirstAnswer[]> {
    const found = this.router.find('GET', pathname);
    if (!found) return [];
    const { answers, readsQuery } = found.store as FirstAnswersPage;
    if (readsQuery && request.url.includes('?')) return [];
    const own = await Promise.all(answers.map((of) => of(request, found.params)));
    if (own.some((answer) => answer === null)) return [];
    const companions = await Promise.all(this.companions.map((of) => of(request, {})));
    return [...(own as FirstAnswer[]), ...companions.filter((answer) => answer !== null)];
  }
}

export function hasWebBuild(root: string): boolean {
  return existsSync(path.join(root, 'index.html'));
}

const FIRST_ANSWER_ID = 'hafla-first-answer';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page with its first answers: a `<script type="application/json">` holding them in a list
 * (data, never run, so the content security policy has nothing to allow; `<` is escaped so no
 * text can close the element) and the first image's preload, before `</head>`. Null when the page
 * has no head to put them in.
 */
export function withFirstAnswer(html: string, answers: readonly FirstAnswer[]): string | null {
  const at = html.indexOf('</head>');
  if (at < 0) return null;
  const data = `[${answers
    .map(
      (answer) =>
        `{"path":${JSON.stringify(answer.path)},"language":${JSON.stringify(answer.language)},"body":${answer.body.toString()}}`,
    )
    .join(',')}]`;
  const image = answers.find((answer) => answer.preloadImage)?.preloadImage;
  const preload = image
    ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(image.href)}"` +
      (image.srcset
        ? ` imagesrcset="${escapeAttribute(image.srcset)}" imagesizes="${escapeAttribute(image.sizes ?? '100vw')}"`
        : '') +
      '>\n'
    : '';
  const script = `<script type="application/json" id="${FIRST_ANSWER_ID}">${data.replace(/</g, '\\u003c')}</script>\n`;
  return `${html.slice(0, at)}${preload}${script}${html.slice(at)}`;
}

/** A page filled in with its first answers (and its first screen), compressed once per coding. */
interface FilledPage {
  html: string;
  /** Names what it is made of (the cache's key): a revalidating browser gets a 304 for it. */
  etag: string;
  /** False when its first screen should have been there and is not: it is made anew next time. */
  isComplete: boolean;
  encoded: Partial<Record<Encoding, Buffer>>;
}

/**
 * Filled pages by what they are made of — the page, its language and its answers' bytes (a
 * hash). A crowd on one page costs one fill and one compression, not one per request (an event
 * page filled and compressed anew cost ~1.3 ms, its answer alone 0.15 ms; rendering its first
 * screen ~20 ms); readers arriving while it is made wait for the same one. As many pages are kept
 * as the read cache keeps answers (2,000, 64 MB; an event page is about 35 KB of HTML), so every
 * cached answer's page can be kept too. A changed answer is another key, so nothing kept is ever
 * stale; the shell is the same for the life of the process (a deploy restarts it).
 */
export class FilledPages {
  private readonly pages = new LRUCache<string, FilledPage>({
    max: 2_000,
    maxSize: 64 * 1024 * 1024,
    // The HTML's bytes, and a quarter more for its compressed copies once they are made.
    sizeCalculation: (page) => Math.max(1, Math.ceil(Buffer.byteLength(page.html) * 1.25)),
  });
  private readonly filling = new Map<string, Promise<FilledPage | null>>();

  /** The build's identity: its index.html names every script and style by its content hash. */
  private readonly build: string;

  constructor(
    private readonly template: string | null,
    private readonly screens: FirstScreens | null,
  ) {
    this.build = createHash('sha1')
      .update(template ?? '')
      .digest('base64url');
  }

  of(
    pathname: string,
    language: Language,
    answers: readonly FirstAnswer[],
    log: FastifyBaseLogger,
  ): Promise<FilledPage | null> {
    // The build is part of what a page is made of: after a deploy, a browser's copy (its ETag)
    // names the old build's scripts, and must not be revalidated as current.
    const hash = createHash('sha1').update(`${this.build}\n${pathname}\n${language}`);
    for (const answer of answers) hash.update(`\n${answer.path}\n`).update(answer.body);
    const key = hash.digest('base64url');
    const kept = this.pages.get(key);
    if (kept) return Promise.resolve(kept);
    let filling = this.filling.get(key);
    if (!filling) {
      filling = this.fill(pathname, language, answers, `W/"p${key}"`)
        .then(
          (page) => {
            // A page whose first screen failed is sent, not kept: the next reader tries again.
            if (page?.isComplete) this.pages.set(key, page);
            return page;
          },
          (error: unknown) => {
            log.warn({ err: error, pathname }, 'first answer not embedded in the page');
            return null;
          },
        )
        .finally(() => this.filling.delete(key));
      this.filling.set(key, filling);
    }
    return filling;
  }

  private async fill(
    pathname: string,
    language: Language,
    answers: readonly FirstAnswer[],
    etag: string,
  ): Promise<FilledPage | null> {
    const { template, screens } = this;
    if (template === null) return null;
    const html = withFirstAnswer(template, answers);
    if (html === null) return null;
    if (!screens?.has(pathname)) return { html, etag, isComplete: true, encoded: {} };
    const screen = await screens.render(pathname, language, answers);
    const filled =
      screen && withFirstScreen(html, language, screen, screens.assetsOf(pathname, language));
    return { html: filled ?? html, etag, isComplete: filled !== null, encoded: {} };
  }
}

function encodedPage(page: FilledPage, encoding: Encoding): Buffer {
  page.encoded[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(page.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(page.html, { level: 6 });
  return page.encoded[encoding];
}

/**
 * Sends the SPA shell; the browser must revalidate it so a deploy is picked up at once. A page
 * with a first answer gets it inside (compressed here: the file's own .br and .gz lack it); a
 * first answer that cannot be made (the database is away, the event is gone) leaves the plain
 * shell, and the app asks the API itself.
 *
 * It answers nothing: an async function that returns the reply makes its promise call
 * `reply.then`, which watches the response once more for nobody (the not-found path ignores it;
 * under `inject` its responses already carried ten `close` listeners and Node warned on each).
 */
export async function sendSpaIndex(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  shell: SpaShell,
): Promise<void> {
  reply.header('cache-control', 'no-cache');
  const pathname = request.url.split('?')[0] ?? '/';
  let page: FilledPage | null = null;
  if (shell.template !== null && request.method === 'GET') {
    // A page is in the language the app will show: its cookie, or the app's default (not the
    // browser's Accept-Language, which the app does not follow), so the first answers and a
    // first screen are the ones the app can use.
    request.language = languageOfCookieHeader(request.headers.cookie);
    try {
      const answers = await app.firstAnswers.of(request, pathname);
      if (answers.length > 0)
        page = await shell.pages.of(pathname, request.language, answers, request.log);
    } catch (error) {
      request.log.warn({ err: error }, 'first answer not embedded in the page');
    }
  }
  if (page === null) {
    void reply.sendFile('index.html');
    return;
  }
  reply
    .type('text/html; charset=utf-8')
    .header('vary', 'Accept-Encoding, Cookie')
    .header('etag', page.etag);
  const encoding = encodingFor(request.headers['accept-encoding']);
  if (encoding === null) {
    reply.send(page.html);
    return;
  }
  reply.header('content-encoding', encoding).send(encodedPage(page, encoding));
}

/** The built app's page: its index.html, the server's renderer of first screens, filled pages. */
export interface SpaShell {
  template: string | null;
  pages: FilledPages;
}

/** The built index.html and first-screen renderer, loaded once: a deploy restarts the process. */
export async function loadSpaShell(root: string, log: FastifyBaseLogger): Promise<SpaShell> {
  let template: string;
  try {
    template = readFileSync(path.join(root, 'index.html'), 'utf8');
  } catch {
    return { template: null, pages: new FilledPages(null, null) };
  }
  return { template, pages: new FilledPages(template, await FirstScreens.load(root, log)) };
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated.
 * Unknown non-API paths fall back to index.html through the not-found handler.
 */
export const webPlugin = fp<WebOptions>(
  async (app, { root, shell }) => {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to every text file; send them to clients that accept them.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const isHashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      await sendSpaIndex(app, request, reply, shell);
      return reply;
    });
  },
  { name: 'web' },
);
