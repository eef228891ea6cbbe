import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { OtpPurpose } from '@hafla/shared/auth/requests';
import type { Db } from '../../db/client';
import { otpCodes } from '../../db/schema/accounts';
import { AppError } from '../../lib/app-error';
import { hashOtp, newOtp } from '../../lib/secrets';

export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;

export const otpScope = (userId: string, purpose: OtpPurpose) => `${purpose}:${userId}`;

/** Creates a fresh code for the user and purpose; any earlier one stops working. */
export async function issueOtp(
  db: Db,
  secret: string,
  userId: string,
  purpose: OtpPurpose,
  now = new Date(),
): Promise<string> {
  const code = newOtp();
  await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ consumed_at: now })
      .where(
        and(
          eq(otpCodes.user_id, userId),
          eq(otpCodes.purpose, purpose),
          isNull(otpCodes.consumed_at),
        ),
      );
    await tx.insert(otpCodes).values({
      user_id: userId,
      purpose,
      code_hash: hashOtp(secret, otpScope(userId, purpose), code),
      expires_at: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      created_at: now,
    });
  });
  return code;
}

const otpError = (code: string, params: Record<string, number> = {}) =>
  new AppError(code, { status: 400, attr: 'otp', params });

/**
 * Accepts the latest code once: wrong codes count towards the limit (then a new code is
 * needed), expired or used codes are refused. A wrong or locked code's error says how many tries
 * the code has left (`remaining_attempts`, in the envelope's item and its detail). Every step is one conditional UPDATE, so two
 * concurrent tries cannot both succeed or both escape the count.
 */
export async function consumeOtp(
  db: Db,
  secret: string,
  userId: string,
  purpose: OtpPurpose,
  otp: string,
  now = new Date(),
): Promise<void> {
  const [latest] = await db
    .select()
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.user_id, userId),
        eq(otpCodes.purpose, purpose),
        isNull(otpCodes.consumed_at),
      ),
    )
    .orderBy(desc(otpCodes.created_at))
    .limit(1);
  if (!latest) throw otpError('otp_invalid');
  if (latest.attempts >= OTP_MAX_ATTEMPTS) throw otpError('otp_locked', { remaining_attempts: 0 });
  if (latest.expires_at.getTime() <= now.getTime()) throw otpError('otp_expired');

  const expected = Buffer.from(latest.code_hash, 'hex');
  const given = Buffer.from(hashOtp(secret, otpScope(userId, purpose), otp), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const [counted] = await db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(eq(otpCodes.id, latest.id))
      .returning({ attempts: otpCodes.attempts });
    const attempts = counted?.attempts ?? OTP_MAX_ATTEMPTS;
    if (attempts >= OTP_MAX_ATTEMPTS) throw otpError('otp_locked', { remaining_attempts: 0 });
    throw otpError('otp_invalid', { remaining_attempts: OTP_MAX_ATTEMPTS - attempts });
  }
  const [consumed] = await db
    .update(otpCodes)
    .set({ consumed_at: now })
    .where(
      and(
        eq(otpCodes.id, latest.id),
        isNull(otpCodes.consumed_at),
        sql`${otpCodes.attempts} < ${OTP_MAX_ATTEMPTS}`,
      ),
    )
    .returning({ id: otpCodes.id });
  if (!consumed) throw otpError('otp_invalid');
}
