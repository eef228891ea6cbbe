import { and, eq, gt, isNull } from 'drizzle-orm';
import type {
  AuthTokens,
  CompleteRegistrationRequest,
  LoginRequest,
  OtpPurpose,
  OtpSent,
  PasswordChangeRequest,
  PasswordResetRequest,
  RegisterRequest,
  ResetToken,
} from '@hafla/shared/auth/requests';
import type { User } from '@hafla/shared/auth/users';
import type { Language } from '@hafla/shared/common/i18n';
import type { Db } from '../../db/client';
import { resetTokens, users } from '../../db/schema/accounts';
import { AppError } from '../../lib/app-error';
import type { MailWorker } from '../../lib/mail/mail-worker';
import { translate } from '../../lib/messages';
import {
  burnPasswordCheck,
  findPasswordProblem,
  hashPassword,
  verifyPassword,
} from '../../lib/password';
import { countRateHit, hitRateCounter, readRateCounter, spaceSends } from '../../lib/rate-counter';
import { newOpaqueToken, sha256 } from '../../lib/secrets';
import type { FileStorage } from '../../lib/storage';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS, consumeOtp } from './otp';
import { issueOtpMail } from './otp-mail';
import {
  endSession,
  revokeAllSessions,
  rotateSession,
  startSession,
  type SessionTokens,
} from './sessions';
import { findUserByEmail, findUserById, toUser, type UserRow } from './users';

export const RESET_TOKEN_TTL_SECONDS = 15 * 60;
const LOGIN_FAILURES = { limit: 10, seconds: 15 * 60 };
const CODES_PER_HOUR = { limit: 10, seconds: 60 * 60 };

export interface AuthDeps {
  db: Db;
  secret: string;
  /** Poked after a code is queued, so it goes out at once. */
  mailer: Pick<MailWorker, 'poke'>;
  storage: FileStorage;
}

export interface RequestContext {
  language: Language;
  userAgent: string | null;
}

function checkNewPassword(password: string, email: string, attr: string): void {
  const problem = findPasswordProblem(password, email);
  if (problem) throw new AppError(problem, { status: 400, attr, type: 'validation_error' });
}

function otpSent(language: Language, email: string): OtpSent {
  return {
    detail: translate(language, 'otp_sent'),
    email,
    expires_in: OTP_TTL_SECONDS,
    resend_in: OTP_RESEND_SECONDS,
  };
}

/** Spaces and caps the codes sent to one address, known or not, so answers look alike. */
async function throttleCodes(deps: AuthDeps, email: string, purpose: OtpPurpose): Promise<void> {
  await spaceSends(deps.db, `otp:${purpose}:${email}`, OTP_RESEND_SECONDS, 'resend_too_soon');
  await hitRateCounter(deps.db, `otp-hour:${email}`, CODES_PER_HOUR);
}

/** A fresh code by mail (queued with it); given null, the same work on no row (see issueOtpMail). */
async function sendCode(deps: AuthDeps, user: UserRow | null, purpose: OtpPurpose): Promise<void> {
  await issueOtpMail(deps.db, deps.secret, user, purpose);
  if (user) deps.mailer.poke();
}

async function signedIn(
  deps: AuthDeps,
  user: UserRow,
  context: RequestContext,
): Promise<AuthTokens> {
  const tokens = await startSession(deps.db, deps.secret, user, context.userAgent);
  return { ...tokens, user: toUser(user, deps.storage) };
}

export async function register(
  deps: AuthDeps,
  input: RegisterRequest,
  context: RequestContext,
): Promise<OtpSent> {
  checkNewPassword(input.password, input.email, 'password');
  const passwordHash = await hashPassword(input.password);
  // A taken address fails on the unique index (→ `unique` on `email`), race-free.
  const [user] = await deps.db
    .insert(users)
    .values({ email: input.email, password_hash: passwordHash, language: context.language })
    .returning();
  if (!user) throw new Error('insert returned no row');
  await throttleCodes(deps, user.email, 'verify_email');
  await sendCode(deps, user, 'verify_email');
  return otpSent(context.language, user.email);
}

export async function resendOtp(
  deps: AuthDeps,
  email: string,
  purpose: OtpPurpose,
  context: RequestContext,
): Promise<OtpSent> {
  await throttleCodes(deps, email, purpose);
  const user = await findUserByEmail(deps.db, email);
  const wantsCode = user && (purpose === 'reset_password' || !user.is_verified);
  await sendCode(deps, wantsCode ? user : null, purpose);
  return otpSent(context.language, email);
}

