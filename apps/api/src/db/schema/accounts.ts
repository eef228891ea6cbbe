import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored trimmed and lower-cased; unique. */
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    first_name: text('first_name').notNull().default(''),
    last_name: text('last_name').notNull().default(''),
    phone: text('phone'),
    user_type: text('user_type').notNull().default('attendee'),
    organization_name: text('organization_name'),
    bio: text('bio'),
    language: text('language').notNull().default('en'),
    avatar_key: text('avatar_key'),
    is_verified: boolean('is_verified').notNull().default(false),
    is_profile_complete: boolean('is_profile_complete').notNull().default(false),
    is_admin: boolean('is_admin').notNull().default(false),
    password_changed_at: timestamp('password_changed_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    /**
     * Access tokens carry the version they were issued under (`sv`): it goes up when the roles
     * change and when every session ends, and tokens below `sessions_valid_from` are refused
     * (decision 0008).
     */
    session_version: integer('session_version').notNull().default(0),
    sessions_valid_from: integer('sessions_valid_from').notNull().default(0),
    /** When the version last went up; each process loads the changes of the last access-token lifetime. */
    session_changed_at: timestamp('session_changed_at', { withTimezone: true }),
    /** Set by an admin: every session ended, and no sign-in until reinstated. */
    suspended_at: timestamp('suspended_at', { withTimezone: true }),
    suspension_reason: text('suspension_reason'),
    created_at: createdAt,
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_session_changed_idx')
      .on(table.session_changed_at)
      .where(sql`${table.session_changed_at} is not null`),
    check('users_email_normalised', sql`${table.email} = lower(btrim(${table.email}))`),
    check('users_user_type_check', sql`${table.user_type} in ('attendee', 'organizer')`),
    check('users_language_check', sql`${table.language} in ('en', 'ar')`),
  ],
);

/** One-time codes for email verification and password reset; only the HMAC is kept. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    code_hash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    created_at: createdAt,
  },
  (table) => [
    index('otp_codes_user_purpose_idx').on(table.user_id, table.purpose, table.created_at),
    check('otp_codes_purpose_check', sql`${table.purpose} in ('verify_email', 'reset_password')`),
  ],
);

/**
 * Opaque refresh tokens, stored as SHA-256. Each use replaces the token with the next of the
 * same family (an HMAC of the one presented, so a retry within the grace interval finds the same
 * successor); presenting a replaced token again after that revokes the family. A family is one
 * sign-in, the `sid` of its access tokens.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family_id: uuid('family_id').notNull(),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    replaced_at: timestamp('replaced_at', { withTimezone: true }),
    user_agent: text('user_agent'),
    created_at: createdAt,
  },
  (table) => [
    uniqueIndex('refresh_tokens_hash_unique').on(table.token_hash),
    index('refresh_tokens_family_idx').on(table.family_id),
    index('refresh_tokens_user_idx').on(table.user_id),
    // Each process loads the families revoked during the last access-token lifetime.
    index('refresh_tokens_revoked_idx')
      .on(table.revoked_at)
      .where(sql`${table.revoked_at} is not null`),
  ],
);

/** Short-lived, single-use tokens handed out after a password-reset code is verified. */
export const resetTokens = pgTable(
  'reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt,
  },
  (table) => [uniqueIndex('reset_tokens_hash_unique').on(table.token_hash)],
);

/** Fixed-window counters shared by every API process (per-email limits, resend spacing). */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').notNull(),
    window_start: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.window_start] })],
);

/** When a code was last sent to an address (known or not), so resends are spaced everywhere alike. */
export const codeSendSpacing = pgTable('code_send_spacing', {
  key: text('key').primaryKey(),
  last_sent_at: timestamp('last_sent_at', { withTimezone: true }).notNull(),
});
