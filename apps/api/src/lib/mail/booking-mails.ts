import type { Language } from '@hafla/shared/common/i18n';
import { formatMoney } from '../money';
import { googleCalendarUrl, outlookCalendarUrl } from '@hafla/shared/calendar/calendar-links';
import { calendarFile, type CalendarEntry } from '../tickets/calendar';
import { formatSlotDay, formatSlotTimes } from '../tickets/slot-text';
import type { MailAttachment } from './transport';
import { fill, renderFrame, type Rows } from './templates';

/** A booking email without its recipient: the caller addresses and tags it. */
export interface BookingMail {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

export interface MailSlot {
  eventTitle: string;
  timezone: string;
  start: Date;
  end: Date;
  isOnline: boolean;
  venueName: string;
  address: string;
}

export interface BookingConfirmedData extends MailSlot {
  bookingId: number;
  recipientName: string;
  lines: Array<{ name: string; quantity: number; unitPrice: number }>;
  subtotal: number;
  discount: number;
  fees: number;
  total: number;
  currency: string;
  /** True when some tickets wait for the organizer's approval. */
  awaitingApproval: boolean;
  /** Where the tickets are in the web app, when the public address is known. */
  ticketsUrl: string | null;
  /** The issued tickets, each shown as its QR code (ticketQrPng), in ticket order. */
  tickets: Array<{ id: number; categoryName: string; holderName: string; qr: QrImage }>;
  /** The online event's link (the calendar entry's location). */
  onlineUrl: string | null;
}

export interface QrImage {
  png: Buffer;
  size: number;
}

export type RefundReason = 'requested' | 'event_cancelled' | 'hold_lapsed' | 'rejected';

export interface RefundData extends MailSlot {
  bookingId: number;
  recipientName: string;
  amount: number;
  currency: string;
  reason: RefundReason;
  /** The numbers of the tickets this refund cancelled. */
  ticketIds: number[];
  cardLast4: string | null;
}

const copy = {
  en: {
    confirmed: {
      subject: 'Your tickets for {event}',
      heading: 'You are going to {event}',
      greeting: 'Hello {name},',
      intro:
        'Your booking {booking} is confirmed. Each ticket’s QR code is below; your tickets are also in the app, where you can download them as a PDF.',
      approval:
        'This event needs the organizer’s approval: we will write to you when your tickets are approved.',
      view: 'See your tickets',
      bring: 'Show the QR code on each ticket at the entrance, on your phone or printed.',
      ticket: 'Ticket #{id} · {category} · {holder}',
      qrAlt: 'QR code of ticket #{id}',
      calendar: 'Add the event to your calendar with the attached .ics file, or:',
      calendarNote: 'Booking {booking} on Hafla',
      ticketNote: 'Ticket {ticket} on Hafla',
      google: 'Add to Google Calendar',
      outlook: 'Add to Outlook',
    },
    refund: {
      subject: 'Refund for booking {booking}: {event}',
      heading: 'Your refund',
      greeting: 'Hello {name},',
      requested: 'You cancelled tickets of booking {booking}.',
      event_cancelled: 'The organizer cancelled this event, so booking {booking} was refunded.',
      hold_lapsed:
        'Your payment for booking {booking} arrived after the hold on its tickets had lapsed, so the tickets could not be issued and the payment was refunded.',
      rejected:
        'The organizer did not approve your ticket of booking {booking}, so it was cancelled and refunded in full.',
      refunded: 'Refunded',
      nothing: 'Nothing was charged for these tickets, so there is nothing to refund.',
      card: 'The amount goes back to your card ending in {last4}; banks usually show it within 5–10 business days.',
      cardless:
        'The amount goes back to the way you paid; banks usually show it within 5–10 business days.',
      cancelledTickets: 'Cancelled tickets',
    },
    rows: {
      event: 'Event',
      date: 'Date',
      time: 'Time',
      venue: 'Venue',
      online: 'Online',
      tickets: 'Tickets',
      discount: 'Discount',
      fees: 'Fees',
      total: 'Total',
      free: 'Free',
    },
  },
  ar: {
    confirmed: {
      subject: 'تذاكرك لفعالية {event}',
      heading: 'أنت ذاهب إلى {event}',
      greeting: 'مرحبًا {name}،',
      intro:
        'تم تأكيد حجزك {booking}. تجد رمز QR لكل تذكرة أدناه، وتجد تذاكرك أيضًا في التطبيق حيث يمكنك تنزيلها بصيغة PDF.',
      approval: 'تتطلب هذه الفعالية موافقة المنظّم: سنراسلك عند الموافقة على تذاكرك.',
      view: 'عرض تذاكرك',
      bring: 'أظهر رمز QR الموجود على كل تذكرة عند الدخول، من هاتفك أو مطبوعًا.',
      ticket: 'تذكرة \u200e#{id} · {category} · {holder}',
      qrAlt: 'رمز QR للتذكرة \u200e#{id}',
      calendar: 'أضف الفعالية إلى تقويمك بالملف المرفق بصيغة ‎.ics، أو:',
      calendarNote: 'الحجز {booking} على حفلة',
      ticketNote: 'التذكرة {ticket} على حفلة',
      google: 'أضف إلى تقويم Google',
      outlook: 'أضف إلى Outlook',
    },
    refund: {
      subject: 'استرداد الحجز {booking}: {event}',
      heading: 'المبلغ المسترد',
      greeting: 'مرحبًا {name}،',
      requested: 'ألغيت تذاكر من الحجز {booking}.',
      event_cancelled: 'ألغى المنظّم هذه الفعالية، لذلك استرددنا مبلغ الحجز {booking}.',
      hold_lapsed:
        'وصلت دفعتك للحجز {booking} بعد انتهاء مدة الاحتفاظ بتذاكره، فلم يكن ممكنًا إصدار التذاكر وأعدنا المبلغ.',
      rejected: 'لم يوافق المنظّم على تذكرتك في الحجز {booking}، لذلك أُلغيت واسترددنا مبلغها كاملًا.',
      refunded: 'المبلغ المسترد',
      nothing: 'لم يُدفع أي مبلغ لهذه التذاكر، فلا يوجد ما يُسترد.',
      card: 'يعود المبلغ إلى بطاقتك المنتهية بـ {last4}؛ تُظهره البنوك عادةً خلال 5 إلى 10 أيام عمل.',
      cardless:
        'يعود المبلغ إلى وسيلة الدفع التي استخدمتها؛ تُظهره البنوك عادةً خلال 5 إلى 10 أيام عمل.',
      cancelledTickets: 'التذاكر الملغاة',
    },
    rows: {
      event: 'الفعالية',
      date: 'التاريخ',
      time: 'الوقت',
      venue: 'المكان',
      online: 'عبر الإنترنت',
      tickets: 'التذاكر',
      discount: 'الخصم',
      fees: 'الرسوم',
      total: 'الإجمالي',
      free: 'مجاني',
    },
  },
} as const;

const bookingNumber = (id: number) => `#${id}`;

const venueOf = (slot: MailSlot, language: Language) =>
  [slot.venueName, slot.address]
    .filter((part) => part.trim())
    .join(language === 'ar' ? '، ' : ', ');

/** A booked slot as a calendar entry sees it: where (or the online link), and a note. */
export interface CalendarSlot extends MailSlot {
  onlineUrl: string | null;
}

/**
 * The calendar entry of a booking or of one of its tickets (the `.ics` attached to the
 * confirmation and answered by the calendar routes; one `uid` per booking or ticket, so
 * importing it again updates the entry).
 */
export function slotCalendarEntry(
  slot: CalendarSlot,
  language: Language,
  of: { booking: number; ticket?: number; url: string | null },
): CalendarEntry {
  const t = copy[language].confirmed;
  return {
    uid: of.ticket === undefined ? `booking-${of.booking}@hafla` : `ticket-${of.ticket}@hafla`,
    title: slot.eventTitle,
    start: slot.start,
    end: slot.end,
    location: slot.isOnline ? (slot.onlineUrl ?? '') : venueOf(slot, language),
    url: of.url,
    description:
      of.ticket === undefined
        ? fill(t.calendarNote, { booking: bookingNumber(of.booking) })
        : fill(t.ticketNote, { ticket: bookingNumber(of.ticket) }),
  };
}

/** Google Calendar's and Outlook's "add" pages for a calendar entry. */
function calendarLinks(entry: CalendarEntry, language: Language) {
  const t = copy[language].confirmed;
  const linkEntry = {
    title: entry.title,
    start: entry.start.toISOString(),
    end: entry.end.toISOString(),
    location: entry.location,
    description: entry.url ? `${entry.description}\n${entry.url}` : entry.description,
  };
  return [
    { label: t.google, url: googleCalendarUrl(linkEntry) },
    { label: t.outlook, url: outlookCalendarUrl(linkEntry) },
  ];
}

function slotRows(slot: MailSlot, language: Language): Rows {
  const t = copy[language].rows;
  const venue = slot.isOnline ? t.online : venueOf(slot, language);
  return [
    [t.event, slot.eventTitle],
    [t.date, formatSlotDay(slot.start, slot.timezone, language)],
    [t.time, formatSlotTimes(slot.start, slot.end, slot.timezone, language)],
    [t.venue, venue],
  ];
}

/**
 * The confirmation of a paid (or free) booking: its tickets' QR codes inline (what the door
 * scans), a link to the tickets in the app (and their PDF there) and the slot as a calendar file.
 */
export function bookingConfirmedMail(data: BookingConfirmedData, language: Language): BookingMail {
  const t = copy[language].confirmed;
  const rowsCopy = copy[language].rows;
  const money = (amount: number) =>
    amount === 0 ? rowsCopy.free : formatMoney(amount, data.currency, language);
  const values = {
    event: data.eventTitle,
    name: data.recipientName,
    booking: bookingNumber(data.bookingId),
  };
  const subject = fill(t.subject, values);
  const calendar = slotCalendarEntry(data, language, {
    booking: data.bookingId,
    url: data.ticketsUrl,
  });
  const rows: Rows = [
    ...slotRows(data, language),
    [
      rowsCopy.tickets,
      data.lines
        .map((line) => `${line.quantity} × ${line.name} — ${money(line.unitPrice * line.quantity)}`)
        .join('\n'),
    ],
  ];
  if (data.discount > 0)
    rows.push([rowsCopy.discount, `−${formatMoney(data.discount, data.currency, language)}`]);
  if (data.fees > 0) rows.push([rowsCopy.fees, formatMoney(data.fees, data.currency, language)]);
  rows.push([rowsCopy.total, money(data.total), true]);
  const { html, text } = renderFrame(language, {
    subject,
    heading: fill(t.heading, values),
    before: [
      ...(data.recipientName.trim() ? [fill(t.greeting, values)] : []),
      fill(t.intro, values),
      ...(data.awaitingApproval ? [t.approval] : []),
    ],
    rows,
    images: data.tickets.map((ticket) => {
      // Names people typed keep their own direction inside the sentence (FSI … PDI).
      const isolate = (name: string) => (name ? `\u2068${name}\u2069` : '');
      const params = {
        id: String(ticket.id),
        category: isolate(ticket.categoryName),
        holder: isolate(ticket.holderName || data.recipientName),
      };
      return {
        cid: qrCid(ticket.id),
        size: ticket.qr.size,
        alt: fill(t.qrAlt, params),
        caption: fill(t.ticket, params).replace(/ · $/, ''),
      };
    }),
    after: [t.bring, t.calendar],
    links: calendarLinks(calendar, language),
    link: data.ticketsUrl ? { label: t.view, url: data.ticketsUrl } : undefined,
  });
  return {
    subject,
    text,
    html,
    attachments: [
      ...data.tickets.map((ticket) => ({
        filename: `hafla-ticket-${ticket.id}.png`,
        content: ticket.qr.png,
        contentType: 'image/png',
        cid: qrCid(ticket.id),
      })),
      {
        filename: `hafla-booking-${data.bookingId}.ics`,
        content: Buffer.from(calendarFile(calendar), 'utf8'),
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      },
    ],
  };
}

/** The Content-ID a ticket's QR image is attached under and referenced by. */
const qrCid = (ticketId: number) => `ticket-${ticketId}@hafla`;

/** What was refunded, for which tickets and why. */
export function refundMail(data: RefundData, language: Language): BookingMail {
  const t = copy[language].refund;
  const values = {
    event: data.eventTitle,
    name: data.recipientName,
    booking: bookingNumber(data.bookingId),
    last4: data.cardLast4 ?? '',
  };
  const subject = fill(t.subject, values);
  const rows: Rows = [
    ...slotRows(data, language),
    [t.cancelledTickets, data.ticketIds.map((id) => `#${id}`).join(', ')],
  ];
  if (data.amount > 0)
    rows.push([t.refunded, formatMoney(data.amount, data.currency, language), true]);
  const { html, text } = renderFrame(language, {
    subject,
    heading: t.heading,
    before: [
      ...(data.recipientName.trim() ? [fill(t.greeting, values)] : []),
      fill(t[data.reason], values),
    ],
    rows,
    after: [data.amount === 0 ? t.nothing : fill(data.cardLast4 ? t.card : t.cardless, values)],
  });
  return { subject, text, html, attachments: [] };
}
