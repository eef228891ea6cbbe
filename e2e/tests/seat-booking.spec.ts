import type { Page } from '@playwright/test';
import bookingEn from '../../apps/web/src/locales/en/booking.json' with { type: 'json' };
import bookingAr from '../../apps/web/src/locales/ar/booking.json' with { type: 'json' };
import seatsEn from '../../apps/web/src/locales/en/seats.json' with { type: 'json' };
import seatsAr from '../../apps/web/src/locales/ar/seats.json' with { type: 'json' };
import ticketsEn from '../../apps/web/src/locales/en/tickets.json' with { type: 'json' };
import ticketsAr from '../../apps/web/src/locales/ar/tickets.json' with { type: 'json' };
import { signIn } from './account-steps';
import { ATTENDEE, callApi, DEMO_PASSWORD, logIn, SUCCEEDING_CARD } from './api-steps';
import { expectAccessible } from './axe';
import { expect, test } from './mailbox';
import { registerOrganizer } from './organizer-steps';
import { openPdfJs, pdfText } from './pdf-pages';
import {
  publishSeatedEvent,
  registerAttendee,
  seatPoint,
  seatPosition,
  type SeatedEvent,
} from './seat-steps';

/**
 * Issue 16's seat map: an attendee picks seats on the map with the mouse or a finger, pays, and
 * finds the seats on the confirmation, the ticket and its PDF; a second browser with the map open
 * sees them taken within a second; another attendee books with the keyboard list — in English and
 * Arabic, on a desktop and a phone, axe on the seat step.
 */

const T = {
  en: {
    booking: bookingEn,
    seats: seatsEn,
    tickets: ticketsEn,
    pdf: ['Front', 'Row A · Seat 3'],
  },
  ar: {
    booking: bookingAr,
    seats: seatsAr,
    tickets: ticketsAr,
    // pdf.js reads Arabic as drawn (presentation forms, some glyphs split): compared letters only.
    pdf: ['الأمام', 'A', '3'],
  },
} as const;

/** An i18next template with its values in, each isolated as the app isolates them. */
function fill(template: string, values: Record<string, string | number>, isolated = false) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    isolated ? `\u2068${values[name] ?? ''}\u2069` : String(values[name] ?? ''),
  );
}

/** English says one/other; Arabic also two (and more forms this journey never needs). */
function plural(strings: object, key: string, count: number, language: string) {
  const form = count === 1 ? 'one' : language === 'ar' && count === 2 ? 'two' : 'other';
  return fill((strings as Record<string, string>)[`${key}_${form}`]!, { count });
}

async function openSeatStep(page: Page, event: SeatedEvent, language: 'en' | 'ar') {
  await page.evaluate((value) => localStorage.setItem('language', value), language);
  await page.goto(`/events/${event.id}/book?period=${event.slot}&step=2`);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  const canvas = page.getByTestId('seat-canvas');
  await expect(canvas).toHaveAttribute('data-painted', 'true');
  return canvas;
}

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

