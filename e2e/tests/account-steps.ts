import type { Page } from '@playwright/test';

/** Types a 6-digit code into the one-digit-per-box code field. */
export async function enterCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').first().click();
  await page.keyboard.type(code);
}

/** Fills and sends the sign-in form (callers check where it leads). */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
