import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WithdrawalAccount, WithdrawalAccountList } from '@hafla/shared/finance/accounts';
import { SalesChart, SalesData } from '@hafla/shared/finance/dashboard';
import { TransactionList } from '@hafla/shared/finance/transactions';
import { AdminWithdrawal, Withdrawal, WithdrawalList } from '@hafla/shared/finance/withdrawals';
import { NotificationList } from '@hafla/shared/notifications/notifications';
import { rowsOf } from '../src/lib/db-rows';
import { bookAndPay, send } from './booking-helpers';
import {
  call,
  createDraftEvent,
  createOrganizer,
  createOrganizerTestContext,
  createPublishedEvent,
  expectError,
  expectOk,
  type EventFixture,
  type OrganizerTestContext,
} from './event-helpers';
import { bearer } from './helpers';
import { accountBody, balanceOf, GOOD_IBAN, later, ledgerOf } from './finance-helpers';

let t: OrganizerTestContext;
let fixture: EventFixture;
let admin: string;
let usher: string;

beforeAll(async () => {
  t = await createOrganizerTestContext({ publishLimit: 100 });
  fixture = await createPublishedEvent(t.ctx, t.organizer.auth, {
    ticket_categories: [
      { name: 'General', price: 5000, quantity: 50 },
      { name: 'VIP', price: 20000, quantity: 10 },
    ],
  });
  admin = await bearer(t.ctx.config, { userId: t.attendee.id, roles: ['attendee', 'admin'] });
  usher = await bearer(t.ctx.config, { userId: t.attendee.id, roles: ['attendee', 'usher'] });
});
afterAll(() => t.ctx.close());

const order = (quantity: number, category = 0) => ({
  event: fixture.event.id,
  event_date: fixture.dates[0]!.id,
  items: [{ ticket_category: fixture.ticket_categories[category]!.id, quantity }],
});

/** 5% of each ticket's price is the platform's (the seed's settings). */
const net = (gross: number) => gross - Math.round(gross * 0.05);

async function totals() {
  const [row] = rowsOf<Record<string, number>>(
    await t.ctx.database.db.execute(sql`
      select (select count(*) from withdrawals)::int as withdrawals,
             (select count(*) from journal_entries)::int as entries,
             (select count(*) from withdrawal_accounts)::int as accounts`),
  );
  return row!;
}

describe('the ledger and the balance', () => {
  it('credits a sale to pending, explains it, and makes it available once the slot ended plus the hold', async () => {
    await bookAndPay(t.ctx, t.attendee.auth, order(2));
    await bookAndPay(t.ctx, t.attendee.auth, order(1, 1));
    const earned = net(5000) * 2 + net(20000);
    expect(await balanceOf(t.ctx, t.organizer.auth)).toMatchObject({
      pending: earned,
      available: 0,
      reserved: 0,
      withdrawn: 0,
    });
    expect(await ledgerOf(t.ctx, t.organizer.id, new Date())).toMatchObject({
      pending: earned,
      unbalanced: 0,
    });

    const lines = expectOk(
      await send(t.ctx, t.organizer.auth, 'GET', '/api/v1/transaction?kind=sale'),
      200,
      TransactionList,
    );
    expect(lines.count).toBe(2);
    const vip = lines.results[0]!;
    expect(vip).toMatchObject({
      kind: 'sale',
      amount: net(20000),
      state: 'pending',
      event: { id: fixture.event.id },
      explanation: { gross: 20000, discount: 0, fee: 1000, net: 19000 },
    });
    expect(vip.booking).not.toBeNull();
    expect(vip.explanation.text).toContain('SAR');
    const arabic = await t.ctx.app.inject({
      url: '/api/v1/transaction/?kind=sale&limit=1',
      headers: { authorization: t.organizer.auth, 'accept-language': 'ar' },
    });
    expect(expectOk(arabic, 200, TransactionList).results[0]!.explanation.text).toContain(
      'رسوم حفلة',
    );

    // The slot ends in 7 days and 3 hours; earnings wait 3 more days.
    const after = await later(t.ctx, 11, () => balanceOf(t.ctx, t.organizer.auth));
    expect(after).toMatchObject({ pending: 0, available: earned });
    // Another organizer has nothing.
    expect((await balanceOf(t.ctx, t.rival.auth)).available).toBe(0);
  });

  it('refuses changes to the ledger and entries that do not balance', async () => {
    await expect(
      t.ctx.database.db.execute(sql`update journal_entries set net = net + 1`),
    ).rejects.toThrow();
    await expect(t.ctx.database.db.execute(sql`delete from ledger_postings`)).rejects.toThrow();
    const [entry] = rowsOf<{ id: number }>(
      await t.ctx.database.db.execute(sql`select id from journal_entries limit 1`),
    );
    await expect(
      t.ctx.database.db
        .execute(sql`insert into ledger_postings (entry_id, account, organizer_id, currency, amount)
        values (${entry!.id}, 'platform_fees', ${t.organizer.id}::uuid, 'SAR', 5)`),
    ).rejects.toThrow();
  });

  it('filters transactions by event, kind and dates, and pages them', async () => {
    const none = expectOk(
      await send(
        t.ctx,
        t.organizer.auth,
        'GET',
        '/api/v1/transaction/?from=2001-01-01&to=2001-01-31',
      ),
      200,
      TransactionList,
    );
    expect(none.count).toBe(0);
    const paged = expectOk(
      await send(
        t.ctx,
        t.organizer.auth,
        'GET',
        `/api/v1/transaction/?event=${fixture.event.id}&limit=1`,
      ),
      200,
      TransactionList,
    );
    expect(paged.results).toHaveLength(1);
    expect(paged.next).toContain('offset=1');
    expectError(
      await send(t.ctx, t.organizer.auth, 'GET', '/api/v1/transaction/?kind=gift'),
      400,
      'invalid_choice',
      'kind',
    );
  });
});

