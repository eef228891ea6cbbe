import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectAccessible } from './axe';
import { request as apiRequest } from '@playwright/test';
import type { Browser, BrowserContext, Page, TestInfo } from '@playwright/test';
import en from '../../apps/web/src/locales/en/finance.json' with { type: 'json' };
import ar from '../../apps/web/src/locales/ar/finance.json' with { type: 'json' };
import enNotifications from '../../apps/web/src/locales/en/notifications.json' with { type: 'json' };
import arNotifications from '../../apps/web/src/locales/ar/notifications.json' with { type: 'json' };
import { signIn } from './account-steps';
import { ATTENDEE, bookAndPay, DEMO_PASSWORD, logIn, ORGANIZER, publishEvent } from './api-steps';
import { expect as baseExpect, SMTP_PORT, test } from './mailbox';

/**
 * The organizer's money, end to end (issue 15): tickets sold through the API show on the
 * dashboard's chart; the organizer adds an IBAN account and asks for a withdrawal; an admin
 * approves it and marks it paid; the organizer's open wallet toasts each change and its balance
 * moves, and both decisions are in the admin console's audit log — in English and in Arabic.
 *
 * Earnings become withdrawable only days after their slot ends, and a slot can only be sold
 * before it starts. So this journey runs its own API process whose clock starts 10 days behind:
 * the tickets are sold then, for a slot 9 days ago by the real clock; then the clock is put
 * right (SIGWINCH, see clock-shift.cjs), and those earnings are past the 3-day payout hold.
 */

// Two API processes, two browsers and the chart's chunk share a small machine: screens wait longer.
const expect = baseExpect.configure({ timeout: 15_000 });

const here = path.dirname(fileURLToPath(import.meta.url));
const DAY_MS = 86_400_000;
const CLOCK_BEHIND_DAYS = 10;
const ADMIN = 'admin@hafla.test';
const PORT = Number(process.env.E2E_MONEY_PORT ?? 3101);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const TICKET_PRICE = 10_000; // SAR 100
const TICKETS = 4;
const WITHDRAWAL = 5_000; // SAR 50, one per language
const VALID_IBAN = 'SA03 8000 ٠٠٠٠ 6080 1016 7519'; // typed with Arabic-Indic digits
const BAD_IBAN = 'SA03 8000 0000 6080 1016 7518'; // one digit off: the check digits fail

const STRINGS = { en, ar } as const;
const TOAST_REGION = { en: enNotifications.toast.region, ar: arNotifications.toast.region };
type Language = keyof typeof STRINGS;

/** A field's label as Mantine renders it: the text, then " *" when it is required. */
function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

function money(minor: number, language: Language): string {
  return new Intl.NumberFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en', {
    style: 'currency',
    currency: 'SAR',
    minimumFractionDigits: minor % 100 === 0 ? 0 : undefined,
  }).format(minor / 100);
}

/**
 * "Sat, Nov 14, 2026": how the dashboard's table names the day of an instant, in the page's
 * language and the browser's time zone (this machine's, as the runner's).
 */
function dayLabel(at: Date, language: Language): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-u-nu-latn' : 'en', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

interface MoneyServer {
  process: ChildProcess;
  dataDir: string;
  event: { id: number; title: string };
  soldAt: Date;
}

async function waitUntilReady(server: ChildProcess) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the API exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE_URL}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the API did not get ready within 3 minutes');
}

/** The app as a user starts it, on an empty data directory, its clock 10 days behind. */
async function startMoneyServer(): Promise<MoneyServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hafla-e2e-money-'));
  const server = spawn('node', [path.join(here, '..', '..', 'scripts', 'start.mjs')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      NODE_OPTIONS: `--require ${path.join(here, 'clock-shift.cjs')}`,
      HAFLA_E2E_CLOCK_OFFSET_MS: String(-CLOCK_BEHIND_DAYS * DAY_MS),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilReady(server);

  // The organizer's event, 9 days ago by the real clock: tomorrow by the API's.
  const api = await apiRequest.newContext({ baseURL: BASE_URL });
  const organizer = await logIn(api, ORGANIZER);
  const attendee = await logIn(api, ATTENDEE);
  const event = await publishEvent(api, organizer, {
    journey: 'Organizer money',
    days: 1 - CLOCK_BEHIND_DAYS,
    price: TICKET_PRICE,
    refundPercentage: 100,
  });
  const soldAt = new Date(Date.now() - CLOCK_BEHIND_DAYS * DAY_MS);
  await bookAndPay(api, attendee, event, TICKETS);
  await api.dispose();

  server.kill('SIGWINCH');
  return { process: server, dataDir, event, soldAt };
}

/** A browser of the project's device on the journey's own server, signed in, in `language`. */
async function signedIn(
  browser: Browser,
  testInfo: TestInfo,
  email: string,
  language: Language,
): Promise<{ context: BrowserContext; page: Page }> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
  });
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  if (language === 'ar') {
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  }
  return { context, page };
}

