import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { callApi, logIn } from './api-steps';
import { expect, Mailbox } from './mailbox';

export const ORGANIZER_PASSWORD = 'a-long-e2e-password-2026';

export interface Organizer {
  email: string;
  token: string;
}

/**
 * An organizer of this test's own, registered through the API with the emailed code: the demo
 * organizer's monthly publishing limit is shared with every other journey.
 */
export async function registerOrganizer(
  request: APIRequestContext,
  mailbox: Mailbox,
  prefix = 'notify',
): Promise<Organizer> {
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const before = mailbox.messages.length;
  const registered = await request.post('/register/', {
    data: { email, password: ORGANIZER_PASSWORD },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const code = Mailbox.codeIn(await mailbox.waitFor(email, before));
  const verified = await request.post('/otp/verify_email/', { data: { email, otp: code } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const { access } = (await verified.json()) as { access: string };
  await callApi(request, access, 'PATCH', '/complete_registration/', {
    first_name: 'Rana',
    last_name: 'Khalil',
    user_type: 'organizer',
    organization_name: `Lantern Events ${email.slice(7, 15)}`,
  });
  return { email, token: await logIn(request, email, ORGANIZER_PASSWORD) };
}
