import { describe, expect, it } from 'vitest';
import { ticketQrPng } from '../tickets/ticket-qr';
import {
  bookingConfirmedMail,
  type BookingConfirmedData,
  refundMail,
  type RefundData,
} from './booking-mails';

const slot = {
  eventTitle: 'Jazz <Night> & Friends',
  timezone: 'Asia/Riyadh',
  start: new Date('2026-12-05T16:00:00Z'),
  end: new Date('2026-12-05T19:00:00Z'),
  isOnline: false,
  venueName: 'King Fahd Cultural Centre',
  address: 'King Fahd Road, Riyadh',
};

const confirmed: BookingConfirmedData = {
  ...slot,
  bookingId: 31,
  recipientName: 'Sarah',
  lines: [
    { name: 'VIP', quantity: 2, unitPrice: 25000 },
    { name: 'General', quantity: 1, unitPrice: 10000 },
  ],
  subtotal: 60000,
  discount: 6000,
  fees: 0,
  total: 54000,
  currency: 'SAR',
  awaitingApproval: false,
  ticketsUrl: 'https://hafla.example/user/myTickets/4',
  onlineUrl: null,
  tickets: [
    { id: 101, categoryName: 'VIP', holderName: 'Sarah', qr: ticketQrPng('H1.101.a.b') },
    { id: 102, categoryName: 'عادي', holderName: '', qr: ticketQrPng('H1.102.a.b') },
  ],
};

const plain = (text: string) => text.replace(/[\s\u00a0]+/g, ' ').replace(/\u200f/g, '');

describe('bookingConfirmedMail', () => {
  it('summarises the booking in English with the slot in the event zone, each ticket’s QR code and a calendar file', () => {
    const mail = bookingConfirmedMail(confirmed, 'en');
    expect(mail.subject).toBe('Your tickets for Jazz <Night> & Friends');
    expect(
      mail.attachments.map(({ filename, contentType, cid }) => ({ filename, contentType, cid })),
    ).toEqual([
      { filename: 'hafla-ticket-101.png', contentType: 'image/png', cid: 'ticket-101@hafla' },
      { filename: 'hafla-ticket-102.png', contentType: 'image/png', cid: 'ticket-102@hafla' },
      {
        filename: 'hafla-booking-31.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        cid: undefined,
      },
    ]);
    expect(mail.attachments[0]?.content).toBe(confirmed.tickets[0]?.qr.png);
    const [, , calendar] = mail.attachments;
    const ics = calendar!.content.toString('utf8').replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('UID:booking-31@hafla');
    expect(ics).toContain('DTSTART:20261205T160000Z');
    expect(ics).toContain('DTEND:20261205T190000Z');
    expect(ics).toContain('SUMMARY:Jazz <Night> & Friends');
    expect(ics).toContain('LOCATION:King Fahd Cultural Centre\\, King Fahd Road\\, Riyadh');
    expect(ics).toContain('URL:https://hafla.example/user/myTickets/4');
    expect(mail.html).toContain('src="cid:ticket-101@hafla"');
    expect(mail.html).toContain('alt="QR code of ticket #101"');
    expect(plain(mail.text)).toContain('Ticket #101 · \u2068VIP\u2069 · \u2068Sarah\u2069');
    // A ticket without a holder's name carries the buyer's; an Arabic category keeps its direction.
    expect(plain(mail.text)).toContain('Ticket #102 · \u2068عادي\u2069 · \u2068Sarah\u2069');
    const text = plain(mail.text);
    expect(text).toContain('Hello Sarah,');
    expect(text).toContain('Date: Saturday, December 5, 2026');
    expect(text).toContain('Time: 7:00 – 10:00 PM (GMT+3)');
    expect(text).toContain('2 × VIP — SAR 500, 1 × General — SAR 100');
    expect(text).toContain('Discount: −SAR 60');
    expect(text).toContain('Total: SAR 540');
    expect(text).not.toContain('Fees');
    expect(text).toContain('See your tickets: https://hafla.example/user/myTickets/4');
    expect(mail.html).toContain('lang="en" dir="ltr"');
    expect(mail.html).toContain('Jazz &#60;Night&#62; &#38; Friends');
    expect(mail.html).not.toContain('<Night>');
  });

  it('links to Google Calendar and Outlook with the slot in UTC, in both languages', () => {
    for (const [language, google, outlook] of [
      ['en', 'Add to Google Calendar', 'Add to Outlook'],
      ['ar', 'أضف إلى تقويم Google', 'أضف إلى Outlook'],
    ] as const) {
      const mail = bookingConfirmedMail(confirmed, language);
      const links = [...mail.text.matchAll(/^(.+): (https:\/\/\S+)$/gm)];
      const byLabel = new Map(links.map((match) => [match[1]!, new URL(match[2]!)]));
      const googleUrl = byLabel.get(google)!;
      expect(googleUrl.hostname).toBe('calendar.google.com');
      expect(googleUrl.searchParams.get('dates')).toBe('20261205T160000Z/20261205T190000Z');
      expect(googleUrl.searchParams.get('text')).toBe('Jazz <Night> & Friends');
      expect(byLabel.get(outlook)!.searchParams.get('startdt')).toBe('2026-12-05T16:00:00Z');
      // In the HTML the links are escaped and underlined.
      expect(mail.html).toContain(`>${google}</a>`);
      expect(mail.html).not.toContain('&friends');
    }
  });

  it('writes Arabic right to left with Latin digits and mentions a pending approval', () => {
    const mail = bookingConfirmedMail(
      { ...confirmed, awaitingApproval: true, ticketsUrl: null },
      'ar',
    );
    expect(mail.subject).toBe('تذاكرك لفعالية Jazz <Night> & Friends');
    expect(mail.html).toContain('lang="ar" dir="rtl"');
    const text = plain(mail.text);
    expect(text).toContain('التاريخ: السبت، 5 ديسمبر 2026');
    expect(text).toContain('الإجمالي: 540 ر.س.');
    expect(text).toContain('موافقة المنظّم');
    expect(text).not.toMatch(/[٠-٩]/);
    // No public address, no button to the tickets (the calendar links stand on their own).
    expect(mail.html).not.toContain('عرض تذاكرك');
    expect(mail.html).not.toContain('href="https://hafla');
    expect(mail.html).toContain('alt="رمز QR للتذكرة \u200e#101"');
    const ics = mail.attachments
      .at(-1)!
      .content.toString('utf8')
      .replace(/\r\n[ \t]/g, '');
    expect(ics).toContain('DESCRIPTION:الحجز #31 على حفلة');
    expect(ics).not.toContain('URL:');
  });

  it('calls a free booking free', () => {
    const mail = bookingConfirmedMail(
      {
        ...confirmed,
        lines: [{ name: 'Community', quantity: 3, unitPrice: 0 }],
        subtotal: 0,
        discount: 0,
        total: 0,
      },
      'en',
    );
    expect(plain(mail.text)).toContain('3 × Community — Free');
    expect(plain(mail.text)).toContain('Total: Free');
  });
});