export async function verifyEmail(
  deps: AuthDeps,
  email: string,
  otp: string,
  context: RequestContext,
): Promise<AuthTokens> {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.is_verified) throw new AppError('otp_invalid', { status: 400, attr: 'otp' });
  await consumeOtp(deps.db, deps.secret, user.id, 'verify_email', otp);
  const [verified] = await deps.db
    .update(users)
    .set({ is_verified: true, updated_at: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return signedIn(deps, verified ?? user, context);
}

export async function completeRegistration(
  deps: AuthDeps,
  userId: string,
  input: CompleteRegistrationRequest,
): Promise<User> {
  const isOrganizer = input.user_type === 'organizer';
  const [user] = await deps.db
    .update(users)
    .set({
      first_name: input.first_name,
      last_name: input.last_name,
      phone: input.phone ?? null,
      user_type: input.user_type,
      organization_name: isOrganizer ? (input.organization_name ?? null) : null,
      bio: input.bio ?? null,
      is_profile_complete: true,
      updated_at: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new AppError('not_authenticated', { status: 401 });
  return toUser(user, deps.storage);
}

export async function login(
  deps: AuthDeps,
  input: LoginRequest,
  context: RequestContext,
): Promise<AuthTokens> {
  const failuresKey = `login-fail:${input.email}`;
  await readRateCounter(deps.db, failuresKey, LOGIN_FAILURES);
  const user = await findUserByEmail(deps.db, input.email);
  let isValid = false;
  if (user) isValid = await verifyPassword(user.password_hash, input.password);
  else await burnPasswordCheck(input.password);
  if (!user || !isValid) {
    // Failures are counted here and refused above, so the right password is refused too once throttled.
    await countRateHit(deps.db, failuresKey, LOGIN_FAILURES.seconds);
    throw new AppError('invalid_credentials', { status: 401 });
  }
  if (!user.is_verified) throw new AppError('email_not_verified', { status: 403, attr: 'email' });
  return signedIn(deps, user, context);
}

export function refreshSession(
  deps: AuthDeps,
  presented: string | undefined,
  context: RequestContext,
): Promise<SessionTokens> {
  if (!presented) throw new AppError('not_authenticated', { status: 401, attr: 'refresh' });
  return rotateSession(
    deps.db,
    deps.secret,
    presented,
    (id) => findUserById(deps.db, id),
    context.userAgent,
  );
}

export async function logout(deps: AuthDeps, presented: string | undefined): Promise<void> {
  if (presented) await endSession(deps.db, presented);
}

export function forgotPassword(
  deps: AuthDeps,
  email: string,
  context: RequestContext,
): Promise<OtpSent> {
  return resendOtp(deps, email, 'reset_password', context);
}

export async function verifyResetOtp(
  deps: AuthDeps,
  email: string,
  otp: string,
): Promise<ResetToken> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new AppError('otp_invalid', { status: 400, attr: 'otp' });
  await consumeOtp(deps.db, deps.secret, user.id, 'reset_password', otp);
  const token = newOpaqueToken();
  await deps.db.insert(resetTokens).values({
    user_id: user.id,
    token_hash: sha256(token),
    expires_at: new Date(Date.now() + RESET_TOKEN_TTL_SECONDS * 1000),
  });
  return { reset_token: token, expires_in: RESET_TOKEN_TTL_SECONDS };
}

const invalidResetToken = () =>
  new AppError('reset_token_invalid', { status: 400, attr: 'reset_token' });

export async function resetPassword(deps: AuthDeps, input: PasswordResetRequest): Promise<void> {
  const now = new Date();
  const tokenHash = sha256(input.reset_token);
  const valid = and(
    eq(resetTokens.token_hash, tokenHash),
    isNull(resetTokens.used_at),
    gt(resetTokens.expires_at, now),
  );
  const [token] = await deps.db.select().from(resetTokens).where(valid).limit(1);
  const user = token ? await findUserById(deps.db, token.user_id) : null;
  if (!token || !user) throw invalidResetToken();
  checkNewPassword(input.password, user.email, 'password');
  const passwordHash = await hashPassword(input.password);

  await deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(resetTokens)
      .set({ used_at: now })
      .where(valid)
      .returning({ id: resetTokens.id });
    if (!used) throw invalidResetToken();
    // Proving the mailbox also verifies it.
    await tx
      .update(users)
      .set({
        password_hash: passwordHash,
        password_changed_at: now,
        is_verified: true,
        updated_at: now,
      })
      .where(eq(users.id, user.id));
    await revokeAllSessions(tx as unknown as Db, user.id, now);
  });
}

export async function changePassword(
  deps: AuthDeps,
  userId: string,
  input: PasswordChangeRequest,
  context: RequestContext,
): Promise<AuthTokens> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('not_authenticated', { status: 401 });
  if (!(await verifyPassword(user.password_hash, input.old_password))) {
    throw new AppError('old_password_incorrect', {
      status: 400,
      attr: 'old_password',
      type: 'validation_error',
    });
  }
  checkNewPassword(input.new_password, user.email, 'new_password');
  const now = new Date();
  const passwordHash = await hashPassword(input.new_password);
  const [updated] = await deps.db
    .update(users)
    .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
    .where(eq(users.id, user.id))
    .returning();
  await revokeAllSessions(deps.db, user.id, now);
  return signedIn(deps, updated ?? user, context);
}
