import type { TestInfo } from '@playwright/test';
import { enterCode, signIn } from './account-steps';
import { expectAccessible } from './axe';
import { expect, Mailbox, test } from './mailbox';

const PASSWORD = 'violet-harbour-42';
const NEW_PASSWORD = 'amber-lantern-77';

function uniqueEmail(testInfo: TestInfo, prefix: string) {
  return `${prefix}.${testInfo.project.name}.${Date.now().toString(36)}@example.com`;
}

test.describe('accounts', () => {
  test('register, verify, complete as organizer, sign out and in, reset the password, sign in again', async ({
    page,
    mailbox,
  }, testInfo) => {
    // Seven screens, two mails and an axe scan on most of them.
    test.setTimeout(120_000);
    const email = uniqueEmail(testInfo, 'organizer');

    await page.goto('/auth/register');
    await expect(page.getByRole('textbox', { name: 'Email address', exact: true })).toBeVisible();
    await expectAccessible(page, 'register');
    await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(PASSWORD);
    const before = mailbox.messages.length;
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/auth\/verify-email/);
    const welcome = await mailbox.waitFor(email, before);
    expect(welcome.subject).toContain('verification code');
    await expect(page.getByRole('heading', { name: 'Check your email', level: 1 })).toBeVisible();
    await expectAccessible(page, 'verify email');
    await enterCode(page, Mailbox.codeIn(welcome));

    await expect(page).toHaveURL(/\/auth\/complete-registration/);
    await expect(page.getByRole('textbox', { name: 'First name', exact: true })).toBeVisible();
    await expectAccessible(page, 'complete registration');
    await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Sara');
    await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Nasser');
    await page.getByText('Organize events', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Organization name', exact: true }).fill('Sara Live');
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page).toHaveURL(/\/$/);

    // Still signed in after a reload: the session comes back through the refresh cookie.
    await page.reload();
    const menu = page.getByRole('button', { name: /Account menu: Sara/ });
    await expect(menu).toBeVisible();
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('refresh');

    await menu.click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

    await signIn(page, email, PASSWORD);
    await expect(page.getByRole('button', { name: /Account menu: Sara/ })).toBeVisible();
    await page.getByRole('button', { name: /Account menu: Sara/ }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

    await page.goto('/auth/login');
    await expect(page.getByRole('textbox', { name: 'Email address', exact: true })).toHaveValue(
      email,
    );
    await expectAccessible(page, 'sign in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password/);
    await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
    await expectAccessible(page, 'forgot password');
    await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(email);
    const beforeReset = mailbox.messages.length;
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page).toHaveURL(/\/auth\/verify-otp/);
    const reset = await mailbox.waitFor(email, beforeReset);
    expect(reset.subject).toContain('password reset');
    await expect(
      page.getByRole('heading', { name: 'Enter your reset code', level: 1 }),
    ).toBeVisible();
    await expectAccessible(page, 'verify the reset code');
    await enterCode(page, Mailbox.codeIn(reset));

    await expect(page).toHaveURL(/\/auth\/reset-password/);
    await expect(page.getByRole('button', { name: 'Save new password' })).toBeVisible();
    await expectAccessible(page, 'reset password');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await page
      .getByRole('textbox', { name: 'Confirm new password', exact: true })
      .fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Your password has been changed')).toBeVisible();
    await expectAccessible(page, 'password changed');

    await signIn(page, email, PASSWORD);
    await expect(page.getByText('The email or password is not correct.')).toBeVisible();
    await signIn(page, email, NEW_PASSWORD);
    await expect(page.getByRole('button', { name: /Account menu: Sara/ })).toBeVisible();
  });

  test('registering in Arabic brings an Arabic, right-to-left email', async ({
    page,
    mailbox,
  }, testInfo) => {
    await page.addInitScript(() => localStorage.setItem('language', 'ar'));
    const email = uniqueEmail(testInfo, 'arabic');
    await page.goto('/auth/register');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // The page's direction is set before the app draws the form: scan the form itself.
    await expect(
      page.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }),
    ).toBeVisible();
    await expectAccessible(page, 'register in Arabic');
    await page.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'كلمة المرور', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'تأكيد كلمة المرور', exact: true }).fill(PASSWORD);
    const before = mailbox.messages.length;
    await page.getByRole('button', { name: 'إنشاء الحساب' }).click();
    await expect(page).toHaveURL(/\/auth\/verify-email/);

    await expectAccessible(page, 'verify email in Arabic');
    const mail = await mailbox.waitFor(email, before);
    expect(mail.subject).toContain('رمز التحقق');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('lang="ar"');
    expect(mail.text).toContain('أكّد بريدك الإلكتروني');
  });

  test('the web client signs out and goes to /auth/login when the API answers token_not_valid', async ({
    page,
  }) => {
    await signIn(page, 'attendee@hafla.test', 'hafla-demo-2026');
    await expect(page.getByRole('button', { name: /Account menu: Layla/ })).toBeVisible();
    await page.goto('/user/profile');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Layla');
    await expectAccessible(page, 'profile');

    // From now on every signed call carries a forged token, as if the session had been revoked.
    await page.route('**/api/v1/**', (route) => {
      const headers = route.request().headers();
      if (headers.authorization) headers.authorization = 'Bearer forged.token.value';
      return route.continue({ headers });
    });
    await page.reload();
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page, 'sign in after the session ended');
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  });
});
