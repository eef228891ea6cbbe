import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { renderTicketsPdf, type TicketsPdfInput } from './ticket-pdf';

/**
 * Ticket PDFs by content: a PDF is made from what it prints (and the layout's version), so a
 * ticket's PDF is rendered once and served again until its state or details change — the key
 * changes with them, and the old entry simply ages out. Within a process, requests for one PDF
 * that is still being rendered share that rendering.
 */

/** Raise when the layout changes, so no PDF of the old layout is served again. */
const LAYOUT_VERSION = 1;

const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

export const pdfContentKey = (input: TicketsPdfInput): string =>
  createHash('sha256')
    .update(JSON.stringify([LAYOUT_VERSION, input.language, input.tickets]))
    .digest('base64url');

export class TicketPdfCache {
  private readonly done: LRUCache<string, Buffer>;
  private readonly rendering = new Map<string, Promise<Buffer>>();

  constructor(maxBytes = DEFAULT_MAX_BYTES) {
    this.done = new LRUCache({ maxSize: maxBytes, sizeCalculation: (pdf) => pdf.length });
  }

  async get(input: TicketsPdfInput): Promise<Buffer> {
    const key = pdfContentKey(input);
    const cached = this.done.get(key);
    if (cached) return cached;
    let pending = this.rendering.get(key);
    if (!pending) {
      pending = renderTicketsPdf(input).finally(() => this.rendering.delete(key));
      this.rendering.set(key, pending);
      this.done.set(key, await pending);
    }
    return pending;
  }
}