describe('withdrawal accounts', () => {
  let account: WithdrawalAccount;

  it('validates the IBAN after reading Arabic-Indic digits and spaces, and checks the BIC', async () => {
    const before = await totals();
    expectError(
      await send(
        t.ctx,
        t.organizer.auth,
        'POST',
        '/api/v1/withdrawal-accounts/',
        accountBody({ iban: 'SA03 8000 0000 6080 1016 7518' }),
      ),
      400,
      'iban_invalid',
      'iban',
    );
    expectError(
      await send(
        t.ctx,
        t.organizer.auth,
        'POST',
        '/api/v1/withdrawal-accounts/',
        accountBody({ swift: 'NCB' }),
      ),
      400,
      'swift_invalid',
      'swift',
    );
    expect(await totals()).toEqual(before);
    account = expectOk(
      await send(
        t.ctx,
        t.organizer.auth,
        'POST',
        '/api/v1/withdrawal-accounts/',
        accountBody({ iban: 'sa03 ٨٠٠٠ ٠٠٠٠ 6080 1016 7519' }),
      ),
      201,
      WithdrawalAccount,
    );
    expect(account).toMatchObject({ iban: GOOD_IBAN, is_default: true, in_use: false });
  });

  it('keeps exactly one default', async () => {
    const second = expectOk(
      await send(
        t.ctx,
        t.organizer.auth,
        'POST',
        '/api/v1/withdrawal-accounts/',
        accountBody({ bank_name: 'SNB', is_default: true }),
      ),
      201,
      WithdrawalAccount,
    );
    expect(second.is_default).toBe(true);
    const list = expectOk(
      await send(t.ctx, t.organizer.auth, 'GET', '/api/v1/withdrawal-accounts/'),
      200,
      WithdrawalAccountList,
    );
    expect(list.results.filter((item) => item.is_default).map((item) => item.id)).toEqual([
      second.id,
    ]);
    expectError(
      await send(t.ctx, t.organizer.auth, 'PATCH', `/api/v1/withdrawal-accounts/${second.id}/`, {
        is_default: false,
      }),
      400,
      'default_required',
    );
    expectOk(
      await send(t.ctx, t.organizer.auth, 'PATCH', `/api/v1/withdrawal-accounts/${account.id}/`, {
        is_default: true,
      }),
      200,
      WithdrawalAccount,
    );
    expect(
      (await call(t.ctx, t.organizer.auth, 'DELETE', `/api/v1/withdrawal-accounts/${second.id}/`))
        .statusCode,
    ).toBe(204);
    expectError(
      await send(t.ctx, t.organizer.auth, 'GET', `/api/v1/withdrawal-accounts/${second.id}/`),
      404,
      'not_found',
    );
  });

  it('shows no one else’s accounts', async () => {
    expectError(
      await send(t.ctx, t.rival.auth, 'GET', `/api/v1/withdrawal-accounts/${account.id}/`),
      404,
      'not_found',
    );
    expectError(
      await send(t.ctx, t.rival.auth, 'PATCH', `/api/v1/withdrawal-accounts/${account.id}/`, {
        bank_name: 'x',
      }),
      404,
      'not_found',
    );
    expectError(
      await call(t.ctx, t.rival.auth, 'DELETE', `/api/v1/withdrawal-accounts/${account.id}/`),
      404,
      'not_found',
    );
    expectError(
      await send(t.ctx, t.attendee.auth, 'GET', '/api/v1/withdrawal-accounts/'),
      403,
      'permission_denied',
    );
    expectError(
      await send(t.ctx, usher, 'GET', '/api/v1/withdrawal-accounts/'),
      403,
      'permission_denied',
    );
  });
});

