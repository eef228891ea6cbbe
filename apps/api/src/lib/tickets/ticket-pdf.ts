import type { Language } from '@hafla/shared/common/i18n';
import { directionOf } from '@hafla/shared/common/i18n';
import type { TicketSeat, TicketStatus } from '@hafla/shared/bookings/bookings';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatMoney } from '../money';
import { PdfText, type TextStyle } from './pdf-text';
import { formatSlotDay, formatSlotTimes } from './slot-text';

/** What one ticket's page prints; the caller loads it and signs `code`. */
export interface TicketPdfData {
  id: number;
  bookingId: number;
  status: TicketStatus;
  /** The signed QR payload (signTicketCode). */
  code: string;
  /** The code printed under the QR for typing at the door (shortTicketCode). */
  shortCode: string;
  eventTitle: string;
  timezone: string;
  start: Date;
  end: Date;
  isOnline: boolean;
  venueName: string;
  address: string;
  onlineUrl: string | null;
  categoryName: string;
  /** The seat of a seated ticket (section in both languages, row or table, seat). */
  seat: TicketSeat | null;
  holderName: string;
  /** What was paid for the ticket (price − discount), minor units of `currency`. */
  price: number;
  currency: string;
}

export interface TicketsPdfInput {
  language: Language;
  tickets: TicketPdfData[];
}

const copy = {
  en: {
    brand: 'Hafla',
    ticket: 'Ticket',
    badge: 'Ticket #{id}',
    date: 'Date',
    time: 'Time',
    venue: 'Venue',
    online: 'Online event',
    category: 'Ticket type',
    section: 'Section',
    seat: 'Seat',
    rowSeat: 'Row {row} · Seat {seat}',
    price: 'Price',
    free: 'Free',
    holder: 'Attendee',
    number: 'Ticket number',
    booking: 'Booking {id}',
    scan: 'Show this code at the entrance. Each code admits one person once.',
    pending_approval: 'Awaiting the organizer’s approval',
    checked_in: 'Already checked in',
    title: 'Hafla tickets',
  },
  ar: {
    brand: 'حفلة',
    ticket: 'تذكرة',
    // The mark keeps "#17" together after Arabic letters (UAX #9 would show "17#").
    badge: 'تذكرة \u200e#{id}',
    date: 'التاريخ',
    time: 'الوقت',
    venue: 'المكان',
    online: 'فعالية عبر الإنترنت',
    category: 'نوع التذكرة',
    section: 'القسم',
    seat: 'المقعد',
    rowSeat: 'الصف {row} · المقعد {seat}',
    price: 'السعر',
    free: 'مجانية',
    holder: 'الحاضر',
    number: 'رقم التذكرة',
    booking: 'الحجز {id}',
    scan: 'أظهر هذا الرمز عند الدخول. كل رمز يُدخل شخصًا واحدًا مرة واحدة.',
    pending_approval: 'بانتظار موافقة المنظّم',
    checked_in: 'تم تسجيل الدخول بهذه التذكرة',
    title: 'تذاكر حفلة',
  },
} as const;

const COLORS = {
  primary: '#8A2BE2',
  secondary: '#E22B6B',
  text: '#1f1f24',
  muted: '#5c5f66',
  rule: '#d9d0e6',
};
/** A5 portrait, in points. */
const PAGE = { width: 419.53, height: 595.28, margin: 28 };

const styles = {
  brand: { weight: 'bold', size: 18, color: '#ffffff' },
  badge: { weight: 'regular', size: 11, color: '#ffffff' },
  title: { weight: 'bold', size: 19, color: COLORS.text },
  label: { weight: 'regular', size: 9, color: COLORS.muted },
  value: { weight: 'bold', size: 12, color: COLORS.text },
  detail: { weight: 'regular', size: 10, color: COLORS.muted },
  note: { weight: 'bold', size: 11, color: COLORS.secondary },
  caption: { weight: 'regular', size: 9, color: COLORS.muted },
} satisfies Record<string, TextStyle>;

export const ticketNumber = (id: number) => `#${id}`;

interface Cell {
  label: string;
  value: string;
  detail?: string;
}

/** Draws a row of one or two cells (the first at the reading start); answers the next row's top. */
function drawRow(text: PdfText, cells: Cell[], top: number): number {
  const gap = 16;
  const inner = PAGE.width - 2 * PAGE.margin;
  const width = cells.length === 1 ? inner : (inner - gap) / 2;
  let bottom = top;
  cells.forEach((cell, index) => {
    const fromStart = index * (width + gap);
    const x =
      text.direction === 'rtl'
        ? PAGE.width - PAGE.margin - fromStart - width
        : PAGE.margin + fromStart;
    text.line(cell.label, styles.label, { x, width, baseline: top + 9 });
    let baseline = text.paragraph(cell.value, styles.value, {
      x,
      width,
      baseline: top + 25,
      lineHeight: 15,
      maxLines: 2,
    });
    if (cell.detail)
      baseline = text.paragraph(cell.detail, styles.detail, {
        x,
        width,
        baseline: baseline - 2,
        lineHeight: 13,
        maxLines: 2,
      });
    bottom = Math.max(bottom, baseline);
  });
  return bottom + 4;
}

