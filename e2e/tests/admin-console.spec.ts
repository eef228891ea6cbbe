import type { Browser, Page, TestInfo } from '@playwright/test';
import en from '../../apps/web/src/locales/en/admin.json' with { type: 'json' };
import { signIn } from './account-steps';
import { expectAccessible } from './axe';
import { ATTENDEE, callApi, DEMO_PASSWORD, logIn } from './api-steps';
import { expect, test } from './mailbox';
import { ORGANIZER_PASSWORD, registerOrganizer } from './organizer-steps';

/**
 * The admin console (issue 17): an admin adds a category in English and Arabic and readers see
 * it in both; reorders the home page; resolves a problem report and its reporter is notified;
 * suspends an account whose open session is signed out within seconds; and every one of these
 * actions is in the audit log.
 */

const ADMIN = 'admin@hafla.test';

async function signedInPage(
  browser: Browser,
  testInfo: TestInfo,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Page> {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, baseURL } =
    testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    userAgent,
    deviceScaleFactor,
    isMobile,
    hasTouch,
  });
  const page = await context.newPage();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/$/);
  return page;
}

test('an admin edits content, answers a report and suspends an account, all in the audit log', async ({
  browser,
  page,
  request,
  mailbox,
}, testInfo) => {
  test.setTimeout(120_000);
  const suffix = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const admin = await signedInPage(browser, testInfo, ADMIN);

  // A category in both languages, shown on the home page in each.
  await admin.goto('/admin/content/categories');
  await expect(admin.getByRole('heading', { level: 1, name: en.content.title })).toBeVisible();
  await expectAccessible(admin, 'admin categories');
  await admin.getByRole('button', { name: en.content.add.categories }).click();
  const dialog = admin.getByRole('dialog', { name: en.content.add.categories });
  await dialog
    .getByLabel(new RegExp(`^${en.form.slug.replace(/[()]/g, '\\$&')}`))
    .fill(`poetry-${suffix}`);
  const name = `Poetry nights ${suffix}`;
  await dialog
    .getByLabel(new RegExp(`^${en.form.english}`))
    .first()
    .fill(name);
  await expect(dialog.getByText(en.form.missingArabic)).toBeVisible();
  await expectAccessible(admin, 'new category dialog', { within: '[role="dialog"]' });
  await dialog
    .getByLabel(new RegExp(`^${en.form.arabic}`))
    .first()
    .fill(`أمسيات شعرية ${suffix}`);
  await expect(dialog.getByText(en.form.missingArabic)).toBeHidden();
  await dialog.getByRole('button', { name: en.form.create }).click();
  await expect(dialog).toBeHidden();

  await page.goto('/');
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(
    page.getByRole('link', { name: new RegExp(`أمسيات شعرية ${suffix}`) }),
  ).toBeVisible();

  // The home page's rows: the second moves up, the change is saved at once.
  await admin.goto('/admin/home-sections');
  const rows = admin.getByRole('list', { name: en.homeSections.listLabel }).getByRole('listitem');
  const secondTitle = (await rows.nth(1).locator('p').first().textContent()) ?? '';
  await expectAccessible(admin, 'admin home sections');
  await rows.nth(1).getByRole('button', { name: /up$/ }).click();
  await expect(admin.getByText(en.homeSections.saved)).toBeVisible();
  await admin.reload();
  await expect(rows.first()).toContainText(secondTitle);

  // A problem report, resolved: its reporter is notified.
  const attendeeToken = await logIn(request, ATTENDEE);
  const subject = `Map stays grey ${suffix}`;
  await callApi(request, attendeeToken, 'POST', '/api/v1/problem-reports/', {
    subject,
    message: 'The venue map stays grey on my phone.',
  });
  await admin.goto('/admin/reports?status=new');
  await expect(admin.getByRole('button', { name: `Handle “${subject}”` })).toBeVisible();
  await expectAccessible(admin, 'admin reports');
  await admin.getByRole('button', { name: `Handle “${subject}”` }).click();
  const handle = admin.getByRole('dialog', { name: en.reports.handleTitle });
  await expect(handle.getByLabel(en.reports.status)).toBeVisible();
  await expectAccessible(admin, 'handle a report', { within: '[role="dialog"]' });
  await handle.getByLabel(en.reports.status).selectOption('resolved');
  await handle.getByLabel(en.reports.note).fill('Fixed the map key');
  await handle.getByRole('button', { name: en.form.save }).click();
  await expect(admin.getByText(en.reports.saved)).toBeVisible();
  const notices = await callApi<{ results: Array<{ kind: string; content: string }> }>(
    request,
    attendeeToken,
    'GET',
    '/api/v1/notifications/',
  );
  expect(notices.results[0]).toMatchObject({ kind: 'report_resolved' });
  expect(notices.results[0]!.content).toContain(subject);

  // An account signed in elsewhere is suspended: its page signs out within seconds.
  const { email } = await registerOrganizer(request, mailbox, 'suspend');
  const other = await signedInPage(browser, testInfo, email, ORGANIZER_PASSWORD);
  await other.goto('/organizer/events');
  await admin.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await admin.getByRole('button', { name: `Open ${email}` }).click();
  const account = admin.getByRole('dialog', { name: en.users.detailTitle });
  await expect(account.getByRole('button', { name: en.users.suspend })).toBeVisible();
  await expectAccessible(admin, 'an account', { within: '[role="dialog"]' });
  await account.getByRole('button', { name: en.users.suspend }).click();
  const confirm = admin.getByRole('dialog', { name: en.users.suspendTitle });
  await confirm.getByLabel(new RegExp(`^${en.users.reason}`)).fill('Testing the console');
  await expectAccessible(admin, 'suspend an account', { within: '[role="dialog"]:last-of-type' });
  await confirm.getByRole('button', { name: en.users.suspend }).click();
  // No navigation: the open page's socket is closed and its session refused at once.
  await expect(other).toHaveURL(/\/auth\/login/, { timeout: 10_000 });

  await admin.keyboard.press('Escape');
  await expect(account).toBeHidden();

  // Every action is in the audit log, reached through the console's navigation: a side list on
  // a desktop, a menu named after the section on screen on a phone.
  const navigation = admin.getByRole('navigation', { name: en.nav.label });
  if (testInfo.project.use.isMobile) {
    await navigation
      .getByRole('button', { name: en.nav.menu.replace('{{section}}', en.nav.users) })
      .click();
    const menu = admin.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: en.nav.users })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectAccessible(admin, 'admin sections menu');
    await menu.getByRole('menuitem', { name: en.nav.auditLog }).click();
  } else {
    await navigation.getByRole('link', { name: en.nav.auditLog }).click();
  }
  await expect(admin).toHaveURL(/\/admin\/audit-log$/);
  const log = admin.getByRole('table');
  for (const action of [
    'category.create',
    'home_page_config.update',
    'problem_report.resolved',
    'user.suspend',
  ]) {
    await expect(log.getByText(action).first()).toBeVisible();
  }
  await expectAccessible(admin, 'admin audit log');
});