describe('withdrawals', () => {
  let accountId: number;
  const request = (auth: string, body: Record<string, unknown>, key?: string) =>
    send(t.ctx, auth, 'POST', '/api/v1/withdrawal/', { currency: 'SAR', note: '', ...body }, key);

  beforeAll(async () => {
    const list = expectOk(
      await send(t.ctx, t.organizer.auth, 'GET', '/api/v1/withdrawal-accounts/'),
      200,
      WithdrawalAccountList,
    );
    accountId = list.results[0]!.id;
  });

  it('refuses bad amounts, foreign accounts and other currencies, changing nothing', async () => {
    const rivalAccount = expectOk(
      await send(t.ctx, t.rival.auth, 'POST', '/api/v1/withdrawal-accounts/', accountBody()),
      201,
      WithdrawalAccount,
    );
    const before = await totals();
    await later(t.ctx, 11, async () => {
      expectError(
        await request(t.organizer.auth, { account: accountId, amount: -5 }),
        400,
        'min_value',
        'amount',
      );
      expectError(
        await request(t.organizer.auth, { account: accountId, amount: 10.5 }),
        400,
        'not_an_integer',
        'amount',
      );
      expectError(
        await request(t.organizer.auth, { account: accountId, amount: 999 }),
        400,
        'amount_below_minimum',
        'amount',
      );
      expectError(
        await request(t.organizer.auth, { account: accountId, amount: 10_000_000 }),
        400,
        'insufficient_balance',
        'amount',
      );
      expectError(
        await request(t.organizer.auth, { account: rivalAccount.id, amount: 1000 }),
        400,
        'does_not_exist',
        'account',
      );
      expectError(
        await request(t.organizer.auth, { account: accountId, amount: 1000, currency: 'KWD' }),
        400,
        'currency_mismatch',
        'currency',
      );
      expectError(
        await request(t.attendee.auth, { account: accountId, amount: 1000 }),
        403,
        'permission_denied',
      );
    });
    // Before the earnings are available, nothing can be withdrawn.
    expectError(
      await request(t.organizer.auth, { account: accountId, amount: 1000 }),
      400,
      'insufficient_balance',
      'amount',
    );
    expect(await totals()).toEqual(before);
  });

  it('reserves, edits, cancels, and goes requested → approved → paid with its history, notifying the organizer', async () => {
    const available = (await later(t.ctx, 11, () => balanceOf(t.ctx, t.organizer.auth))).available;
    const first = await later(t.ctx, 11, async () =>
      expectOk(
        await request(t.organizer.auth, { account: accountId, amount: 5000, note: 'March' }, 'w-1'),
        201,
        Withdrawal,
      ),
    );
    expect(first).toMatchObject({ status: 'requested', amount: 5000, editable: true });
    // The same key answers the same request, once.
    const again = await later(t.ctx, 11, async () =>
      expectOk(
        await request(t.organizer.auth, { account: accountId, amount: 5000, note: 'March' }, 'w-1'),
        201,
        Withdrawal,
      ),
    );
    expect(again.id).toBe(first.id);
    await later(t.ctx, 11, async () => {
      expect(await balanceOf(t.ctx, t.organizer.auth)).toMatchObject({
        available: available - 5000,
        reserved: 5000,
      });
      const edited = expectOk(
        await send(t.ctx, t.organizer.auth, 'PATCH', `/api/v1/withdrawal/${first.id}/`, {
          amount: 7000,
        }),
        200,
        Withdrawal,
      );
      expect(edited.amount).toBe(7000);
      expect(await balanceOf(t.ctx, t.organizer.auth)).toMatchObject({
        available: available - 7000,
        reserved: 7000,
      });
      expectError(
        await send(t.ctx, t.rival.auth, 'PATCH', `/api/v1/withdrawal/${first.id}/`, {
          status: 'cancelled',
        }),
        404,
        'not_found',
      );
      const cancelled = expectOk(
        await send(t.ctx, t.organizer.auth, 'PATCH', `/api/v1/withdrawal/${first.id}/`, {
          status: 'cancelled',
        }),
        200,
        Withdrawal,
      );
      expect(cancelled.history.map((step) => step.status)).toEqual(['requested', 'cancelled']);
      expect(await balanceOf(t.ctx, t.organizer.auth)).toMatchObject({ available, reserved: 0 });
      expectError(
        await send(t.ctx, t.organizer.auth, 'PATCH', `/api/v1/withdrawal/${first.id}/`, {
          amount: 2000,
        }),
        409,
        'withdrawal_not_editable',
      );
    });

    const second = await later(t.ctx, 11, async () =>
      expectOk(
        await request(t.organizer.auth, { account: accountId, amount: 4000 }),
        201,
        Withdrawal,
      ),
    );
    const review = (auth: string, body: unknown) =>
      send(t.ctx, auth, 'PATCH', `/api/v1/admin/withdrawals/${second.id}/`, body);
    expectError(await review(t.organizer.auth, { status: 'approved' }), 403, 'permission_denied');
    expectError(
      await review(admin, { status: 'paid', transfer_reference: 'TRX-1' }),
      409,
      'withdrawal_transition_invalid',
    );
    expectOk(await review(admin, { status: 'approved' }), 200, AdminWithdrawal);
    expectError(
      await send(t.ctx, t.organizer.auth, 'PATCH', `/api/v1/withdrawal/${second.id}/`, {
        note: 'x',
      }),
      409,
      'withdrawal_not_editable',
    );
    const paid = expectOk(
      await review(admin, { status: 'paid', transfer_reference: 'TRX-1' }),
      200,
      AdminWithdrawal,
    );
    expect(paid).toMatchObject({ status: 'paid', transfer_reference: 'TRX-1', editable: false });
    expect(paid.history.map((step) => [step.status, step.by])).toEqual([
      ['requested', 'organizer'],
      ['approved', 'admin'],
      ['paid', 'admin'],
    ]);
    const before = await totals();
    expectError(
      await send(t.ctx, t.organizer.auth, 'PATCH', `/api/v1/withdrawal/${second.id}/`, {
        status: 'cancelled',
      }),
      409,
      'withdrawal_not_editable',
    );
    expectError(
      await review(admin, { status: 'rejected', reason: 'late' }),
      409,
      'withdrawal_transition_invalid',
    );
    expect(await totals()).toEqual(before);
    await later(t.ctx, 11, async () => {
      expect(await balanceOf(t.ctx, t.organizer.auth)).toMatchObject({
        available: available - 4000,
        reserved: 0,
        withdrawn: 4000,
      });
      const lines = expectOk(
        await send(t.ctx, t.organizer.auth, 'GET', '/api/v1/transaction?kind=withdrawal_paid'),
        200,
        TransactionList,
      );
      expect(lines.results[0]).toMatchObject({
        kind: 'withdrawal_paid',
        withdrawal: second.id,
        amount: 0,
      });
    });

    const notices = expectOk(
      await send(t.ctx, t.organizer.auth, 'GET', '/api/v1/notifications/'),
      200,
      NotificationList,
    );
    const about = notices.results.filter((n) => n.kind === 'withdrawal_status_changed');
    expect(about.length).toBeGreaterThanOrEqual(5);
    expect(about[0]).toMatchObject({
      type: 'withdrawal',
      value: second.id,
      extra_data: { withdrawal: second.id },
    });
    expect(about[0]!.content).toContain('paid');
    const [mails] = rowsOf<{ n: number }>(
      await t.ctx.database.db
        .execute(sql`select count(*)::int as n from mail_outbox where kind = 'notification'
        and (params->>'notification')::int in (select id from notifications where kind = 'withdrawal_status_changed')`),
    );
    expect(mails!.n).toBe(about.length);
    expect(await ledgerOf(t.ctx, t.organizer.id, new Date())).toMatchObject({ unbalanced: 0 });
  });

  it('rejects with a reason, releasing the amount; lists for the organizer and for admins only', async () => {
    const third = await later(t.ctx, 11, async () =>
      expectOk(
        await request(t.organizer.auth, { account: accountId, amount: 1500 }),
        201,
        Withdrawal,
      ),
    );
    expectError(
      await call(t.ctx, t.organizer.auth, 'DELETE', `/api/v1/withdrawal-accounts/${accountId}/`),
      409,
      'account_in_use',
    );
    const rejected = expectOk(
      await send(t.ctx, admin, 'PATCH', `/api/v1/admin/withdrawals/${third.id}/`, {
        status: 'rejected',
        reason: 'Name does not match',
      }),
      200,
      AdminWithdrawal,
    );
    expect(rejected).toMatchObject({ status: 'rejected', rejection_reason: 'Name does not match' });
    expect((await balanceOf(t.ctx, t.organizer.auth)).reserved).toBe(0);
    const mine = expectOk(
      await send(t.ctx, t.organizer.auth, 'GET', '/api/v1/withdrawal/?status=rejected'),
      200,
      WithdrawalList,
    );
    expect(mine.results.map((item) => item.id)).toEqual([third.id]);
    const theirs = expectOk(
      await send(t.ctx, t.rival.auth, 'GET', '/api/v1/withdrawal/'),
      200,
      WithdrawalList,
    );
    expect(theirs.count).toBe(0);
    expectError(
      await send(t.ctx, t.organizer.auth, 'GET', '/api/v1/admin/withdrawals/'),
      403,
      'permission_denied',
    );
    const all = expectOk(
      await send(t.ctx, admin, 'GET', '/api/v1/admin/withdrawals/'),
      200,
      WithdrawalList.extend({}),
    );
    expect(all.count).toBeGreaterThanOrEqual(3);
  });
});

