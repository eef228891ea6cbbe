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
import type { MailWorker } from '../mail/mail-worker';
import { translate } from '../../lib/messages';
import {
  burnPasswordCheck,
  findPasswordProblem,
  hashPassword,
  verifyPassword,
} from '../../lib/password';
import {
  countRateHit,
  hitRateCounter,
  readRateCounter,
  spaceSends,
} from '../rate-limits/rate-counter';
import { newOpaqueToken, sha256 } from '../../lib/secrets';
import type { SessionChange, SessionState } from '../../lib/session-state';
import type { FileStorage } from '../../lib/storage';
import type { AccessClaims } from '../../lib/tokens';
import { queueAccountExistsMail } from './account-exists-mail';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS, consumeOtp } from './otp';
import { issueOtpMail } from './otp-mail';
import { changeRoles, endAllSessions, endFamilies } from './session-changes';
import {
  endSession,
  renewSession,
  rotateSession,
  startSession,
  type SessionKeys,
  type SessionTokens,
} from './sessions';
import { findUserByEmail, findUserById, rolesOf, toUser, type UserRow } from './users';

export const RESET_TOKEN_TTL_SECONDS = 15 * 60;
const LOGIN_FAILURES = { limit: 10, seconds: 15 * 60 };
const CODES_PER_HOUR = { limit: 10, seconds: 60 * 60 };

export interface AuthDeps {
  db: Db;
  /** The server secret (one-time codes are kept as its HMAC). */
  secret: string;
  keys: SessionKeys;
  /** Poked after a code is queued, so it goes out at once. */
  mailer: Pick<MailWorker, 'poke'>;
  storage: FileStorage;
  /** This process's view of ended sessions: changes are applied here as soon as they commit. */
  sessions: SessionState;
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

/** Applies changes that just committed to this process's view (NOTIFY brings them too, later). */
function applyHere(deps: AuthDeps, changes: Array<SessionChange | null>): void {
  for (const change of changes) if (change) deps.sessions.apply(change);
}

/** A suspended account is refused every way in, told why (after its password was checked). */
export function refuseSuspended(user: Pick<UserRow, 'suspended_at' | 'suspension_reason'>): void {
  if (!user.suspended_at) return;
  throw new AppError('account_suspended', {
    status: 403,
    params: user.suspension_reason ? { reason: user.suspension_reason } : {},
  });
}

async function signedIn(
  deps: AuthDeps,
  user: UserRow,
  context: RequestContext,
): Promise<AuthTokens> {
  refuseSuspended(user);
  const tokens = await startSession(deps.db, deps.keys, user, context.userAgent);
  return { ...tokens, user: toUser(user, deps.storage) };
}

/**
 * The answer, its status and the work done for it are the same whether or not the address has
 * an account: the password is hashed, codes are throttled, one insert (that may do nothing), one
 * read, and the same two mail statements, each of which may match no row. A new or never
 * verified account is queued a code; a verified one's owner is warned instead.
 */
export async function register(
  deps: AuthDeps,
  input: RegisterRequest,
  context: RequestContext,
): Promise<OtpSent> {
  checkNewPassword(input.password, input.email, 'password');
  const passwordHash = await hashPassword(input.password);
  await throttleCodes(deps, input.email, 'verify_email');
  await deps.db
    .insert(users)
    .values({ email: input.email, password_hash: passwordHash, language: context.language })
    .onConflictDoNothing({ target: users.email });
  const user = await findUserByEmail(deps.db, input.email);
  await issueOtpMail(deps.db, deps.secret, user && !user.is_verified ? user : null, 'verify_email');
  await queueAccountExistsMail(deps.db, user?.id ?? null);
  deps.mailer.poke();
  return otpSent(context.language, input.email);
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

/**
 * Becoming an organizer (or no longer one) changes the roles: the session the user holds acts
 * with the new ones at once, so their next call may create an event.
 */
export async function completeRegistration(
  deps: AuthDeps,
  userId: string,
  input: CompleteRegistrationRequest,
): Promise<User> {
  const isOrganizer = input.user_type === 'organizer';
  const now = new Date();
  const { user, change } = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ user_type: users.user_type, is_admin: users.is_admin })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) throw new AppError('not_authenticated', { status: 401 });
    const [updated] = await tx
      .update(users)
      .set({
        first_name: input.first_name,
        last_name: input.last_name,
        phone: input.phone ?? null,
        user_type: input.user_type,
        organization_name: isOrganizer ? (input.organization_name ?? null) : null,
        bio: input.bio ?? null,
        is_profile_complete: true,
        updated_at: now,
      })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw new AppError('not_authenticated', { status: 401 });
    const isRoleChange = rolesOf(before).join() !== rolesOf(updated).join();
    return { user: updated, change: isRoleChange ? await changeRoles(tx, userId, now) : null };
  });
  applyHere(deps, [change]);
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

export async function refreshSession(
  deps: AuthDeps,
  presented: string | undefined,
  context: RequestContext,
): Promise<SessionTokens> {
  if (!presented) throw new AppError('not_authenticated', { status: 401, attr: 'refresh' });
  const rotation = await rotateSession(
    deps.db,
    deps.keys,
    presented,
    // A suspended account's tokens were revoked; this also holds if one slipped through.
    async (id) => {
      const user = await findUserById(deps.db, id);
      return user && !user.suspended_at ? user : null;
    },
    context.userAgent,
  );
  if ('tokens' in rotation) return rotation.tokens;
  applyHere(deps, rotation.ended);
  throw new AppError('token_not_valid', { status: 401, attr: 'refresh' });
}

export async function logout(deps: AuthDeps, presented: string | undefined): Promise<void> {
  if (presented) applyHere(deps, await endSession(deps.db, presented));
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

  const ended = await deps.db.transaction(async (tx) => {
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
    return endAllSessions(tx, user.id, now);
  });
  applyHere(deps, [ended]);
}

/**
 * Ends every other session at once (their access tokens too) and answers new tokens for the
 * current one, which goes on: its access token keeps working, as do other tabs sharing its cookie.
 */
export async function changePassword(
  deps: AuthDeps,
  caller: Pick<AccessClaims, 'userId' | 'sessionId'>,
  input: PasswordChangeRequest,
  context: RequestContext,
): Promise<AuthTokens> {
  const user = await findUserById(deps.db, caller.userId);
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
  const current = caller.sessionId ?? null;
  const { updated, tokens, ended } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
      .where(eq(users.id, user.id))
      .returning();
    const account = row ?? user;
    const others = await endFamilies(tx, user.id, { keep: current }, now);
    const renewed = current
      ? await renewSession(tx, deps.keys, account, current, context.userAgent, now)
      : null;
    return {
      updated: account,
      tokens: renewed ?? (await startSession(tx, deps.keys, account, context.userAgent, now)),
      ended: others,
    };
  });
  applyHere(deps, ended);
  return { ...tokens, user: toUser(updated, deps.storage) };
}
