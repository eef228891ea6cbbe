import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthTokens, OtpSent } from '@hafla/shared/auth/requests';
import type { ErrorEnvelope } from '@hafla/shared/common/errors';
import { codeSendSpacing, otpCodes, refreshTokens, users } from '../src/db/schema/accounts';
import { GOOD_PASSWORD, post, registerAndReadCode, signUp, uniqueEmail } from './auth-helpers';
import {
  bearer,
  createMailTestContext,
  createTestContext,
  firstError,
  type TestContext,
} from './helpers';
import { codeFrom, type SmtpSink } from './smtp-sink';

/** The first error item with every field the envelope may carry. */
const envelopeError = (response: { json(): unknown }) =>
  (response.json() as ErrorEnvelope).errors[0];

let ctx: TestContext;
let sink: SmtpSink;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ ctx, sink, close } = await createMailTestContext());
});
afterAll(() => close());

/** Moves the last send of codes to an address into the past, as if a minute had gone by. */
async function letResendWindowPass(email: string) {
  await ctx.database.db
    .update(codeSendSpacing)
    .set({ last_sent_at: new Date(Date.now() - 61_000) })
    .where(sql`${codeSendSpacing.key} like ${'%:' + email}`);
}

async function userRow(email: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('POST /register/', () => {
  it('creates an unverified account and emails a 6-digit code in English', async () => {
    const email = uniqueEmail();
    const response = await post(ctx, '/register/', { email, password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(201);
    expect(OtpSent.parse(response.json())).toMatchObject({ email, expires_in: 600, resend_in: 60 });
    const mail = await sink.waitFor(email);
    expect(codeFrom(mail)).toMatch(/^\d{6}$/);
    expect(mail.subject).toContain('verification code');
    expect(mail.html).toContain('dir="ltr"');
    expect(await userRow(email)).toMatchObject({ is_verified: false, language: 'en' });
  });

  it('emails an Arabic, right-to-left message to someone registering in Arabic', async () => {
    const email = uniqueEmail('arabic');
    const { mail } = await registerAndReadCode(ctx, sink, email, 'ar');
    expect(mail.subject).toContain('رمز التحقق');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('lang="ar"');
    expect(mail.text).toContain('أكّد بريدك الإلكتروني');
    expect((await userRow(email))?.language).toBe('ar');
  });

  it('normalises the email, and an address in any case is one account', async () => {
    const email = uniqueEmail('Case');
    await registerAndReadCode(ctx, sink, `  ${email.toUpperCase()} `);
    const first = await userRow(email.toLowerCase());
    expect(first).toBeDefined();
    await letResendWindowPass(email.toLowerCase());
    const again = await post(ctx, '/register/', {
      email: email.toLowerCase(),
      password: 'another-password-9',
    });
    expect(again.statusCode).toBe(201);
    expect(await userRow(email.toLowerCase())).toEqual(first);
  });

  it('answers an address that has an account as it answers a new one, and mails its owner instead', async () => {
    const owner = await signUp(ctx, sink);
    const arabicOwner = uniqueEmail('arabic-owner');
    const { code } = await registerAndReadCode(ctx, sink, arabicOwner, 'ar');
    await post(ctx, '/otp/verify_email/', { email: arabicOwner, otp: code });
    await letResendWindowPass(owner.user.email);
    await letResendWindowPass(arabicOwner);
    const before = sink.messages.length;

    const known = await post(ctx, '/register/', {
      email: owner.user.email,
      password: GOOD_PASSWORD,
    });
    const fresh = await post(ctx, '/register/', { email: uniqueEmail(), password: GOOD_PASSWORD });
    expect(known.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    const { email: knownEmail, ...knownBody } = known.json() as Record<string, unknown>;
    const { email: _fresh, ...freshBody } = fresh.json() as Record<string, unknown>;
    expect(knownEmail).toBe(owner.user.email);
    expect(knownBody).toEqual(freshBody);
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(fresh.headers).sort());

    const warning = await sink.waitFor(owner.user.email, { after: before });
    expect(warning.subject).toBe('Someone tried to create a Hafla account with your email');
    expect(warning.text).toContain('reset');
    expect(warning.text).not.toMatch(/\b\d{6}\b/);
    const inArabic = await post(
      ctx,
      '/register/',
      { email: arabicOwner, password: GOOD_PASSWORD },
      { 'accept-language': 'en' },
    );
    expect(inArabic.statusCode).toBe(201);
    const arabicWarning = await sink.waitFor(arabicOwner, { after: before });
    expect(arabicWarning.subject).toBe('حاول أحدهم إنشاء حساب في حفلة ببريدك الإلكتروني');
    expect(arabicWarning.html).toContain('dir="rtl"');
  });

  it('sends a fresh code to an address registered but never verified', async () => {
    const email = uniqueEmail('unverified');
    await registerAndReadCode(ctx, sink, email);
    await letResendWindowPass(email);
    const { code } = await registerAndReadCode(ctx, sink, email);
    const verified = await post(ctx, '/otp/verify_email/', { email, otp: code });
    expect(verified.statusCode).toBe(200);
  });

  it('takes as long for an address that has an account as for a new one', async () => {
    const rounds = 11;
    const owners: string[] = [];
    for (let i = 0; i < rounds; i += 1) {
      const email = uniqueEmail('timing');
      await ctx.database.db.insert(users).values({
        email,
        password_hash: 'not-a-password-hash',
        is_verified: true,
      });
      owners.push(email);
    }
    const timed = async (email: string) => {
      const before = sink.messages.length;
      const started = process.hrtime.bigint();
      const response = await post(ctx, '/register/', { email, password: GOOD_PASSWORD });
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      expect(response.statusCode).toBe(201);
      // Each call's mail is out before the next call is timed.
      await sink.waitFor(email, { after: before });
      return elapsed;
    };
    const known: number[] = [];
    const fresh: number[] = [];
    // Interleaved, each first in turn, so a slower moment of the machine weighs on both alike.
    for (const [index, email] of owners.entries()) {
      if (index % 2 === 0) {
        known.push(await timed(email));
        fresh.push(await timed(uniqueEmail('timing-new')));
      } else {
        fresh.push(await timed(uniqueEmail('timing-new')));
        known.push(await timed(email));
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    const [knownMs, freshMs] = [median(known), median(fresh)];
    // Hashing the password is nearly all of the work: a path that skipped it would take a
    // fraction of the other's time. The margin is wide for a machine busy with other work.
    expect(
      Math.min(knownMs, freshMs) / Math.max(knownMs, freshMs),
      `${knownMs} vs ${freshMs} ms`,
    ).toBeGreaterThan(0.5);
  });

  it('refuses weak and overlong passwords with a code on password, creating nothing', async () => {
    const email = uniqueEmail('weak');
    const cases = [
      { password: 'short1', code: 'min_length' },
      { password: 'x'.repeat(129), code: 'max_length' },
      { password: email, code: 'password_too_similar' },
      { password: 'password123', code: 'password_too_common' },
      { password: 'qwertyuiop', code: 'password_too_common' },
      { password: '11111111', code: 'password_too_common' },
    ];
    for (const { password, code } of cases) {
      const response = await post(ctx, '/register/', { email, password });
      expect(response.statusCode, password).toBe(400);
      expect(firstError(response), password).toMatchObject({ code, attr: 'password' });
    }
    expect(await userRow(email)).toBeUndefined();
  });

  it('refuses a malformed email and unknown fields', async () => {
    const bad = await post(ctx, '/register/', { email: 'not-an-email', password: GOOD_PASSWORD });
    expect(firstError(bad)).toMatchObject({ code: 'invalid', attr: 'email' });
    const extra = await post(ctx, '/register/', {
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
      is_admin: true,
    });
    expect(firstError(extra)).toMatchObject({ code: 'unknown_field', attr: 'is_admin' });
  });
});

describe('POST /otp/verify_email/', () => {
  it('verifies the email and signs in with access, refresh and user', async () => {
    const email = uniqueEmail();
    const { code } = await registerAndReadCode(ctx, sink, email);
    const response = await post(ctx, '/otp/verify_email/', { email, otp: code });
    expect(response.statusCode).toBe(200);
    const tokens = AuthTokens.parse(response.json());
    expect(tokens.user).toMatchObject({
      email,
      is_verified: true,
      is_profile_complete: false,
      roles: ['attendee'],
    });
    expect(response.cookies.find((c) => c.name === 'hafla_refresh')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/auth/',
    });
  });

  it('refuses a code used once already', async () => {
    const email = uniqueEmail();
    const { code } = await registerAndReadCode(ctx, sink, email);
    expect((await post(ctx, '/otp/verify_email/', { email, otp: code })).statusCode).toBe(200);
    const again = await post(ctx, '/otp/verify_email/', { email, otp: code });
    expect(again.statusCode).toBe(400);
    expect(firstError(again)).toMatchObject({ code: 'otp_invalid', attr: 'otp' });
  });

  it('locks the code after 5 wrong tries: even the right one is then refused until a new code is sent', async () => {
    const email = uniqueEmail('locked');
    const { code } = await registerAndReadCode(ctx, sink, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers: unknown[] = [];
    for (let i = 0; i < 5; i += 1) {
      const error = envelopeError(await post(ctx, '/otp/verify_email/', { email, otp: wrong }));
      answers.push({ code: error?.code, remaining_attempts: error?.remaining_attempts });
      if (i === 0) expect(error?.detail).toBe('This code is not correct. Tries left: 4.');
    }
    // Each refusal says how many tries are left, in the envelope and in its words.
    expect(answers).toEqual([
      { code: 'otp_invalid', remaining_attempts: 4 },
      { code: 'otp_invalid', remaining_attempts: 3 },
      { code: 'otp_invalid', remaining_attempts: 2 },
      { code: 'otp_invalid', remaining_attempts: 1 },
      { code: 'otp_locked', remaining_attempts: 0 },
    ]);
    const second = await post(ctx, '/otp/verify_email/', { email, otp: code });
    expect(envelopeError(second)).toMatchObject({ code: 'otp_locked', remaining_attempts: 0 });
    const inArabic = await ctx.app.inject({
      method: 'POST',
      url: '/otp/verify_email/',
      headers: { 'accept-language': 'ar' },
      payload: { email, otp: wrong },
    });
    expect(envelopeError(inArabic)?.detail).toBe('محاولات خاطئة كثيرة. اطلب رمزًا جديدًا.');

    await letResendWindowPass(email);
    const before = sink.messages.length;
    expect(
      (await post(ctx, '/otp/resend_otp/', { email, purpose: 'verify_email' })).statusCode,
    ).toBe(200);
    const fresh = codeFrom(await sink.waitFor(email, { after: before }));
    expect((await post(ctx, '/otp/verify_email/', { email, otp: fresh })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail('expired');
    const { code } = await registerAndReadCode(ctx, sink, email);
    const user = await userRow(email);
    await ctx.database.db
      .update(otpCodes)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.user_id, user!.id));
    const response = await post(ctx, '/otp/verify_email/', { email, otp: code });
    expect(firstError(response)).toMatchObject({ code: 'otp_expired', attr: 'otp' });
  });

  it('answers otp_invalid for an unknown email and a malformed code as a field error', async () => {
    expect(
      firstError(await post(ctx, '/otp/verify_email/', { email: uniqueEmail(), otp: '123456' }))
        ?.code,
    ).toBe('otp_invalid');
    expect(
      firstError(await post(ctx, '/otp/verify_email/', { email: uniqueEmail(), otp: '12ab56' })),
    ).toMatchObject({
      code: 'invalid',
      attr: 'otp',
    });
  });
});

describe('POST /otp/resend_otp/', () => {
  it('refuses a resend within 60 seconds with Retry-After', async () => {
    const email = uniqueEmail('resend');
    await registerAndReadCode(ctx, sink, email);
    const response = await post(ctx, '/otp/resend_otp/', { email, purpose: 'verify_email' });
    expect(response.statusCode).toBe(429);
    expect(firstError(response)?.code).toBe('resend_too_soon');
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(50);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const unknown = uniqueEmail('nobody');
    const before = sink.messages.length;
    const response = await post(ctx, '/otp/resend_otp/', {
      email: unknown,
      purpose: 'verify_email',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: unknown, expires_in: 600, resend_in: 60 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages.slice(before).some((m) => m.to.includes(unknown))).toBe(false);
    // Spaced like a known address, so the 60 s rule gives nothing away either.
    expect(
      (await post(ctx, '/otp/resend_otp/', { email: unknown, purpose: 'verify_email' })).statusCode,
    ).toBe(429);
  });
});

describe('POST /auth/login/', () => {
  it('signs a verified user in and remembers nothing about a failure but one generic error', async () => {
    const { user } = await signUp(ctx, sink);
    const ok = await post(ctx, '/auth/login/', {
      email: user.email.toUpperCase(),
      password: GOOD_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect(AuthTokens.parse(ok.json()).user.id).toBe(user.id);

    const wrong = await post(ctx, '/auth/login/', {
      email: user.email,
      password: 'not-the-password',
    });
    const unknown = await post(ctx, '/auth/login/', {
      email: uniqueEmail(),
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(firstError(wrong)?.code).toBe('invalid_credentials');
  });

  it('tells an unverified user to verify first, only with the right password', async () => {
    const email = uniqueEmail('unverified');
    await registerAndReadCode(ctx, sink, email);
    const response = await post(ctx, '/auth/login/', { email, password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(firstError(response)).toMatchObject({ code: 'email_not_verified', attr: 'email' });
    expect(
      firstError(await post(ctx, '/auth/login/', { email, password: 'wrong-password!' }))?.code,
    ).toBe('invalid_credentials');
  });

  it('throttles an address after 10 failures, even with the right password', async () => {
    const { user } = await signUp(ctx, sink);
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await post(ctx, '/auth/login/', { email: user.email, password: `wrong-${i}-password` }))
          .statusCode,
      ).toBe(401);
    }
    const blocked = await post(ctx, '/auth/login/', { email: user.email, password: GOOD_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(firstError(blocked)?.code).toBe('throttled');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use, from the body or the cookie', async () => {
    const { refresh } = await signUp(ctx, sink);
    const first = await post(ctx, '/auth/token/refresh/', { refresh });
    expect(first.statusCode).toBe(200);
    const next = first.json() as { access: string; refresh: string };
    expect(next.refresh).not.toBe(refresh);
    const viaCookie = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token/refresh/',
      payload: {},
      cookies: { hafla_refresh: next.refresh },
    });
    expect(viaCookie.statusCode).toBe(200);
  });

  it('end with logout, and logout of an unknown token still answers 200', async () => {
    const { refresh } = await signUp(ctx, sink);
    const out = await post(ctx, '/auth/logout/', { refresh });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'hafla_refresh')?.value).toBe('');
    expect((await post(ctx, '/auth/token/refresh/', { refresh })).statusCode).toBe(401);
    expect((await post(ctx, '/auth/logout/', { refresh: 'unknown' })).statusCode).toBe(200);
  });

  it('answer not_authenticated without any token and token_not_valid for garbage', async () => {
    expect(firstError(await post(ctx, '/auth/token/refresh/', {}))?.code).toBe('not_authenticated');
    expect(firstError(await post(ctx, '/auth/token/refresh/', { refresh: 'garbage' }))?.code).toBe(
      'token_not_valid',
    );
  });
});

describe('PATCH /complete_registration/', () => {
  it('completes an organizer account, with roles from the server', async () => {
    const { access } = await signUp(ctx, sink);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/complete_registration/',
      headers: { authorization: `Bearer ${access}` },
      payload: {
        first_name: ' Sara ',
        last_name: 'Nasser',
        user_type: 'organizer',
        organization_name: 'Sara Live',
        bio: 'Jazz nights',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Sara',
      user_type: 'organizer',
      roles: ['attendee', 'organizer'],
      is_profile_complete: true,
      organization_name: 'Sara Live',
    });
  });

  it('needs an organization name for organizers', async () => {
    const { access } = await signUp(ctx, sink);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/complete_registration/',
      headers: { authorization: `Bearer ${access}` },
      payload: { first_name: 'A', last_name: 'B', user_type: 'organizer' },
    });
    expect(response.statusCode).toBe(400);
    expect(firstError(response)).toMatchObject({ code: 'required', attr: 'organization_name' });
  });

  it('refuses mass-assignment of roles, is_verified and id, changing nothing', async () => {
    const { access, user } = await signUp(ctx, sink);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/complete_registration/',
      headers: { authorization: `Bearer ${access}` },
      payload: {
        first_name: 'A',
        last_name: 'B',
        user_type: 'attendee',
        roles: ['admin'],
        is_verified: false,
        id: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(response.statusCode).toBe(400);
    const attrs = (response.json() as { errors: Array<{ code: string; attr: string }> }).errors.map(
      (e) => `${e.code}:${e.attr}`,
    );
    expect(attrs.sort()).toEqual([
      'unknown_field:id',
      'unknown_field:is_verified',
      'unknown_field:roles',
    ]);
    expect(await userRow(user.email)).toMatchObject({
      is_admin: false,
      is_profile_complete: false,
      first_name: '',
    });
  });

  it('answers token_not_valid for an expired access token', async () => {
    const { user } = await signUp(ctx, sink);
    const expired = await bearer(
      ctx.config,
      { userId: user.id },
      new Date(Date.now() - 16 * 60 * 1000),
    );
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/complete_registration/',
      headers: { authorization: expired },
      payload: { first_name: 'A', last_name: 'B', user_type: 'attendee' },
    });
    expect(response.statusCode).toBe(401);
    expect(firstError(response)?.code).toBe('token_not_valid');
  });
});

describe('forgotten passwords', () => {
  it('answers the same for known and unknown addresses', async () => {
    const { user } = await signUp(ctx, sink);
    const known = await post(ctx, '/auth/forgot_password/', { email: user.email });
    const unknown = await post(ctx, '/auth/forgot_password/', { email: uniqueEmail('ghost') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    const { email: _a, ...knownBody } = known.json() as Record<string, unknown>;
    const { email: _b, ...unknownBody } = unknown.json() as Record<string, unknown>;
    expect(knownBody).toEqual(unknownBody);
  });

  it('reset with code → reset token → new password, which ends every session; tokens and codes work once', async () => {
    const { user, refresh } = await signUp(ctx, sink);
    await letResendWindowPass(user.email);
    const before = sink.messages.length;
    await post(ctx, '/auth/forgot_password/', { email: user.email });
    const mail = await sink.waitFor(user.email, { after: before });
    expect(mail.subject).toContain('password reset');
    const code = codeFrom(mail);

    const verified = await post(ctx, '/otp/verify/', { email: user.email, otp: code });
    expect(verified.statusCode).toBe(200);
    const { reset_token } = verified.json() as { reset_token: string };
    expect(
      firstError(await post(ctx, '/otp/verify/', { email: user.email, otp: code }))?.code,
    ).toBe('otp_invalid');

    const weak = await post(ctx, '/auth/password_reset/', { reset_token, password: 'password1' });
    expect(firstError(weak)).toMatchObject({ code: 'password_too_common', attr: 'password' });

    const done = await post(ctx, '/auth/password_reset/', {
      reset_token,
      password: 'amber-lantern-77',
    });
    expect(done.statusCode).toBe(200);
    expect(
      firstError(
        await post(ctx, '/auth/password_reset/', { reset_token, password: 'amber-lantern-78' }),
      )?.code,
    ).toBe('reset_token_invalid');
    expect((await post(ctx, '/auth/token/refresh/', { refresh })).statusCode).toBe(401);
    expect(
      (await post(ctx, '/auth/login/', { email: user.email, password: GOOD_PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await post(ctx, '/auth/login/', { email: user.email, password: 'amber-lantern-77' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('POST /auth/password/change/', () => {
  it('needs the old password, then ends every other session and answers new tokens', async () => {
    const { user, access, refresh } = await signUp(ctx, sink);
    const headers = { authorization: `Bearer ${access}` };
    const wrong = await post(
      ctx,
      '/auth/password/change/',
      { old_password: 'nope-nope-nope', new_password: 'amber-lantern-99' },
      headers,
    );
    expect(firstError(wrong)).toMatchObject({
      code: 'old_password_incorrect',
      attr: 'old_password',
    });
    const similar = await post(
      ctx,
      '/auth/password/change/',
      { old_password: GOOD_PASSWORD, new_password: user.email },
      headers,
    );
    expect(firstError(similar)).toMatchObject({
      code: 'password_too_similar',
      attr: 'new_password',
    });

    const changed = await post(
      ctx,
      '/auth/password/change/',
      { old_password: GOOD_PASSWORD, new_password: 'amber-lantern-99' },
      headers,
    );
    expect(changed.statusCode).toBe(200);
    const fresh = AuthTokens.parse(changed.json());
    expect((await post(ctx, '/auth/token/refresh/', { refresh })).statusCode).toBe(401);
    expect((await post(ctx, '/auth/token/refresh/', { refresh: fresh.refresh })).statusCode).toBe(
      200,
    );
    const live = await ctx.database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.user_id, user.id));
    expect(live.filter((t) => !t.revoked_at && !t.replaced_at)).toHaveLength(1);
  });

  it('is refused without a token', async () => {
    const response = await post(ctx, '/auth/password/change/', {
      old_password: 'a',
      new_password: 'amber-lantern-99',
    });
    expect(firstError(response)?.code).toBe('not_authenticated');
  });
});

describe('per-address limits on the network', () => {
  it('throttle a client address past AUTH_RATE_LIMIT_MAX with Retry-After', async () => {
    const limited = await createTestContext({ SMTP_URL: sink.url, AUTH_RATE_LIMIT_MAX: '2' });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 3; i += 1) {
        last = await post(limited, '/auth/login/', {
          email: uniqueEmail(),
          password: 'whatever-password',
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
      expect(firstError(last!)?.code).toBe('throttled');
      expect(last!.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
