import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * PDF pages as images, drawn in the browser by pdf.js (pdfjs-dist) from node_modules: the page
 * loads it, its worker, its standard fonts, character maps and wasm decoders from an origin that
 * only Playwright answers, so nothing is fetched from the network (any other request is aborted
 * and reported).
 */

const ORIGIN = 'http://pdfjs.test';
const PDFJS_ROOT = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** The folders of pdfjs-dist the page may read. */
const SERVED = ['build', 'standard_fonts', 'cmaps', 'wasm', 'iccs'];
const TYPES: Record<string, string> = {
  '.mjs': 'text/javascript',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.html': 'text/html',
};

const PAGE_HTML = `<!doctype html>
<html><head><meta charset="utf-8"><title>pdf.js</title></head><body>
<script type="module">
  import * as pdfjs from '/build/pdf.min.mjs';
  pdfjs.GlobalWorkerOptions.workerSrc = '/build/pdf.worker.min.mjs';
  window.pdfjsLib = pdfjs;
</script>
</body></html>`;

/** A region to paint over, in PDF points from the page's top left corner. */
export interface Mask {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PageImageOptions {
  /** Pixels per PDF point. */
  scale: number;
  /** Regions whose content differs between runs (numbers), painted over in magenta. */
  masks: Mask[];
  /** Also paints over the bounding box of every pure black pixel (the QR code). */
  maskBlack: boolean;
}

/** Opens the pdf.js page in `page`; answers the requests that tried to leave it (aborted). */
export async function openPdfJs(page: Page): Promise<string[]> {
  const escaped: string[] = [];
  await page.context().route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== ORIGIN) {
      escaped.push(url.href);
      return route.abort('blockedbyclient');
    }
    if (url.pathname === '/') {
      return route.fulfill({ contentType: TYPES['.html'], body: PAGE_HTML });
    }
    const file = path.normalize(path.join(PDFJS_ROOT, decodeURIComponent(url.pathname)));
    const folder = path.relative(PDFJS_ROOT, file).split(path.sep)[0] ?? '';
    if (!SERVED.includes(folder)) return route.fulfill({ status: 404, body: 'not served' });
    const body = await readFile(file).catch(() => null);
    if (!body) return route.fulfill({ status: 404, body: 'no such file' });
    return route.fulfill({
      contentType: TYPES[path.extname(file)] ?? 'application/octet-stream',
      body,
    });
  });
  await page.goto(`${ORIGIN}/`);
  await page.waitForFunction(() => 'pdfjsLib' in window);
  return escaped;
}

/**
 * The first page of `pdf` drawn on a canvas at `scale` (on a white background), with `masks`
 * painted over; answers it as PNG. Needs `openPdfJs` first.
 */
export async function pdfPageImage(
  page: Page,
  pdf: Buffer,
  options: PageImageOptions,
): Promise<{ png: Buffer; pages: number; black: Mask | null }> {
  const answer = await page.evaluate(
    async ({ data, scale, masks, maskBlack }) => {
      interface Viewport {
        width: number;
        height: number;
      }
      interface PdfJs {
        getDocument(source: object): {
          promise: Promise<{
            numPages: number;
            getPage(n: number): Promise<{
              getViewport(options: { scale: number }): Viewport;
              render(options: object): { promise: Promise<void> };
            }>;
            destroy(): Promise<void>;
          }>;
        };
      }
      const pdfjs = (window as unknown as { pdfjsLib: PdfJs }).pdfjsLib;
      const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      const document = await pdfjs.getDocument({
        data: bytes,
        // Local copies, should pdf.js need them: nothing comes from a CDN.
        standardFontDataUrl: '/standard_fonts/',
        cMapUrl: '/cmaps/',
        cMapPacked: true,
        wasmUrl: '/wasm/',
        iccUrl: '/iccs/',
        useSystemFonts: false,
        isEvalSupported: false,
      }).promise;
      const pdfPage = await document.getPage(1);
      const viewport = pdfPage.getViewport({ scale });
      const canvas = window.document.createElement('canvas');
      canvas.width = Math.round(viewport.width);
      canvas.height = Math.round(viewport.height);
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) throw new Error('no 2d context');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await pdfPage.render({ canvasContext: context, canvas, viewport }).promise;

      let black: Mask | null = null;
      if (maskBlack) {
        const {
          data: pixels,
          width,
          height,
        } = context.getImageData(0, 0, canvas.width, canvas.height);
        let [left, top, right, bottom] = [width, height, -1, -1];
        for (let y = 0; y < height; y++) {
          for (let x = 0; x < width; x++) {
            const at = (y * width + x) * 4;
            if (Math.max(pixels[at]!, pixels[at + 1]!, pixels[at + 2]!) > 16) continue;
            left = Math.min(left, x);
            right = Math.max(right, x);
            top = Math.min(top, y);
            bottom = Math.max(bottom, y);
          }
        }
        if (right >= 0) {
          // Two pixels more on each side: the modules' anti-aliased edges.
          black = {
            x: left / scale - 2 / scale,
            y: top / scale - 2 / scale,
            width: (right - left + 1 + 4) / scale,
            height: (bottom - top + 1 + 4) / scale,
          };
        }
      }
      context.fillStyle = '#ff00ff';
      for (const mask of [...masks, ...(black ? [black] : [])])
        context.fillRect(mask.x * scale, mask.y * scale, mask.width * scale, mask.height * scale);
      const pages = document.numPages;
      await document.destroy();
      return { png: canvas.toDataURL('image/png').split(',')[1] ?? '', pages, black };
    },
    { data: pdf.toString('base64'), ...options },
  );
  return { png: Buffer.from(answer.png, 'base64'), pages: answer.pages, black: answer.black };
}

/** Every page's text of `pdf`, as pdf.js reads it (one string per page). Needs `openPdfJs` first. */
export async function pdfText(page: Page, pdf: Buffer): Promise<string[]> {
  return page.evaluate(async (data) => {
    interface PdfJs {
      getDocument(source: object): {
        promise: Promise<{
          numPages: number;
          getPage(n: number): Promise<{
            getTextContent(): Promise<{ items: Array<{ str?: string }> }>;
          }>;
          destroy(): Promise<void>;
        }>;
      };
    }
    const pdfjs = (window as unknown as { pdfjsLib: PdfJs }).pdfjsLib;
    const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
    const document = await pdfjs.getDocument({
      data: bytes,
      standardFontDataUrl: '/standard_fonts/',
      cMapUrl: '/cmaps/',
      cMapPacked: true,
      wasmUrl: '/wasm/',
      iccUrl: '/iccs/',
      useSystemFonts: false,
      isEvalSupported: false,
    }).promise;
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => item.str ?? '').join(' '));
    }
    await document.destroy();
    return pages;
  }, pdf.toString('base64'));
}