/** Opens `target` and resolves once its realtime channel is connected (socket.io's `40…`). */
async function openWithRealtime(page: Page, target: string) {
  const connected = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('40')) resolve();
      });
    });
  });
  await page.goto(target);
  await connected;
}

/** The figure of one part of the SAR balance ("Available", "Withdrawn"…), as shown. */
function balanceFigure(page: Page, label: string) {
  return page
    .getByRole('main')
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .first();
}

test.describe.configure({ mode: 'serial' });

let server: MoneyServer;

// The mailbox (the SMTP sink the API sends to) is started for the API's mail, unread here.
test.beforeAll(async ({ mailbox }) => {
  expect(mailbox).toBeTruthy();
  test.setTimeout(240_000);
  server = await startMoneyServer();
});

test.afterAll(async () => {
  if (!server) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await exited;
  rmSync(server.dataDir, { recursive: true, force: true });
});

for (const language of ['en', 'ar'] as const) {
  test(`the organizer sees the sale, withdraws to an IBAN account, and watches an admin pay it (${language})`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const t = STRINGS[language];
    const { context, page } = await signedIn(browser, testInfo, ORGANIZER, language);
    const main = page.getByRole('main');

    // The dashboard: the event's four tickets, on the chart's day of the sale.
    await page.goto(`/organizer/dashboard?event=${server.event.id}`);
    await expect(main.getByRole('heading', { level: 1, name: t.dashboard.heading })).toBeVisible();
    const chart = main.getByRole('img', { name: new RegExp(t.dashboard.metrics.tickets_sold) });
    await expect(chart).toBeVisible();
    await expect(
      chart.locator('.recharts-bar-rectangle path, .recharts-rectangle').first(),
    ).toBeVisible();
    const sold = main.locator('dl > div').filter({
      has: page.locator('dt', { hasText: new RegExp(`^${t.dashboard.totals.ticketsSold}$`) }),
    });
    await expect(sold.locator('dd').first()).toHaveText(String(TICKETS));
    await main.getByText(t.dashboard.chart.asTable).click();
    const saleDay = main.getByRole('row', { name: label(dayLabel(server.soldAt, language)) });
    await expect(saleDay.getByRole('cell').first()).toHaveText(String(TICKETS));
    await expectAccessible(page, `dashboard (${language})`, { seriousOnly: true });
    // The period's control marks the chosen period under its label, in either direction.
    await main.getByText(t.dashboard.periods.week, { exact: true }).click();
    await expect(page).toHaveURL(/period=week/);
    const periods = main.locator('.mantine-SegmentedControl-root');
    const marked = async () => {
      const [indicator, chosen] = await Promise.all([
        periods.locator('.mantine-SegmentedControl-indicator').boundingBox(),
        periods.locator('.mantine-SegmentedControl-control[data-active]').boundingBox(),
      ]);
      return Math.round(
        Math.abs(indicator!.x - chosen!.x) + Math.abs(indicator!.width - chosen!.width),
      );
    };
    await expect.poll(marked).toBeLessThanOrEqual(2);

    // The wallet, with its realtime channel open for the admin's decisions.
    await openWithRealtime(page, '/organizer/wallet?tab=accounts');
    await expect(main.getByRole('heading', { level: 1, name: t.wallet.heading })).toBeVisible();
    const available = balanceFigure(page, t.balance.available.label);
    await expect(available).not.toHaveText(money(0, language));
    const availableBefore = (await available.textContent()) ?? '';
    const withdrawnBefore =
      (await balanceFigure(page, t.balance.withdrawn.label).textContent()) ?? '';

    // A bank account: a mistyped IBAN is refused on its field, the right one (with Arabic digits) is kept.
    await main.getByRole('button', { name: t.accounts.add }).first().click();
    const accountDialog = page.getByRole('dialog', { name: t.accounts.form.addTitle });
    const bank = `Al Rajhi ${language}`;
    await accountDialog.getByLabel(label(t.accounts.form.bankName)).fill(bank);
    await accountDialog.getByLabel(label(t.accounts.form.holder)).fill('Nour Events');
    const iban = accountDialog.getByLabel(label(t.accounts.form.iban));
    await iban.fill(BAD_IBAN);
    await accountDialog.getByLabel(label(t.accounts.form.swift)).fill('RJHISARI');
    await accountDialog.getByRole('button', { name: t.accounts.form.add }).click();
    await expect(iban).toHaveAttribute('aria-invalid', 'true');
    await expect(iban).toBeFocused();
    await iban.fill('');
    await iban.pressSequentially(VALID_IBAN);
    await expect(iban).toHaveValue('SA03 8000 0000 6080 1016 7519');
    await accountDialog.getByRole('button', { name: t.accounts.form.add }).click();
    await expect(accountDialog).toBeHidden();
    await expect(main.getByRole('heading', { name: bank })).toBeVisible();
    await expectAccessible(page, `wallet accounts (${language})`, { seriousOnly: true });

    // A withdrawal request of SAR 50 to it.
    await main.getByRole('tab', { name: t.wallet.tabs.withdrawals }).click();
    await main.getByRole('button', { name: t.withdrawals.new }).click();
    const requestDialog = page.getByRole('dialog', { name: t.withdrawals.form.newTitle });
    const accountSelect = requestDialog.getByLabel(label(t.withdrawals.form.account));
    const option = accountSelect.locator('option', { hasText: bank });
    await accountSelect.selectOption((await option.getAttribute('value')) ?? '');
    await requestDialog
      .getByLabel(label(t.withdrawals.form.amount.replace('{{currency}}', 'SAR')))
      .fill('50');
    await requestDialog.getByRole('button', { name: t.withdrawals.form.submit }).click();
    await expect(requestDialog).toBeHidden();
    const amount = money(WITHDRAWAL, language);
    const request = main.getByRole('article', { name: amount }).first();
    await expect(request).toContainText(t.withdrawals.status.requested);
    await expect(available).not.toHaveText(availableBefore);
    await expectAccessible(page, `wallet withdrawals (${language})`, { seriousOnly: true });

    // An admin approves it, then marks it paid with the bank's reference.
    const adminSide = await signedIn(browser, testInfo, ADMIN, language);
    const adminMain = adminSide.page.getByRole('main');
    const queued = () =>
      adminMain.getByRole('article').filter({ hasText: ORGANIZER }).filter({ hasText: amount });
    const toast = page
      .getByRole('region', { name: TOAST_REGION[language] })
      .locator('a[href="/organizer/wallet"]');

    await adminSide.page.goto('/admin/withdrawals');
    await expect(adminMain.getByRole('heading', { level: 1, name: t.admin.heading })).toBeVisible();
    await queued()
      .first()
      .getByRole('button', { name: label(t.admin.approve) })
      .click();
    // The organizer's open wallet hears of it at once (a toast lasts 5 seconds: looked at first).
    await expect(toast.first()).toBeVisible();
    await expect(request).toContainText(t.withdrawals.status.approved);
    await expect(queued()).toHaveCount(0);
    await expectAccessible(adminSide.page, `admin withdrawals (${language})`, {
      seriousOnly: true,
    });

    await adminMain.getByRole('tab', { name: t.admin.filters.approved }).click();
    await queued()
      .first()
      .getByRole('button', { name: label(t.admin.markPaid) })
      .click();
    const payDialog = adminSide.page.getByRole('dialog', { name: t.admin.payTitle });
    const reference = `TRX-${language}-${Date.now()}`;
    await payDialog.getByLabel(label(t.admin.reference)).fill(reference);
    await payDialog.getByRole('button', { name: t.admin.payConfirm }).click();
    await expect(payDialog).toBeHidden();
    await expect(queued()).toHaveCount(0);

    // The organizer's open wallet: a toast, the request paid, the money out of the balance.
    await expect(toast.first()).toBeVisible();
    await expect(request).toContainText(t.withdrawals.status.paid);
    await expect(request).toContainText(reference);
    await expect(balanceFigure(page, t.balance.withdrawn.label)).not.toHaveText(withdrawnBefore);
    await expectAccessible(page, `wallet after payment (${language})`, { seriousOnly: true });

    // Both decisions are in the console's audit log.
    await adminSide.page.goto('/admin/audit-log');
    const log = adminSide.page.getByRole('table');
    for (const action of ['withdrawal.approve', 'withdrawal.pay']) {
      await expect(log.getByText(action).first()).toBeVisible();
    }
    await expectAccessible(adminSide.page, `admin audit log (${language})`, { seriousOnly: true });

    await adminSide.context.close();
    await context.close();
  });
}
