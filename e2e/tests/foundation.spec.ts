import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';

test.describe('first visit', () => {
  test('home shows the categories in English', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Music', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Theatre', exact: true })).toBeVisible();
    await expect(page.getByText('v0.1.0')).toBeVisible();
    await expect(page).toHaveTitle(/Hafla/);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.+/);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /.+/);
    await expectAccessible(page, 'home, with its header and footer', { within: 'body' });
  });

  test('switching to Arabic turns the page right-to-left and survives a reload', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Music', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Change language: العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('link', { name: 'موسيقى', exact: true })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');
    await expectAccessible(page, 'home in Arabic, with its header and footer', { within: 'body' });

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('link', { name: 'موسيقى', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'تغيير اللغة: English' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('link', { name: 'Music', exact: true })).toBeVisible();
  });

  test('the FAQ shows the seeded questions and opens an answer', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const question = page.getByRole('button', { name: 'How long are tickets held while I pay?' });
    await expect(question).toBeVisible();
    await question.click();
    await expect(
      page.getByText('Your tickets are held for 10 minutes.', { exact: false }),
    ).toBeVisible();
    await expectAccessible(page, 'FAQ with an answer open');
  });

  test('a configuration page is reached from the footer', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL(/\/pages\/privacy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    await expectAccessible(page, 'privacy page');
  });

  test('an unknown address shows the not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expectAccessible(page, 'not found');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('link', { name: 'Music', exact: true })).toBeVisible();
  });
});