describe('refundMail', () => {
  const refund: RefundData = {
    ...slot,
    bookingId: 31,
    recipientName: 'Sarah',
    amount: 25000,
    currency: 'SAR',
    reason: 'requested',
    ticketIds: [101, 102],
    cardLast4: '4242',
  };

  it.each([
    ['requested', 'You cancelled tickets of booking #31.'],
    ['event_cancelled', 'The organizer cancelled this event'],
    ['hold_lapsed', 'arrived after the hold on its tickets had lapsed'],
  ] as const)('explains a refund because %s', (reason, sentence) => {
    const mail = refundMail({ ...refund, reason }, 'en');
    const text = plain(mail.text);
    expect(text).toContain(sentence);
    expect(text).toContain('Cancelled tickets: #101, #102');
    expect(text).toContain('Refunded: SAR 250');
    expect(text).toContain('card ending in 4242');
    expect(mail.attachments).toEqual([]);
  });

  it('writes the reason and the amount in Arabic', () => {
    const mail = refundMail({ ...refund, reason: 'event_cancelled' }, 'ar');
    const text = plain(mail.text);
    expect(mail.subject).toBe('استرداد الحجز #31: Jazz <Night> & Friends');
    expect(text).toContain('ألغى المنظّم هذه الفعالية');
    expect(text).toContain('المبلغ المسترد: 250 ر.س.');
    expect(mail.html).toContain('dir="rtl"');
  });

  it('says nothing is refunded for free tickets', () => {
    const mail = refundMail({ ...refund, amount: 0, cardLast4: null }, 'en');
    expect(plain(mail.text)).toContain('Nothing was charged');
    expect(plain(mail.text)).not.toContain('Refunded:');
  });
});
