import { expect } from 'vitest';
import type { TestContext } from './helpers';
import { codeFrom, type SmtpSink } from './smtp-sink';

let counter = 0;
/** A fresh, unique address for each test. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export const GOOD_PASSWORD = 'violet-harbour-42';

export function post(
  ctx: TestContext,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

/** Registers an address and returns the code that arrived at the SMTP sink. */
export async function registerAndReadCode(
  ctx: TestContext,
  sink: SmtpSink,
  email: string,
  language = 'en',
) {
  const before = sink.messages.length;
  const response = await post(
    ctx,
    '/register/',
    { email, password: GOOD_PASSWORD },
    { 'accept-language': language },
  );
  expect(response.statusCode, response.body).toBe(201);
  const mail = await sink.waitFor(email, { after: before });
  return { code: codeFrom(mail), mail };
}

/** A verified, signed-in account: `{access, refresh, user}`. */
export async function signUp(ctx: TestContext, sink: SmtpSink, email = uniqueEmail()) {
  const { code } = await registerAndReadCode(ctx, sink, email);
  const response = await post(ctx, '/otp/verify_email/', { email, otp: code });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    access: string;
    refresh: string;
    user: { id: string; email: string };
  };
}
