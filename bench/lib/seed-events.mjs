// Fills a migrated Hafla database with published events for the read benchmark, set-based: a
// handful of INSERT … SELECT statements over generate_series, never one round trip per row. The
// migration's triggers fill search_document, the date span and the price range, as they would for
// events created through the API. random() is seeded, so every run builds the same data.

// [name_en, name_ar, latitude, longitude, time zone, currency]: cities the seeded currencies cover.
const CITIES = [
  ['Riyadh', 'الرياض', 24.7136, 46.6753, 'Asia/Riyadh', 'SAR'],
  ['Jeddah', 'جدة', 21.5433, 39.1728, 'Asia/Riyadh', 'SAR'],
  ['Dammam', 'الدمام', 26.4207, 50.0888, 'Asia/Riyadh', 'SAR'],
  ['Sharjah', 'الشارقة', 25.3463, 55.4209, 'Asia/Dubai', 'AED'],
  ['Dubai', 'دبي', 25.2048, 55.2708, 'Asia/Dubai', 'AED'],
  ['Abu Dhabi', 'أبوظبي', 24.4539, 54.3773, 'Asia/Dubai', 'AED'],
  ['Kuwait City', 'مدينة الكويت', 29.3759, 47.9774, 'Asia/Kuwait', 'KWD'],
  ['Cairo', 'القاهرة', 30.0444, 31.2357, 'Africa/Cairo', 'EGP'],
  ['Alexandria', 'الإسكندرية', 31.2001, 29.9187, 'Africa/Cairo', 'EGP'],
];

// Word lists as comma-separated text: compact, and a multi-word entry stays one entry.
const list = (text) => text.trim().split(/\s*,\s*/);

const EN = {
  adjectives: list(`
    Summer, Winter, Spring, Grand, Open, Live, Classic, Modern, Family, Midnight, Weekend,
    International, Annual, Royal, Desert, Coastal, Urban, Indie, Global, Young`),
  topics: list(`
    Jazz, Comedy, Startup, Coding, Coffee, Poetry, Football, Yoga, Design, Film, Chess,
    Photography, Robotics, Calligraphy, Fashion, Food, Opera, Theatre, Marathon, Gaming,
    Science, Book, Padel, Oud, Cooking, Pottery, Astronomy, Heritage, Wellness, Music`),
  kinds: list(`
    Night, Festival, Conference, Workshop, Meetup, Show, Concert, Exhibition, Summit,
    Tournament, Market, Tour, Masterclass, Gala, Fair`),
  words: list(`
    join, us, for, an, evening, of, live, music, and, good, company, with, local, artists,
    friends, families, students, experts, talks, panels, hands, on, sessions, food, trucks,
    coffee, tea, dates, tickets, include, seating, parking, doors, open, early, bring, your,
    camera, kids, welcome, free, drinks, outdoor, indoor, stage, venue, city, night, weekend,
    festival, workshop, beginners, advanced, learn, meet, share, celebrate, discover, explore,
    create, play, watch, listen, taste, dance, jazz, comedy, theatre, football, yoga, design,
    film, poetry, books, science, heritage, art, photography, gaming, startup`),
  venues: list(`
    Hall, Arena, Theatre, Park, Gallery, Centre, Garden, Studio`),
};

const AR = {
  kinds: list(`
    حفلة, مهرجان, مؤتمر, ورشة, لقاء, عرض, أمسية, معرض, قمة, بطولة, سوق, جولة, دورة`),
  topics: list(`
    الجاز, الكوميديا, ريادة الأعمال, البرمجة, القهوة, الشعر, كرة القدم, اليوغا, التصميم,
    الأفلام, الشطرنج, التصوير, الروبوتات, الخط العربي, الأزياء, الطعام, الأوبرا, المسرح,
    الماراثون, الألعاب, العلوم, الكتاب, البادل, العود, الطبخ, الفخار, الفلك, التراث, العافية,
    الموسيقى`),
  adjectives: list(`
    الكبير, المفتوح, الحي, الكلاسيكي, الحديث, العائلي, السنوي, الدولي, الملكي, الصيفي, الشتوي,
    الأول, الخاص, الشبابي`),
  words: list(`
    انضموا, إلينا, في, أمسية, من, الموسيقى, الحية, مع, فنانين, محليين, والأصدقاء, للعائلات,
    والطلاب, خبراء, محاضرات, جلسات, تطبيقية, طعام, قهوة, شاي, تمر, التذاكر, تشمل, المقاعد,
    مواقف, السيارات, الأبواب, تفتح, مبكرا, أحضروا, الكاميرا, الأطفال, مرحب, بهم, مشروبات,
    مجانية, في, الهواء, الطلق, المسرح, المدينة, الليلة, عطلة, نهاية, الأسبوع, مهرجان, ورشة,
    للمبتدئين, تعلم, تعرف, شارك, احتفل, اكتشف, استمتع, العب, شاهد, استمع, تذوق, الجاز,
    الكوميديا, كرة, القدم, التصميم, الأفلام, الشعر, الكتب, العلوم, التراث, الفن, التصوير`),
  venues: list(`
    قاعة, ساحة, مسرح, حديقة, معرض, مركز, استوديو`),
};

