import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import authEn from '../../apps/web/src/locales/en/auth.json' with { type: 'json' };
import authAr from '../../apps/web/src/locales/ar/auth.json' with { type: 'json' };
import bookingEn from '../../apps/web/src/locales/en/booking.json' with { type: 'json' };
import bookingAr from '../../apps/web/src/locales/ar/booking.json' with { type: 'json' };
import ticketsEn from '../../apps/web/src/locales/en/tickets.json' with { type: 'json' };
import ticketsAr from '../../apps/web/src/locales/ar/tickets.json' with { type: 'json' };
import { signIn } from './account-steps';
import {
  ATTENDEE,
  bookAndPay,
  callApi,
  DEMO_PASSWORD,
  logIn,
  publishEvent,
  SUCCEEDING_CARD,
} from './api-steps';
import { expectAccessible } from './axe';
import { expect, Mailbox, test } from './mailbox';
import { registerOrganizer } from './organizer-steps';

/**
 * Issue 19's attendee items: My tickets keeps the order history (a ticket given back, an event
 * the organizer called off with its refund on a banner that stays), a ticket and a booking go
 * into a calendar (.ics, Google, Outlook) or are shared, times name their zone as people do, and
 * a payment whose answer was lost shows the confirmation the server has instead of paying again —
 * in English and Arabic, on a desktop and a phone, axe on every page.
 */

const T = {
  en: {
    auth: authEn,
    booking: bookingEn,
    tickets: ticketsEn,
    zone: 'Riyadh time (GMT+3)',
    triesLeft: /Tries left: 4\./,
  },
  ar: {
    auth: authAr,
    booking: bookingAr,
    tickets: ticketsAr,
    zone: 'توقيت الرياض (غرينتش+3)',
    triesLeft: /المحاولات المتبقية: 4\./,
  },
} as const;

/** An i18next template with its values in; plural keys are read by the caller. */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The journey's screens at a phone's 390×844 or the desktop's size, kept for a person to look at. */
async function shot(page: Page, name: string, project: string, language: string) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null))),
  );
  const dir = process.env.SHOTS_DIR;
  if (dir)
    await page.screenshot({ path: `${dir}/${name}-${language}-${project}.png`, fullPage: true });
}