for (const language of ['en', 'ar'] as const) {
  test(`attendees pick seats on the map and in the keyboard list, see them live elsewhere, and find them on the ticket (${language})`, async ({
    page,
    browser,
    request,
    mailbox,
  }, testInfo) => {
    test.setTimeout(120_000);
    const t = T[language];
    const isPhone = testInfo.project.name === 'phone';
    const { token: organizer } = await registerOrganizer(request, mailbox, 'seats');
    const event = await publishSeatedEvent(request, organizer, `Seats ${language}`);
    const second = await registerAttendee(request, mailbox);

    // A second browser, signed out, keeps the map open: an anonymous reader of the seat room.
    const watcherContext = await browser.newContext({
      ...(isPhone ? { viewport: { width: 390, height: 844 }, hasTouch: true } : {}),
    });
    const watcher = await watcherContext.newPage();
    await watcher.goto('/');
    await openSeatStep(watcher, event, language);
    const watcherLegend = watcher.getByTestId('seat-legend');
    await expect(watcherLegend).toContainText(
      fill(t.seats.legend.counter, { available: 16, total: 16 }),
    );

    await test.step('the first attendee picks two seats on the map, and drops a third', async () => {
      await signIn(page, ATTENDEE, DEMO_PASSWORD);
      await expect(page).toHaveURL(/\/$/);
      const canvas = await openSeatStep(page, event, language);
      await expectAccessible(page, 'seat step');
      const tap = async (seat: number) => {
        const point = await seatPoint(canvas, seatPosition('front', 1, seat));
        if (isPhone) await page.touchscreen.tap(point.x, point.y);
        else await page.mouse.click(point.x, point.y);
      };
      // A drag moves the map (its bitmap first, then drawn anew where it stops): taps after it
      // land where the moved seats are.
      await canvas.scrollIntoViewIfNeeded();
      const before = await canvas.getAttribute('data-view');
      const box = (await canvas.boundingBox())!;
      const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x - 20, from.y + 10, { steps: 4 });
      await page.mouse.move(from.x - 40, from.y + 20, { steps: 4 });
      await page.mouse.up();
      await expect(canvas).not.toHaveAttribute('data-view', before ?? '');
      await expect(page.getByTestId('chosen-seats')).toHaveCount(0);
      await tap(3);
      await tap(4);
      await tap(5);
      const chosen = page.getByTestId('chosen-seats').getByRole('listitem');
      await expect(chosen).toHaveCount(3);
      await tap(5);
      await expect(chosen).toHaveCount(2);
      const name = (seat: number) =>
        fill(
          t.seats.seatName,
          { section: language === 'ar' ? 'الأمام' : 'Front', row: 'A', seat },
          true,
        );
      await expect(chosen.nth(0)).toHaveText(name(3));
      await expect(chosen.nth(1)).toHaveText(name(4));
      await shot(page, `seat-map-${language}-${testInfo.project.name}`);
    });

    await test.step('holding them shows them taken on the other map within a second', async () => {
      const held = page.waitForResponse(
        (response) => response.url().endsWith('/api/v1/tickets/book/') && response.ok(),
      );
      await page
        .getByRole('button', { name: plural(t.seats, 'hold', 2, language), exact: true })
        .click();
      await held;
      await expect(watcherLegend).toContainText(
        fill(t.seats.legend.counter, { available: 14, total: 16 }),
        { timeout: 1_000 },
      );
      await expect(
        watcher.getByRole('checkbox', {
          name: new RegExp(`^${fill(t.seats.list.seat, { seat: 3 })} `),
        }),
      ).toBeDisabled();
      await expect(page).toHaveURL(/step=3/);
    });

    const seatText = (seat: number, strings: { seatText?: string; seat?: string }) =>
      fill(
        (strings.seatText ?? strings.seat)!,
        { section: language === 'ar' ? 'الأمام' : 'Front', row: 'A', seat },
        true,
      );

    await test.step('the attendee names the tickets, pays, and sees the seats', async () => {
      await expect(
        page.getByRole('group').filter({ hasText: seatText(3, t.seats.summary) }),
      ).toHaveCount(1);
      const names = page.getByRole('textbox', { name: new RegExp(`^${t.booking.attendees.name}`) });
      await names.nth(0).fill('Sara Ahmed');
      await names.nth(1).fill('Omar Saleh');
      await page.getByRole('button', { name: t.booking.actions.continue, exact: true }).click();
      await expect(page.getByText(seatText(4, t.seats.summary))).toBeVisible();
      await page.getByRole('button', { name: t.booking.review.toPayment }).click();
      await page
        .getByRole('textbox', { name: new RegExp(t.booking.payment.cardNumber) })
        .fill(SUCCEEDING_CARD);
      await page
        .getByRole('textbox', { name: new RegExp(`^${t.booking.payment.expiry}`) })
        .fill('1239');
      await page
        .getByRole('textbox', { name: new RegExp(`^${t.booking.payment.cvc}`) })
        .fill('123');
      await page
        .getByRole('textbox', { name: new RegExp(`^${t.booking.payment.holder}`) })
        .fill('Sara Ahmed');
      await page
        .getByRole('button', {
          name: new RegExp(`^${fill(t.booking.payment.pay, { amount: '' })}`),
        })
        .click();
      const seats = page.getByTestId('ticket-seat');
      await expect(seats).toHaveCount(2);
      await expect(seats.nth(0)).toHaveText(seatText(3, t.seats.summary));
      await expect(seats.nth(1)).toHaveText(seatText(4, t.seats.summary));
    });

    await test.step('the ticket page and the ticket PDF carry the seat', async () => {
      await page
        .getByRole('link', {
          name: fill(t.booking.confirmation.ticket, { number: 1, name: 'VIP' }),
        })
        .click();
      await expect(page).toHaveURL(/\/user\/tickets\/\d+$/);
      await expect(page.getByTestId('ticket-seat')).toHaveText(seatText(3, t.tickets.ticket));
      const ticketId = Number(page.url().split('/').pop());
      const token = await logIn(request, ATTENDEE);
      const response = await request.get(`/api/v1/tickets/${ticketId}/pdf/`, {
        headers: { Authorization: `Bearer ${token}`, 'Accept-Language': language },
      });
      expect(response.ok()).toBe(true);
      const reader = await browser.newContext();
      const pdfPage = await reader.newPage();
      await openPdfJs(pdfPage);
      const [text] = await pdfText(pdfPage, await response.body());
      const letters = (value: string) =>
        value
          .normalize('NFKC')
          .replace(/[\u0622\u0623\u0625]/g, '\u0627')
          .replace(/[^\p{L}\p{N}·]/gu, '');
      const read = letters(text!);
      for (const part of t.pdf) {
        const backwards = [...letters(part)].reverse().join('');
        expect(read.includes(letters(part)) || read.includes(backwards), `${part} in ${read}`).toBe(
          true,
        );
      }
      await reader.close();
    });

    await test.step('another attendee books two seats with the keyboard list', async () => {
      // The sign-in form is read in English; the seat step then goes back to the journey's language.
      await watcher.evaluate(() => localStorage.setItem('language', 'en'));
      await signIn(watcher, second.email, second.password);
      await expect(watcher).toHaveURL(/\/$/);
      await openSeatStep(watcher, event, language);
      const section = watcher.getByRole('combobox', { name: t.seats.list.section });
      await section.focus();
      await watcher.keyboard.press('ArrowDown');
      await expect(section).toHaveValue('back');
      const seat = (number: number) =>
        watcher.getByRole('checkbox', {
          name: new RegExp(`^${fill(t.seats.list.seat, { seat: number })} `),
        });
      await expect(seat(1)).toHaveAccessibleName(new RegExp(t.seats.list.accessible));
      await seat(5).focus();
      await watcher.keyboard.press('Space');
      await watcher.keyboard.press('Tab');
      await expect(seat(6)).toBeFocused();
      await watcher.keyboard.press('Space');
      await expect(seat(5)).toBeChecked();
      await expect(seat(6)).toBeChecked();
      await expect(watcher.getByTestId('chosen-seats').getByRole('listitem')).toHaveCount(2);
      const hold = watcher.getByRole('button', {
        name: plural(t.seats, 'hold', 2, language),
        exact: true,
      });
      await hold.focus();
      await watcher.keyboard.press('Enter');
      await expect(watcher).toHaveURL(/step=3/);
      const booking = Number(new URL(watcher.url()).searchParams.get('booking'));
      const token = await logIn(request, second.email, second.password);
      await callApi(request, token, 'POST', '/api/v1/payment/pay/', {
        booking,
        payment_method: SUCCEEDING_CARD,
      });
      const paid = await callApi<{ tickets: Array<{ seat: { id: string } | null }> }>(
        request,
        token,
        'GET',
        `/api/v1/bookings/${booking}/`,
      );
      expect(paid.tickets.map((ticket) => ticket.seat?.id).sort()).toEqual([
        'back.r1.s5',
        'back.r1.s6',
      ]);
    });
    await watcherContext.close();
  });
}
