import { randomUUID } from 'node:crypto';
import type { OtpPurpose } from '@hafla/shared/auth/requests';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { otpCodes, users } from '../../db/schema/accounts';
import type { CodeMailParams } from '../mail/code-mails';
import { queueMailsStatement } from '../mail/outbox';
import { hashOtp, newOtp } from '../../lib/secrets';
import { OTP_TTL_SECONDS, otpScope } from './otp';

/**
 * Issues a fresh one-time code (any earlier one stops working, as `issueOtp`) and queues its
 * email, in one statement. Given no account — an address nobody registered, or one that needs no
 * code — the same statement runs and matches no row, so the answer takes the same round trip
 * either way. What still differs is the commit's flush of the writes (about 3 ms on PostgreSQL
 * here; the two-transaction code before had it too) — see decision 0009.
 */
export async function issueOtpMail(
  db: Db,
  secret: string,
  user: { id: string; language: string } | null,
  purpose: OtpPurpose,
  now = new Date(),
): Promise<void> {
  const userId = user?.id ?? randomUUID();
  const code = newOtp();
  const params: CodeMailParams = { code, minutes: OTP_TTL_SECONDS / 60 };
  const language = user?.language === 'ar' ? 'ar' : 'en';
  const expires = new Date(now.getTime() + OTP_TTL_SECONDS * 1000);
  await db.execute(sql`
    with target as (
      select id, email from ${users} where id = ${userId}::uuid
    ), retired as (
      update ${otpCodes} set consumed_at = ${now.toISOString()}::timestamptz
       where user_id in (select id from target) and purpose = ${purpose} and consumed_at is null
    ), issued as (
      insert into ${otpCodes} (user_id, purpose, code_hash, expires_at, created_at)
      select id, ${purpose}, ${hashOtp(secret, otpScope(userId, purpose), code)},
             ${expires.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from target
    )
    ${queueMailsStatement(
      purpose,
      sql`select email, ${language}, ${JSON.stringify(params)}::jsonb from target`,
      OTP_TTL_SECONDS,
    )}`);
}