for (const language of ['en', 'ar'] as const) {
  test(`an attendee keeps their order history, adds tickets to a calendar and sees the confirmation a lost payment answer hid (${language})`, async ({
    page,
    request,
    mailbox,
  }, testInfo) => {
    test.setTimeout(150_000);
    const t = T[language];
    const project = testInfo.project.name;
    if (project === 'phone') await page.setViewportSize({ width: 390, height: 844 });

    // The scene, through the API: a kept event with one ticket given back, an event called off,
    // and an open hold on the kept event.
    // An organizer of its own: the demo organizer's monthly publishing limit is shared.
    const { token: organizer } = await registerOrganizer(request, mailbox, 'history');
    const attendee = await logIn(request, ATTENDEE);
    const kept = await publishEvent(request, organizer, {
      journey: 'History',
      days: 9,
      price: 6000,
      refundPercentage: 100,
    });
    const calledOff = await publishEvent(request, organizer, {
      journey: 'Called off',
      days: 11,
      price: 4000,
      refundPercentage: 100,
    });
    const keptBooking = await bookAndPay(request, attendee, kept, 2);
    await bookAndPay(request, attendee, calledOff, 1);
    await callApi(request, attendee, 'POST', '/api/v1/payment/refund/', {
      booking: keptBooking.id,
      tickets: [keptBooking.tickets[1]!.id],
    });
    await callApi(request, organizer, 'PATCH', `/api/v1/events/${calledOff.id}/`, {
      status: 'cancelled',
    });
    const hold = await callApi<{ id: number }>(request, attendee, 'POST', '/api/v1/tickets/book/', {
      event: kept.id,
      event_date: kept.slot,
      items: [{ ticket_category: kept.category, quantity: 1 }],
    });

    await signIn(page, ATTENDEE, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/$/);
    if (language === 'ar') await page.evaluate(() => localStorage.setItem('language', 'ar'));
    const main = page.getByRole('main');

    // My tickets: the called-off event stays, in the history, with what came back.
    await page.goto('/user/tickets');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(
      main.getByRole('heading', { level: 1, name: t.tickets.reserved.heading }),
    ).toBeVisible();
    const history = main.getByRole('region', {
      name: new RegExp(`^${t.tickets.reserved.history_other.split(' (')[0]}`),
    });
    const item = history
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: calledOff.title }) });
    await expect(item.getByText(t.tickets.reserved.cancelled)).toBeVisible();
    await expect(main.getByText(t.tickets.reserved.empty.title)).toHaveCount(0);
    await expectAccessible(page, `my tickets with history (${language})`);
    await shot(page, 'history', project, language);

    // The called-off event's tickets: a banner with the refund, after any toast is gone.
    await history.getByRole('link', { name: calledOff.title }).click();
    await expect(page).toHaveURL(new RegExp(`/user/myTickets/${calledOff.id}$`));
    const banner = main.getByRole('status').filter({ hasText: t.tickets.cancelledEvent.title });
    await expect(async () => {
      await page.reload();
      await expect(banner).toContainText(/40/, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(main.getByText(t.tickets.ticket.refundReason.event_cancelled)).toBeVisible();
    await expectAccessible(page, `a cancelled event's tickets (${language})`);
    await shot(page, 'cancelled-banner', project, language);

    // The kept ticket: its time in the zone as people say it, a calendar file, Google, Outlook, share.
    const ticketId = keptBooking.tickets[0]!.id;
    await page.goto(`/user/tickets/${ticketId}`);
    await expect(main.getByText(fill(t.tickets.timeZone, { zone: t.zone }))).toBeVisible();
    await expect(main.getByText('Asia/Riyadh')).toHaveCount(0);
    const calendar = main.getByRole('group', {
      name: fill(t.tickets.calendar.labelTicket, { id: ticketId }),
    });
    const google = new URL(
      (await calendar.getByRole('link', { name: t.tickets.calendar.google }).getAttribute('href'))!,
    );
    expect(google.hostname).toBe('calendar.google.com');
    expect(google.searchParams.get('text')).toBe(kept.title);
    const outlook = await calendar
      .getByRole('link', { name: t.tickets.calendar.outlook })
      .getAttribute('href');
    expect(outlook).toContain('outlook.live.com');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      calendar.getByRole('button', { name: t.tickets.calendar.ics }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`hafla-ticket-${ticketId}.ics`);
    const ics = (await readFile(await download.path(), 'utf8')).replace(/\r\n[ \t]/g, '');
    expect(ics).toContain(`UID:ticket-${ticketId}@hafla`);
    expect(ics).toContain(`SUMMARY:${kept.title}`);
    await expectAccessible(page, `a ticket with its calendar links (${language})`);
    await shot(page, 'ticket-calendar', project, language);

    // The refunded ticket of the same booking says how much, when and why.
    await page.goto(`/user/myTickets/${kept.id}`);
    await expect(main.getByText(t.tickets.ticket.refundReason.requested)).toBeVisible();
    await expectAccessible(page, `an event's tickets, one refunded (${language})`);

    // A payment whose answer is lost on the way back: the page reads the booking again and shows
    // the confirmation the server has, with the calendar, instead of offering to pay again.
    let payCalls = 0;
    await page.route('**/api/v1/payment/pay/', async (route) => {
      payCalls += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.goto(`/events/${kept.id}/book?booking=${hold.id}&step=5`);
    await expect(
      main.getByRole('heading', { level: 2, name: new RegExp(t.booking.steps.titles['5']) }),
    ).toBeVisible();
    await main.getByRole('textbox', { name: t.booking.payment.cardNumber }).fill(SUCCEEDING_CARD);
    await main.getByRole('textbox', { name: new RegExp(t.booking.payment.expiry) }).fill('12/34');
    await main.getByRole('textbox', { name: new RegExp(t.booking.payment.cvc) }).fill('123');
    await main.getByRole('textbox', { name: t.booking.payment.holder }).fill('Sara Haddad');
    await expectAccessible(page, `the payment step (${language})`);
    await shot(page, 'payment', project, language);
    await main
      .getByRole('button', { name: new RegExp(fill(t.booking.payment.pay, { amount: '' }).trim()) })
      .click();
    await expect(
      main.getByRole('heading', { level: 2, name: new RegExp(t.booking.steps.titles['6']) }),
    ).toBeVisible();
    expect(payCalls).toBe(1);
    await expect(
      main.getByRole('group', { name: fill(t.tickets.calendar.labelBooking, { id: hold.id }) }),
    ).toBeVisible();
    await expectAccessible(page, `the confirmation after a lost answer (${language})`);
    await shot(page, 'confirmation', project, language);
  });
}

for (const language of ['en', 'ar'] as const) {
  test(`a wrong code says the tries left and locks with the way forward; an ended session says so on sign-in (${language})`, async ({
    page,
    mailbox,
  }, testInfo) => {
    test.setTimeout(120_000);
    const t = T[language];
    const project = testInfo.project.name;
    if (project === 'phone') await page.setViewportSize({ width: 390, height: 844 });
    const main = page.getByRole('main');
    await page.goto('/');
    if (language === 'ar') await page.evaluate(() => localStorage.setItem('language', 'ar'));

    const email = `history.${language}.${project}.${Date.now().toString(36)}@example.com`;
    await page.goto('/auth/register');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await main.getByRole('textbox', { name: t.auth.register.email, exact: true }).fill(email);
    await main
      .getByRole('textbox', { name: t.auth.register.password, exact: true })
      .fill('violet-harbour-42');
    await main
      .getByRole('textbox', { name: t.auth.register.confirmPassword, exact: true })
      .fill('violet-harbour-42');
    const before = mailbox.messages.length;
    await main.getByRole('button', { name: t.auth.register.submit }).click();
    await expect(page).toHaveURL(/\/auth\/verify-email/);
    const code = Mailbox.codeIn(await mailbox.waitFor(email, before));
    // A code that is surely wrong: the real one with its last digit moved on.
    const wrong = `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;
    const firstBox = main.getByLabel(fill(t.auth.otp.digit, { index: 1, total: 6 }));

    await firstBox.click();
    await page.keyboard.type(wrong);
    await expect(main.getByText(t.triesLeft)).toBeVisible();
    await expectAccessible(page, `a refused code with the tries left (${language})`);
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      await expect(firstBox).toBeEnabled();
      await expect(firstBox).toHaveValue('');
      await firstBox.click();
      await page.keyboard.type(wrong);
      await expect(main.getByRole('alert')).toBeVisible();
    }
    // Locked: the boxes and verifying are disabled; asking for a new code is the way forward.
    await expect(main.getByText(t.auth.otp.lockedHint)).toBeVisible();
    await expect(main.getByRole('button', { name: t.auth.verifyEmail.submit })).toBeDisabled();
    await expect(firstBox).toBeDisabled();
    const resend = main.getByRole('button', { name: t.auth.otp.resend });
    const countdown = main.getByText(new RegExp(t.auth.otp.resendIn.split('{{')[0]!));
    await expect(resend.or(countdown).first()).toBeVisible();
    await expectAccessible(page, `a locked code (${language})`);
    await shot(page, 'otp-locked', project, language);

    // A session that ends on its own (revoked elsewhere): the sign-in page says so.
    await page.goto('/auth/login');
    await main.getByRole('textbox', { name: t.auth.login.email, exact: true }).fill(ATTENDEE);
    await main
      .getByRole('textbox', { name: t.auth.login.password, exact: true })
      .fill(DEMO_PASSWORD);
    await main.getByRole('button', { name: t.auth.login.submit }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.route('**/api/v1/**', (route) => {
      const headers = route.request().headers();
      if (headers.authorization) headers.authorization = 'Bearer forged.token.value';
      return route.continue({ headers });
    });
    await page.goto('/user/tickets');
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(main.getByText(t.auth.login.sessionEnded.title)).toBeVisible();
    await expect(main.getByText(t.auth.login.sessionEnded.text)).toBeVisible();
    await expectAccessible(page, `the sign-in page after a session ended (${language})`);
    await shot(page, 'session-ended', project, language);
  });
}
