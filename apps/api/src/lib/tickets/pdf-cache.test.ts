import { describe, expect, it } from 'vitest';
import { pdfActualTexts } from '../../../test/pdf-text';
import { pdfContentKey, TicketPdfCache } from './pdf-cache';
import type { TicketPdfData } from './ticket-pdf';

const ticket = (extra: Partial<TicketPdfData> = {}): TicketPdfData => ({
  id: 31,
  bookingId: 9,
  status: 'valid',
  code: 'H1.31.abcdefghijklmnopqrstuv.ABCDEFGHIJKLMNOPQRSTUV',
  shortCode: '31-ABCD-EFGH',
  eventTitle: 'Oud Night',
  timezone: 'Africa/Cairo',
  start: new Date('2026-12-05T17:00:00Z'),
  end: new Date('2026-12-05T20:00:00Z'),
  isOnline: false,
  venueName: 'Cairo Opera House',
  address: 'Gezira, Cairo',
  onlineUrl: null,
  categoryName: 'Balcony',
  seat: null,
  holderName: 'Omar Khaled',
  price: 50000,
  currency: 'EGP',
  ...extra,
});

describe('TicketPdfCache', () => {
  it('renders a PDF once per content and shares a rendering still in progress', async () => {
    const cache = new TicketPdfCache();
    const input = { language: 'en' as const, tickets: [ticket()] };
    const [first, twin] = await Promise.all([cache.get(input), cache.get(input)]);
    expect(twin).toBe(first);
    expect(await cache.get({ language: 'en', tickets: [ticket()] })).toBe(first);
  });

  it('renders again when what the ticket prints changes: its state, its holder, the language', async () => {
    const cache = new TicketPdfCache();
    const valid = await cache.get({ language: 'en', tickets: [ticket()] });
    const checkedIn = await cache.get({
      language: 'en',
      tickets: [ticket({ status: 'checked_in' })],
    });
    expect(checkedIn).not.toBe(valid);
    expect(pdfActualTexts(checkedIn)).toContain('Already checked in');
    const renamed = await cache.get({ language: 'en', tickets: [ticket({ holderName: 'Lina' })] });
    expect(pdfActualTexts(renamed)).toContain('Lina');
    const arabic = await cache.get({ language: 'ar', tickets: [ticket()] });
    expect(pdfActualTexts(arabic)).toContain('رقم التذكرة');
  });

  it('keys by every printed field and by the slot’s instants', () => {
    const base = pdfContentKey({ language: 'en', tickets: [ticket()] });
    expect(pdfContentKey({ language: 'en', tickets: [ticket()] })).toBe(base);
    expect(
      pdfContentKey({
        language: 'en',
        tickets: [ticket({ start: new Date('2026-12-05T17:30:00Z') })],
      }),
    ).not.toBe(base);
    expect(pdfContentKey({ language: 'en', tickets: [ticket({ price: 50001 })] })).not.toBe(base);
  });
});
