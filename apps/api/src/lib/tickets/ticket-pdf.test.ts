import { describe, expect, it } from 'vitest';
import { pdfActualTexts, pdfPageCount } from '../../../test/pdf-text';
import { renderTicketsPdf, type TicketPdfData } from './ticket-pdf';

const ticket = (id: number, extra: Partial<TicketPdfData> = {}): TicketPdfData => ({
  id,
  bookingId: 7,
  status: 'valid',
  code: `H1.${id}.abcdefghijklmnopqrstuv.ABCDEFGHIJKLMNOPQRSTUV`,
  shortCode: `${id}-ABCD-EFGH`,
  eventTitle: 'Jazz Night',
  timezone: 'Asia/Riyadh',
  start: new Date('2026-12-05T16:00:00Z'),
  end: new Date('2026-12-05T19:00:00Z'),
  isOnline: false,
  venueName: 'King Fahd Cultural Centre',
  address: 'King Fahd Road, Riyadh',
  onlineUrl: null,
  categoryName: 'General admission',
  seat: null,
  holderName: 'Sarah Al-Harbi',
  price: 15050,
  currency: 'SAR',
  ...extra,
});

describe('renderTicketsPdf', () => {
  it('prints one page per ticket with its number, holder, slot in the event zone and price', async () => {
    const pdf = await renderTicketsPdf({ language: 'en', tickets: [ticket(17), ticket(18)] });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBe(2);
    const texts = pdfActualTexts(pdf);
    expect(texts).toEqual(expect.arrayContaining(['#17', '#18', 'Jazz Night', 'Sarah Al-Harbi']));
    // The short code under the QR, after a left-to-right mark.
    expect(texts).toContain('\u200e17-ABCD-EFGH');
    expect(texts).toContain('Saturday, December 5, 2026');
    expect(texts.map((text) => text.replace(/\s/g, ' '))).toEqual(
      expect.arrayContaining(['7:00 – 10:00 PM (GMT+3)', 'SAR 150.50', 'King Fahd Road, Riyadh']),
    );
  });

  it('writes Arabic labels and keeps the text in logical order for copying', async () => {
    const pdf = await renderTicketsPdf({
      language: 'ar',
      tickets: [
        ticket(17, {
          eventTitle: 'ليلة الجاز في جدة',
          isOnline: true,
          onlineUrl: 'https://meet.example.com/jazz',
          price: 0,
          status: 'pending_approval',
        }),
      ],
    });
    expect(pdfPageCount(pdf)).toBe(1);
    const texts = pdfActualTexts(pdf);
    expect(texts).toEqual(
      expect.arrayContaining([
        'ليلة الجاز في جدة',
        'رقم التذكرة',
        '#17',
        'فعالية عبر الإنترنت',
        'https://meet.example.com/jazz',
        'مجانية',
        'بانتظار موافقة المنظّم',
        'السبت، 5 ديسمبر 2026',
      ]),
    );
  });

  it('shortens a title too long for three lines with an ellipsis', async () => {
    const title = 'A very long evening of music '.repeat(12).trim();
    const pdf = await renderTicketsPdf({
      language: 'en',
      tickets: [ticket(1, { eventTitle: title })],
    });
    const titleLines = pdfActualTexts(pdf).filter((text) => title.includes(text.replace(/…$/, '')));
    expect(titleLines).toHaveLength(3);
    expect(titleLines[2]).toMatch(/…$/);
  });

  it('refuses to make a document without pages', () => {
    expect(() => renderTicketsPdf({ language: 'en', tickets: [] })).toThrow(RangeError);
  });
});