const ORGANIZER_WORDS_EN = list(`Nova, Oasis, Falcon, Palm, Crescent, Dune, Pearl`);
const ORGANIZER_WORDS_AR = list(`نور, واحة, صقر, نخلة, هلال, كثبان, لؤلؤة`);

/**
 * Adds `organizers` organizers, `attendees` attendees (with follows and wishlists, so "popular"
 * means something) and `events` published events, each with 1–5 future time slots and 1–3 ticket
 * categories; then VACUUM FULL, VACUUM ANALYZE and a CHECKPOINT. Returns row counts and how long it took.
 */
export async function seedEvents(
  client,
  { events, organizers = 60, attendees = 200, seed = 0.42 },
) {
  const started = performance.now();
  await client.query('BEGIN');
  await client.query('SELECT setseed($1)', [seed]);
  await client.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, user_type, organization_name,
                        bio, language, is_verified, is_profile_complete)
     SELECT 'bench-organizer-' || lpad(g::text, 4, '0') || '@hafla.test', '!bench-no-login',
            CASE WHEN g % 3 = 0 THEN 'سارة' ELSE 'Sam' END, 'Organizer ' || g, 'organizer',
            CASE WHEN g % 3 = 0 THEN ($2::text[])[1 + g % cardinality($2::text[])] || ' للفعاليات ' || g
                 ELSE ($1::text[])[1 + g % cardinality($1::text[])] || ' Events ' || g END,
            'Events since ' || (2010 + g % 15), CASE WHEN g % 3 = 0 THEN 'ar' ELSE 'en' END,
            true, true
     FROM generate_series(1, $3::int) g`,
    [ORGANIZER_WORDS_EN, ORGANIZER_WORDS_AR, organizers],
  );
  await client.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, user_type, language,
                        is_verified, is_profile_complete)
     SELECT 'bench-attendee-' || lpad(g::text, 5, '0') || '@hafla.test', '!bench-no-login',
            'Attendee', g::text, 'attendee', 'en', true, true
     FROM generate_series(1, $1::int) g`,
    [attendees],
  );

  // One row per event with its random choices drawn once (random() in a CTE's select list is
  // per row), then the columns built from them.
  const pick = (words, draw) =>
    `(${words}::text[])[1 + floor(${draw} * cardinality(${words}::text[]))::int]`;
  const city = (field) => `($8::jsonb -> (p.city - 1) ->> ${field})`;
  await client.query(
    `WITH organizer_ids AS (
       SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE email LIKE 'bench-organizer-%'),
     category_ids AS (SELECT array_agg(id ORDER BY id) AS ids FROM categories),
     place_type_ids AS (
       SELECT array_agg(id ORDER BY id) AS ids FROM event_types WHERE slug <> 'online'),
     online_type AS (SELECT id FROM event_types WHERE slug = 'online'),
     picks AS (
       SELECT g, random() < 0.4 AS arabic, random() < 0.1 AS online,
              1 + floor(random() * $1::int)::int AS city,
              random() AS organizer, random() AS category, random() AS type,
              (random() - 0.5) * 0.3 AS lat_jitter, (random() - 0.5) * 0.3 AS lng_jitter,
              random() AS w1, random() AS w2, random() AS w3, random() AS venue
       FROM generate_series(1, $2::int) g)
     INSERT INTO events (organizer_id, title, description, category_id, event_type_id, venue_name,
                         address, latitude, longitude, is_online, online_url, timezone, currency,
                         requires_approval, status, is_featured, published_at)
     SELECT o.ids[1 + floor(p.organizer * cardinality(o.ids))::int],
            CASE WHEN p.arabic
              THEN ${pick('$9', 'p.w1')} || ' ' || ${pick('$10', 'p.w2')} || ' ' || ${pick('$11', 'p.w3')}
              ELSE ${pick('$3', 'p.w1')} || ' ' || ${pick('$4', 'p.w2')} || ' ' || ${pick('$5', 'p.w3')}
            END,
            -- Correlated through p, so the words are drawn again for every event.
            array_to_string(ARRAY(
              SELECT CASE WHEN p.arabic THEN ${pick('$12', 'random()')} ELSE ${pick('$6', 'random()')} END
              FROM generate_series(1, 20 + p.g % 21)), ' '),
            c.ids[1 + floor(p.category * cardinality(c.ids))::int],
            CASE WHEN p.online THEN ot.id
                 ELSE pt.ids[1 + floor(p.type * cardinality(pt.ids))::int] END,
            CASE WHEN p.online THEN ''
                 WHEN p.arabic THEN ${pick('$13', 'p.venue')} || ' ' || ${city(1)}
                 ELSE ${city(0)} || ' ' || ${pick('$7', 'p.venue')} END,
            CASE WHEN p.online THEN ''
                 WHEN p.arabic THEN 'شارع ' || (p.g % 90 + 1) || '، ' || ${city(1)}
                 ELSE (p.g % 90 + 1) || ' Main Street, ' || ${city(0)} END,
            CASE WHEN NOT p.online
                 THEN round((${city(2)}::float8 + p.lat_jitter)::numeric, 5)::float8 END,
            CASE WHEN NOT p.online
                 THEN round((${city(3)}::float8 + p.lng_jitter)::numeric, 5)::float8 END,
            p.online,
            CASE WHEN p.online THEN 'https://meet.example.com/hafla-' || p.g END,
            ${city(4)}, ${city(5)},
            p.g % 17 = 0, 'published', p.g % 97 = 0,
            now() - (p.g % 60) * interval '1 day'
     FROM picks p, organizer_ids o, category_ids c, place_type_ids pt, online_type ot
     ORDER BY p.g`,
    [
      CITIES.length,
      events,
      EN.adjectives,
      EN.topics,
      EN.kinds,
      EN.words,
      EN.venues,
      JSON.stringify(CITIES),
      AR.kinds,
      AR.topics,
      AR.adjectives,
      AR.words,
      AR.venues,
    ],
  );

  // 1–5 daily slots per event starting 1–120 days ahead, three hours each from 13:00–18:00 UTC.
  await client.query(
    `WITH plan AS (
       SELECT id, 1 + floor(random() * 5)::int AS slots,
              date_trunc('day', now()) + (1 + floor(random() * 120)::int) * interval '1 day'
                + (13 + floor(random() * 6)::int) * interval '1 hour' AS first_start
       FROM events WHERE organizer_id IN (
         SELECT id FROM users WHERE email LIKE 'bench-organizer-%'))
     INSERT INTO event_dates (event_id, start_at, end_at)
     SELECT plan.id, plan.first_start + k * interval '1 day',
            plan.first_start + k * interval '1 day' + interval '3 hours'
     FROM plan CROSS JOIN LATERAL generate_series(0, plan.slots - 1) k`,
  );

  // 1–3 ticket categories; about one event in seven is free (one category at 0).
  await client.query(
    `WITH plan AS (
       SELECT id, random() < 0.15 AS free, 1 + floor(random() * 3)::int AS tiers,
              (5 + floor(random() * 60)::int) * 500 AS base_price
       FROM events WHERE organizer_id IN (
         SELECT id FROM users WHERE email LIKE 'bench-organizer-%'))
     INSERT INTO ticket_categories (event_id, name, description, price, quantity, position)
     SELECT plan.id, (ARRAY['General', 'Premium', 'VIP'])[k],
            (ARRAY['Standard entry', 'Better seats', 'Front rows and lounge'])[k],
            CASE WHEN plan.free THEN 0 ELSE plan.base_price * k END,
            (ARRAY[300, 100, 30])[k], k - 1
     FROM plan CROSS JOIN LATERAL generate_series(1, CASE WHEN plan.free THEN 1 ELSE plan.tiers END) k`,
  );

  // Popularity: each attendee wishlists ~20 events (skewed toward low ids) and follows ~4 organizers.
  await client.query(
    `INSERT INTO wishlist_items (user_id, event_id)
     SELECT DISTINCT a.id, e.ids[1 + floor(power(random(), 3) * cardinality(e.ids))::int]
     FROM (SELECT id FROM users WHERE email LIKE 'bench-attendee-%') a
     CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM events WHERE status = 'published') e
     CROSS JOIN generate_series(1, 20)
     ON CONFLICT DO NOTHING`,
  );
  await client.query(
    `INSERT INTO follows (follower_id, organizer_id)
     SELECT DISTINCT a.id, o.ids[1 + floor(power(random(), 2) * cardinality(o.ids))::int]
     FROM (SELECT id FROM users WHERE email LIKE 'bench-attendee-%') a
     CROSS JOIN (SELECT array_agg(id ORDER BY email) AS ids FROM users
                 WHERE email LIKE 'bench-organizer-%') o
     CROSS JOIN generate_series(1, 4)
     ON CONFLICT DO NOTHING`,
  );
  await client.query('COMMIT');
  // The derived-column triggers rewrite every new event row twice, so a bulk load leaves the table
  // and its indexes three times their size. Events created one by one over months would have
  // reused that space; VACUUM FULL gives that compact table, and a plain VACUUM then sets the
  // visibility map (as autovacuum would have) so index-only scans stay index-only.
  await client.query('VACUUM (FULL)');
  await client.query('VACUUM (ANALYZE)');
  // The load wrote hundreds of megabytes at 100,000 events: written out now, not by the
  // checkpointer during the first scenarios.
  await client.query('CHECKPOINT');

  const { rows } = await client.query(
    `SELECT (SELECT count(*) FROM events WHERE status = 'published')::int AS events,
            (SELECT count(*) FROM event_dates)::int AS event_dates,
            (SELECT count(*) FROM ticket_categories)::int AS ticket_categories,
            (SELECT count(*) FROM wishlist_items)::int AS wishlist_items,
            (SELECT count(*) FROM follows)::int AS follows,
            (SELECT count(*) FROM events WHERE search_document IS NULL
                OR first_start_at IS NULL OR min_price IS NULL)::int AS incomplete`,
  );
  return { ...rows[0], seconds: (performance.now() - started) / 1000 };
}