describe('the dashboard', () => {
  it('sums sales from the rollups for all events and for one, with page views and categories', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await t.ctx.app.inject({ url: `/api/v1/events_read/${fixture.event.id}` })).statusCode,
      ).toBe(200);
    }
    await t.ctx.app.pageViews.flush();
    // The last 30 days (by default: days of cut months), and three whole months around today.
    const now = new Date();
    const monthDay = (months: number, day: number) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, day))
        .toISOString()
        .slice(0, 10);
    const wholeMonths = `?from=${monthDay(-1, 1)}&to=${monthDay(2, 0)}`;
    for (const path of [
      '/api/v1/dashboard/sales-data/',
      `/api/v1/dashboard/sales-data/${fixture.event.id}/`,
      `/api/v1/dashboard/sales-data/${wholeMonths}`,
      `/api/v1/dashboard/sales-data/${fixture.event.id}/${wholeMonths}`,
    ]) {
      const data = expectOk(await send(t.ctx, t.organizer.auth, 'GET', path), 200, SalesData);
      expect(data).toMatchObject({
        currency: 'SAR',
        revenue: { gross: 30000, discount: 0, fees: 1500, refunded: 0, net: 28500 },
        tickets_sold: 3,
        bookings: 2,
        refunds: 0,
        page_views: 3,
      });
      expect(data.conversion).toBeCloseTo(2 / 3, 3);
      expect(data.categories.map((c) => [c.name, c.tickets_sold, c.gross])).toEqual([
        ['General', 2, 10000],
        ['VIP', 1, 20000],
      ]);
    }
    expectError(
      await send(t.ctx, t.rival.auth, 'GET', `/api/v1/dashboard/sales-data/${fixture.event.id}/`),
      404,
      'not_found',
    );
    expectError(
      await send(t.ctx, t.attendee.auth, 'GET', '/api/v1/dashboard/sales-data/'),
      403,
      'permission_denied',
    );
  });

  it('answers every bucket of the range, weeks starting Saturday in Arabic and Monday in English', async () => {
    const query = 'period=week&from=2026-01-01&to=2026-01-31&tz=Asia/Riyadh';
    const en = expectOk(
      await send(t.ctx, t.organizer.auth, 'GET', `/api/v1/dashboard/sales-chart/?${query}`),
      200,
      SalesChart,
    );
    expect(en.week_start).toBe('monday');
    // 2026-01-01 is a Thursday: the first week is clipped to it, the next starts Monday the 5th.
    expect(en.buckets.map((b) => b.start)).toEqual([
      '2026-01-01',
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
    ]);
    const ar = expectOk(
      await t.ctx.app.inject({
        url: `/api/v1/dashboard/sales-chart/?${query}`,
        headers: { authorization: t.organizer.auth, 'accept-language': 'ar' },
      }),
      200,
      SalesChart,
    );
    expect(ar.week_start).toBe('saturday');
    expect(ar.buckets.map((b) => b.start)).toEqual([
      '2026-01-01',
      '2026-01-03',
      '2026-01-10',
      '2026-01-17',
      '2026-01-24',
      '2026-01-31',
    ]);
    const days = expectOk(
      await send(t.ctx, t.organizer.auth, 'GET', '/api/v1/dashboard/sales-chart/'),
      200,
      SalesChart,
    );
    expect(days.buckets).toHaveLength(30);
    expect(days.buckets.reduce((sum, b) => sum + b.gross, 0)).toBe(30000);
    expect(days.buckets.reduce((sum, b) => sum + b.page_views, 0)).toBe(3);
    const months = expectOk(
      await send(
        t.ctx,
        t.organizer.auth,
        'GET',
        `/api/v1/dashboard/sales-chart/${fixture.event.id}/?period=month&from=2025-11-15&to=2026-02-01`,
      ),
      200,
      SalesChart,
    );
    expect(months.buckets.map((b) => [b.start, b.end])).toEqual([
      ['2025-11-15', '2025-11-30'],
      ['2025-12-01', '2025-12-31'],
      ['2026-01-01', '2026-01-31'],
      ['2026-02-01', '2026-02-01'],
    ]);
    expectError(
      await send(
        t.ctx,
        t.organizer.auth,
        'GET',
        '/api/v1/dashboard/sales-chart/?from=2026-02-01&to=2026-01-01',
      ),
      400,
      'range_invalid',
      'from',
    );
    expectError(
      await send(
        t.ctx,
        t.organizer.auth,
        'GET',
        '/api/v1/dashboard/sales-chart/?from=2020-01-01&to=2026-01-01',
      ),
      400,
      'range_too_long',
      'from',
    );
    expectError(
      await send(t.ctx, t.organizer.auth, 'GET', '/api/v1/dashboard/sales-chart/?period=year'),
      400,
      'invalid_choice',
      'period',
    );
  });

  it("counts each day in the zone asked for: the event's own days, another zone's from quarter hours; an event moved to another zone moves its days", async () => {
    const organizer = await createOrganizer(t.ctx);
    const event = await createDraftEvent(t.ctx, organizer.auth, { timezone: 'Asia/Riyadh' });
    const db = t.ctx.database.db;
    const [booking] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from bookings limit 1`),
    );
    // A refund at 22:30 UTC on 10 March, which is 01:30 on 11 March in Riyadh (UTC+3).
    await db.execute(sql`
      with entry as (
        insert into journal_entries (kind, organizer_id, currency, event_id, booking_id, gross,
                                     discount, platform_fee, net, tickets, available_at, created_at)
        values ('refund', ${organizer.id}::uuid, 'SAR', ${event.id}, ${booking!.id}, -5000, 0,
                -250, -4750, 1, now(), '2026-03-10T22:30:00Z')
        returning id)
      insert into ledger_postings (entry_id, account, organizer_id, currency, amount, available_at)
      select entry.id, p.account, ${organizer.id}::uuid, 'SAR', p.amount, p.available_at
        from entry, (values ('refunds', 5000::bigint, null::timestamptz),
                            ('organizer_pending', -4750, now()),
                            ('platform_fees', -250, null)) as p (account, amount, available_at)`);
    const refundDays = async (path: string, tz: string) => {
      const chart = expectOk(
        await send(t.ctx, organizer.auth, 'GET', `${path}?from=2026-03-09&to=2026-03-12&tz=${tz}`),
        200,
        SalesChart,
      );
      return chart.buckets
        .filter((bucket) => bucket.refunds !== 0)
        .map((bucket) => [bucket.start, bucket.refunded, bucket.refunds]);
    };
    const paths = ['/api/v1/dashboard/sales-chart/', `/api/v1/dashboard/sales-chart/${event.id}/`];
    const expectDays = async () => {
      for (const path of paths) {
        expect(await refundDays(path, 'Asia/Riyadh'), path).toEqual([['2026-03-11', 5000, 1]]);
        expect(await refundDays(path, 'UTC'), path).toEqual([['2026-03-10', 5000, 1]]);
      }
    };
    await expectDays();
    await db.execute(sql`update events set timezone = 'UTC' where id = ${event.id}`);
    await expectDays();
    const kept = rowsOf<{ zone: string; day: string; refunds: number }>(
      await db.execute(sql`
        select zone, to_char(day, 'YYYY-MM-DD') as day, refunds from organizer_daily_sales
         where organizer_id = ${organizer.id}::uuid order by zone`),
    );
    expect(kept).toEqual([
      { zone: 'Asia/Riyadh', day: '2026-03-11', refunds: 0 },
      { zone: 'UTC', day: '2026-03-10', refunds: 1 },
    ]);
  });
});
