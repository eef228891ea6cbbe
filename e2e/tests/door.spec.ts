import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import { enterCode, signIn } from './account-steps';
import { expectAccessible } from './axe';
import { ATTENDEE, bookAndPay, callApi, DEMO_PASSWORD, logIn, publishEvent } from './api-steps';
import { writeQrVideo } from './fake-camera';
import { expect, Mailbox, test } from './mailbox';
import { ORGANIZER_PASSWORD, registerOrganizer } from './organizer-steps';

/** The bar: the holder's open ticket page says "checked in" within 2 seconds. */
const HOLDER_SEES_IT_WITHIN_MS = 2_000;
const USHER_PASSWORD = 'door-keeper-password-2026';

interface HeldTicket {
  id: number;
  qr: string;
  short_code: string;
  status: string;
}

async function inArabic(page: Page) {
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

/**
 * A second chromium whose camera is a video of the ticket's QR code (the project's own browser
 * has no camera), with the project's device: the usher's phone or laptop.
 */
async function launchWithFakeCamera(
  browser: Browser,
  testInfo: TestInfo,
  qr: string,
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const video = path.join(await mkdtemp(path.join(os.tmpdir(), 'hafla-camera-')), 'ticket.y4m');
  await writeQrVideo(video, qr);
  const { launchOptions, baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } =
    testInfo.project.use;
  const cameraBrowser = await browser.browserType().launch({
    ...launchOptions,
    args: [
      ...(launchOptions?.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const context = await cameraBrowser.newContext({
    baseURL,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
    permissions: ['camera'],
  });
  return { context, close: () => cameraBrowser.close() };
}

test('the door: an invited usher scans real tickets by camera, by code and offline', async ({
  page,
  browser,
  request,
  mailbox,
}, testInfo) => {
  test.setTimeout(180_000);

  // Set up through the API: an organizer of this test's own publishes an event and the demo
  // attendee books four tickets of it.
  const organizer = await registerOrganizer(request, mailbox, 'door');
  const event = await publishEvent(request, organizer.token, {
    journey: 'Door',
    days: 5,
    price: 5000,
    refundPercentage: 100,
  });
  const attendeeToken = await logIn(request, ATTENDEE);
  await bookAndPay(request, attendeeToken, event, 4);
  const held = await callApi<{ results: HeldTicket[] }>(
    request,
    attendeeToken,
    'GET',
    `/api/v1/tickets/?event=${event.id}&limit=4&offset=0`,
  );
  const [first, ...others] = [...held.results].sort((a, b) => a.id - b.id);
  expect(others).toHaveLength(3);

  // The organizer invites an usher by email in the browser.
  const usherEmail = `usher-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  await signIn(page, organizer.email, ORGANIZER_PASSWORD);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await page.goto('/organizer/ushers');
  await expect(page.getByRole('heading', { level: 1, name: 'Ushers' })).toBeVisible();
  await expectAccessible(page, 'ushers, en');
  await page.getByRole('textbox', { name: /^Email address/ }).fill(usherEmail);
  const beforeInvite = mailbox.messages.length;
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`${usherEmail} is now on your list of ushers.`)).toBeVisible();
  const invited = page.getByRole('listitem').filter({ hasText: usherEmail });
  await expect(invited.getByText('Invited', { exact: true })).toBeVisible();

  // The usher registers from the invitation, on a device whose camera sees the first ticket.
  // Without PUBLIC_URL (as here) the invitation says what to do in words rather than a link.
  const invitation = await mailbox.waitFor(usherEmail, beforeInvite);
  expect(invitation.text).toContain(
    `Create your Hafla account with this email address (${usherEmail})`,
  );
  const camera = await launchWithFakeCamera(browser, testInfo, first!.qr);
  try {
    const usher = await camera.context.newPage();
    await usher.goto(`/auth/register?email=${encodeURIComponent(usherEmail)}`);
    await usher.getByRole('textbox', { name: 'Email address', exact: true }).fill(usherEmail);
    await usher.getByRole('textbox', { name: 'Password', exact: true }).fill(USHER_PASSWORD);
    await usher
      .getByRole('textbox', { name: 'Confirm password', exact: true })
      .fill(USHER_PASSWORD);
    const beforeCode = mailbox.messages.length;
    await usher.getByRole('button', { name: 'Create account' }).click();
    await expect(usher).toHaveURL(/\/auth\/verify-email/);
    await enterCode(usher, Mailbox.codeIn(await mailbox.waitFor(usherEmail, beforeCode)));
    await expect(usher).toHaveURL(/\/auth\/complete-registration/);
    await usher.getByRole('textbox', { name: 'First name', exact: true }).fill('Karim');
    await usher.getByRole('textbox', { name: 'Last name', exact: true }).fill('Haddad');
    await usher.getByRole('button', { name: 'Finish' }).click();
    await expect(usher).toHaveURL(/\/$/);

    // Registered: the invitation is active, and the usher finds the event in their menu.
    await page.reload();
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: usherEmail })
        .getByText('Active', { exact: true }),
    ).toBeVisible();
    await usher.getByRole('button', { name: /Account menu: Karim/ }).click();
    await usher.getByRole('menuitem', { name: 'Events I scan for' }).click();
    await expect(usher.getByRole('heading', { level: 1, name: 'Events I scan for' })).toBeVisible();
    await expectAccessible(usher, 'events I scan for, en');
    await usher.getByRole('link', { name: `Open scanner for ${event.title}` }).click();
    await expect(usher.getByRole('heading', { level: 1, name: 'Guest list' })).toBeVisible();
    // Nothing of the organizer's own screens for an usher.
    await expect(usher.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
    await expect(usher.getByText(/List on this device: 4 tickets/)).toBeVisible();
    await expectAccessible(usher, 'scanner, en');

    // The attendee watches their first ticket.
    const attendeeContext = await browser.newContext({
      ...testInfo.project.use,
      baseURL: testInfo.project.use.baseURL,
    });
    const attendee = await attendeeContext.newPage();
    await signIn(attendee, ATTENDEE, DEMO_PASSWORD);
    await expect(attendee.getByRole('button', { name: /Account menu/ })).toBeVisible();
    await attendee.goto(`/user/tickets/${first!.id}`);
    await expect(
      attendee.locator('#main-content').getByText('Valid', { exact: true }),
    ).toBeVisible();

    // The camera reads the ticket: green, and the holder's page follows.
    await usher.getByRole('button', { name: 'Start camera' }).click();
    const green = usher.getByRole('alertdialog', { name: 'Welcome in' });
    await expect(green).toBeVisible({ timeout: 20_000 });
    await expect(
      attendee.locator('#main-content').getByText('Checked in', { exact: true }),
    ).toBeVisible({
      timeout: HOLDER_SEES_IT_WITHIN_MS,
    });
    await expectAccessible(usher, 'green verdict');

    // The ticket leaves the camera and comes back: amber, with when and by whom.
    const amber = usher.getByRole('alertdialog', { name: 'Already checked in' });
    await expect(amber).toBeVisible({ timeout: 20_000 });
    // The usher's name is isolated (U+2068 … U+2069) inside the sentence.
    await expect(amber.getByText(/^Checked in .+ by \u2068?Karim Haddad\u2069?$/)).toBeVisible();
    await amber.getByRole('button', { name: 'Next guest' }).click();
    await usher.getByRole('button', { name: 'Stop camera' }).click();

    // A forged code is refused with its reason.
    const field = usher.getByRole('textbox', { name: 'Ticket code' });
    await field.fill(`${first!.id}.${first!.id}.AAAAAAAAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBA`);
    await field.press('Enter');
    const red = usher.getByRole('alertdialog', { name: 'Not a valid ticket' });
    await expect(red).toBeVisible();
    await expect(red.getByText('Do not let in')).toBeVisible();
    await expectAccessible(usher, 'red verdict');
    await red.getByRole('button', { name: 'Next guest' }).click();

    // Offline: three tickets by their printed codes, judged on the device and queued.
    await camera.context.setOffline(true);
    await expect(usher.getByText(/^Offline\./)).toBeVisible();
    for (const ticket of others) {
      await field.fill(ticket.short_code);
      await field.press('Enter');
      const offlineGreen = usher.getByRole('alertdialog', { name: 'Welcome in' });
      await expect(offlineGreen.getByText(/Judged on this device while offline/)).toBeVisible();
      await offlineGreen.getByRole('button', { name: 'Next guest' }).click();
    }
    await expect(usher.getByTestId('door-queue')).toHaveText('3 scans waiting to be sent');

    // Back online: the queue is sent and the counts and the holder's tickets show all four.
    await camera.context.setOffline(false);
    await expect(usher.getByTestId('door-queue')).toHaveText('All scans sent', { timeout: 20_000 });
    await expect(usher.getByTestId('count-checked-in')).toHaveText('4', { timeout: 10_000 });
    await attendee.goto(`/user/myTickets/${event.id}`);
    await expect(
      attendee.locator('#main-content').getByText('Checked in', { exact: true }),
    ).toHaveCount(4);
    const after = await callApi<{ results: HeldTicket[] }>(
      request,
      attendeeToken,
      'GET',
      `/api/v1/tickets/?event=${event.id}&limit=4&offset=0`,
    );
    expect(after.results.map((ticket) => ticket.status)).toEqual(Array(4).fill('checked_in'));
    await attendeeContext.close();
  } finally {
    await camera.close();
  }

  // The organizer's guest list shows who came, in English and in Arabic.
  await page.goto(`/organizer/events/${event.id}/guestList`);
  await expect(page.getByTestId('count-checked-in')).toHaveText('4');
  await expect(page.getByText(/In since .+, by Karim Haddad/).first()).toBeVisible();
  await expectAccessible(page, 'guest list, en');
  await inArabic(page);
  await expect(page.getByRole('heading', { level: 1, name: 'قائمة الضيوف' })).toBeVisible();
  await expectAccessible(page, 'guest list, ar');
  // A mistaken check-in is undone from the list: the count follows.
  await page
    .getByRole('button', { name: /^تراجع عن الدخول: / })
    .first()
    .click();
  await expect(page.getByText(/^أُلغي تسجيل دخول /)).toBeVisible();
  await expect(page.getByTestId('count-checked-in')).toHaveText('3');
  await page.getByText('الماسح', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'رمز التذكرة' })).toBeVisible();
  await expectAccessible(page, 'scanner, ar');
  await page.goto('/organizer/ushers');
  await expect(page.getByRole('heading', { level: 1, name: 'المرشدون' })).toBeVisible();
  await expectAccessible(page, 'ushers, ar');
});
