// What an on-sale rush needs in a migrated Hafla database, inserted by SQL: thousands of buyers
// whose ids follow from a number (so pgbench can name one without a lookup) with access tokens
// signed like the API's (HS256 under the JWT secret the API is given), and published events
// whose slots each serve one run, so every run starts from an empty inventory row.
import { createHmac } from 'node:crypto';

/** The id of buyer number `n` (1-based), as SQL computes it too (BUYER_ID_SQL). */
export const buyerId = (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
/** The same id in SQL, of an integer expression. */
export const buyerIdSql = (expression) =>
  `('00000000-0000-4000-8000-' || lpad(to_hex(${expression}), 12, '0'))::uuid`;

const base64url = (value) => Buffer.from(value).toString('base64url');

/**
 * An access token as apps/api/src/lib/tokens.ts signs one (issuer hafla, audience hafla-api,
 * typ access), valid for `ttlSeconds`, so a run's requests carry real tokens the API verifies.
 */
export function accessToken(secret, userId, ttlSeconds, now = Date.now(), roles = ['attendee']) {
  const issuedAt = Math.floor(now / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256' }));
  const payload = base64url(
    JSON.stringify({
      roles,
      typ: 'access',
      sub: userId,
      iss: 'hafla',
      aud: 'hafla-api',
      iat: issuedAt,
      exp: issuedAt + ttlSeconds,
    }),
  );
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Inserts `count` attendees numbered 1…count (ids from buyerId). */
export async function insertBuyers(client, count) {
  await client.query(
    `INSERT INTO users (id, email, password_hash, first_name, last_name, user_type, language,
                        is_verified, is_profile_complete)
     SELECT ${buyerIdSql('g')}, 'rush-buyer-' || g || '@hafla.test', '!bench-no-login',
            'Buyer', g::text, 'attendee', 'en', true, true
     FROM generate_series(1, $1::int) g`,
    [count],
  );
}

/**
 * A published event with `categories` ticket categories of `quantity` each (price 100.00 SAR,
 * up to 10 per order) and one future slot per name in `slots`. Answers
 * `{ id, categories: [ids in order], slots: { name: id } }`.
 */
export async function insertEvent(client, { title, categories, quantity, slots }) {
  const {
    rows: [event],
  } = await client.query(
    `INSERT INTO events (organizer_id, title, description, category_id, event_type_id, venue_name,
                         address, latitude, longitude, timezone, currency, status, published_at)
     SELECT (SELECT id FROM users WHERE email = 'rush-organizer@hafla.test'), $1,
            'An on-sale rush', (SELECT min(id) FROM categories),
            (SELECT min(id) FROM event_types WHERE slug <> 'online'), 'Rush Arena',
            '1 Main Street, Riyadh', 24.7136, 46.6753, 'Asia/Riyadh', 'SAR', 'published', now()
     RETURNING id`,
    [title],
  );
  const { rows: categoryRows } = await client.query(
    `INSERT INTO ticket_categories (event_id, name, price, quantity, max_per_order, position)
     SELECT $1, 'Tier ' || k, 10000, $2, 10, k - 1 FROM generate_series(1, $3::int) k
     RETURNING id`,
    [event.id, quantity, categories],
  );
  const { rows: slotRows } = await client.query(
    `INSERT INTO event_dates (event_id, start_at, end_at)
     SELECT $1, date_trunc('day', now()) + interval '30 days' + k * interval '4 hours',
            date_trunc('day', now()) + interval '30 days' + k * interval '4 hours' + interval '3 hours'
     FROM generate_series(0, $2::int - 1) k
     ORDER BY k
     RETURNING id`,
    [event.id, slots.length],
  );
  return {
    id: event.id,
    categories: categoryRows.map((row) => row.id).sort((a, b) => a - b),
    slots: Object.fromEntries(
      slots.map((name, index) => [
        name,
        slotRows.map((row) => row.id).sort((a, b) => a - b)[index],
      ]),
    ),
  };
}

/** The organizer of the rush events. */
export async function insertOrganizer(client) {
  await client.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, user_type, organization_name,
                        language, is_verified, is_profile_complete)
     VALUES ('rush-organizer@hafla.test', '!bench-no-login', 'Rush', 'Organizer', 'organizer',
             'Rush Events', 'en', true, true)`,
  );
}

/**
 * Platform settings for the run, over what the seed stored: more open holds per buyer than a
 * real buyer gets (a buyer books in several runs) and holds that outlast the run (so the sweep
 * releases nothing while it is measured).
 */
export async function setPlatformSettings(client, changes) {
  await client.query(
    `UPDATE app_settings SET value = value || $1::jsonb, updated_at = now() WHERE key = 'platform'`,
    [JSON.stringify(changes)],
  );
  const { rowCount } = await client.query(`SELECT 1 FROM app_settings WHERE key = 'platform'`);
  if (rowCount === 0) {
    await client.query(`INSERT INTO app_settings (key, value) VALUES ('platform', $1::jsonb)`, [
      JSON.stringify(changes),
    ]);
  }
}