function drawQr(doc: PDFKit.PDFDocument, code: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' });
  const cell = size / modules.size;
  // Vector modules, one rectangle per dark stretch of a row: sharp when printed or zoomed.
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size;) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      let end = col;
      while (end < modules.size && modules.get(row, end)) end++;
      // A hair of overlap so viewers do not show seams between neighbouring rectangles.
      doc.rect(x + col * cell, y + row * cell, (end - col) * cell + 0.05, cell + 0.05);
      col = end;
    }
  }
  doc.fill('#000000');
}

function drawTicket(
  doc: PDFKit.PDFDocument,
  text: PdfText,
  language: Language,
  ticket: TicketPdfData,
) {
  const t = copy[language];
  const { width, height, margin } = PAGE;
  const inner = width - 2 * margin;

  doc.rect(0, 0, width, 58).fill(COLORS.primary);
  text.line(t.brand, styles.brand, { x: margin, width: inner, baseline: 36 });
  text.line(t.badge.replace('{id}', String(ticket.id)), styles.badge, {
    x: margin,
    width: inner,
    baseline: 35,
    align: 'end',
  });

  let top = text.paragraph(ticket.eventTitle, styles.title, {
    x: margin,
    width: inner,
    baseline: 92,
    lineHeight: 24,
    maxLines: 3,
  });
  top -= 8;

  const zone = ticket.timezone;
  top = drawRow(
    text,
    [
      { label: t.date, value: formatSlotDay(ticket.start, zone, language) },
      { label: t.time, value: formatSlotTimes(ticket.start, ticket.end, zone, language) },
    ],
    top,
  );
  top = drawRow(
    text,
    [
      ticket.isOnline
        ? { label: t.venue, value: t.online, detail: ticket.onlineUrl ?? undefined }
        : { label: t.venue, value: ticket.venueName, detail: ticket.address || undefined },
    ],
    top,
  );
  top = drawRow(
    text,
    [
      { label: t.category, value: ticket.categoryName },
      {
        label: t.price,
        value: ticket.price === 0 ? t.free : formatMoney(ticket.price, ticket.currency, language),
      },
    ],
    top,
  );
  if (ticket.seat) {
    const { seat } = ticket;
    top = drawRow(
      text,
      [
        { label: t.section, value: language === 'ar' ? seat.section_ar : seat.section_en },
        { label: t.seat, value: t.rowSeat.replace('{row}', seat.row).replace('{seat}', seat.seat) },
      ],
      top,
    );
  }
  top = drawRow(
    text,
    [
      { label: t.holder, value: ticket.holderName.trim() || '—' },
      { label: t.number, value: ticketNumber(ticket.id) },
    ],
    top,
  );

  doc
    .moveTo(margin, top + 4)
    .lineTo(width - margin, top + 4)
    .dash(4, { space: 4 })
    .lineWidth(1)
    .stroke(COLORS.rule)
    .undash();
  top += 14;

  const note =
    ticket.status === 'pending_approval'
      ? t.pending_approval
      : ticket.status === 'checked_in'
        ? t.checked_in
        : null;
  if (note) {
    text.line(note, styles.note, { x: margin, width: inner, baseline: top + 12, align: 'center' });
    top += 20;
  }

  const captionLines = text.wrap(t.scan, styles.caption, inner, 2);
  const captionTop = height - margin - captionLines.length * 12;
  const size = Math.max(120, Math.min(210, captionTop - 24 - top));
  drawQr(doc, ticket.code, (width - size) / 2, top, size);
  // The mark keeps it left to right on an Arabic page too: it is typed as printed.
  text.line(`\u200e${ticket.shortCode}`, styles.note, {
    x: margin,
    width: inner,
    baseline: top + size + 16,
    align: 'center',
  });
  captionLines.forEach((line, index) =>
    text.line(line, styles.caption, {
      x: margin,
      width: inner,
      baseline: top + size + 32 + index * 12,
      align: 'center',
    }),
  );
  text.line(t.booking.replace('{id}', String(ticket.bookingId)), styles.caption, {
    x: margin,
    width: inner,
    baseline: height - 12,
    align: 'end',
  });
}

/** One A5 page per ticket, in the reader's language (Arabic right to left), with a vector QR code. */
export function renderTicketsPdf({ language, tickets }: TicketsPdfInput): Promise<Buffer> {
  if (tickets.length === 0) throw new RangeError('a tickets PDF needs at least one ticket');
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: 0,
    autoFirstPage: false,
    // No default font: pdfkit would parse Helvetica's metrics for every document, unused.
    font: '',
    lang: language,
    displayTitle: true,
    info: {
      Title:
        tickets.length === 1 && tickets[0]
          ? `${copy[language].ticket} ${ticketNumber(tickets[0].id)} · ${tickets[0].eventTitle}`
          : copy[language].title,
      Author: 'Hafla',
    },
  });
  const text = new PdfText(doc, directionOf(language), language);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const ticket of tickets) {
    doc.addPage();
    drawTicket(doc, text, language, ticket);
  }
  doc.end();
  return done;
}
