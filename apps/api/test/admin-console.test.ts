import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLogList } from '@hafla/shared/admin/audit-log';
import {
  AdminCategory,
  AdminCategoryList,
  AdminEventType,
  AdminFaqList,
} from '@hafla/shared/admin/content';
import { AdminDashboard } from '@hafla/shared/admin/dashboard';
import { AdminEvent, AdminEventList } from '@hafla/shared/admin/events';
import { AdminProblemReport, AdminProblemReportList } from '@hafla/shared/admin/problem-reports';
import { AdminPlatformSettings } from '@hafla/shared/admin/settings';
import { AdminUser, AdminUserDetail, AdminUserList } from '@hafla/shared/admin/users';
import { AdminHomePageConfig, HomePageConfig } from '@hafla/shared/catalog/app-config';
import { CategoryList } from '@hafla/shared/catalog/categories';
import {
  AdminWithdrawal,
  AdminWithdrawalList,
  Withdrawal,
} from '@hafla/shared/finance/withdrawals';
import { NotificationList } from '@hafla/shared/notifications/notifications';
import { WithdrawalAccount } from '@hafla/shared/finance/accounts';
import { DEMO_PASSWORD } from '../src/db/seed/demo-accounts';
import { rowsOf } from '../src/lib/db-rows';
import { bookAndPay } from './booking-helpers';
import {
  call,
  createAttendee,
  createOrganizer,
  createPublishedEvent,
  expectError,
  expectOk,
  setPublishLimit,
  type Account,
} from './event-helpers';
import { accountBody, later } from './finance-helpers';
import { bearer, createTestContext, demoUserId, type TestContext } from './helpers';
import { SocketClients } from './socket-clients';

let ctx: TestContext;
let admin: Account;
let secondAdmin: Account;
let attendee: Account;
let organizer: Account;
let usher: string;
let url: string;
const clients = new SocketClients();

beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMITS: 'off' });
  await setPublishLimit(ctx, 100);
  const adminId = await demoUserId(ctx, 'admin@hafla.test');
  admin = {
    id: adminId,
    auth: await bearer(ctx.config, { userId: adminId, roles: ['attendee', 'admin'] }),
  };
  const other = await createAttendee(ctx);
  await ctx.database.db.execute(sql`update users set is_admin = true where id = ${other.id}`);
  secondAdmin = {
    id: other.id,
    auth: await bearer(ctx.config, { userId: other.id, roles: ['attendee', 'admin'] }),
  };
  attendee = await createAttendee(ctx);
  organizer = await createOrganizer(ctx);
  usher = await bearer(ctx.config, { userId: attendee.id, roles: ['attendee', 'usher'] });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The audit rows of a target, newest first. */
async function auditOf(targetType: string, targetId: string | number) {
  return expectOk(
    await call(
      ctx,
      admin.auth,
      'GET',
      `/api/v1/admin/audit-log/?target_type=${targetType}&target_id=${targetId}&limit=100`,
    ),
    200,
    AuditLogList,
  ).results;
}

async function countRows(table: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)),
  );
  return row!.n;
}

describe('every /api/v1/admin/ operation in the OpenAPI document', () => {
  it('refuses attendees, organizers and ushers with permission_denied and visitors with not_authenticated', async () => {
    const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v1/admin/'))
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map((method) => ({
            method: method.toUpperCase() as Method,
            // Any id: the guard answers before the path or the body is read.
            path: path.replace(/\{[^}]+\}/g, '1'),
          })),
      );
    // The console's routes plus the home page's and the withdrawal queue's.
    expect(operations.length).toBeGreaterThanOrEqual(35);
    const callers: Array<[string, string | null, number, string]> = [
      ['anonymous', null, 401, 'not_authenticated'],
      ['attendee', attendee.auth, 403, 'permission_denied'],
      ['organizer', organizer.auth, 403, 'permission_denied'],
      ['usher', usher, 403, 'permission_denied'],
    ];
    const before = await countRows('admin_audit_log');
    for (const { method, path } of operations) {
      for (const [who, auth, status, code] of callers) {
        const response = await call(ctx, auth, method, path, method === 'GET' ? undefined : {});
        expect(response.statusCode, `${who} ${method} ${path}`).toBe(status);
        expect(response.json(), `${who} ${method} ${path}`).toMatchObject({
          errors: [{ code }],
        });
      }
    }
    expect(await countRows('admin_audit_log')).toBe(before);
  });
});

describe('content: categories, event types, FAQ, pages', () => {
  it('creates a category in both languages, shows it to the public in each, and records it', async () => {
    const created = expectOk(
      await call(ctx, admin.auth, 'POST', '/api/v1/admin/categories/', {
        slug: 'poetry-nights',
        name_en: 'Poetry nights',
        name_ar: 'أمسيات شعرية',
        position: 0,
      }),
      201,
      AdminCategory,
    );
    expect(created).toMatchObject({ name_ar: 'أمسيات شعرية', events_count: 0, is_hidden: false });

    const inArabic = await ctx.app.inject({
      url: '/api/v1/categories/?limit=100',
      headers: { 'accept-language': 'ar' },
    });
    expect(CategoryList.parse(inArabic.json()).results.map((c) => c.name)).toContain(
      'أمسيات شعرية',
    );

    const [row] = await auditOf('category', created.id);
    expect(row).toMatchObject({
      action: 'category.create',
      actor: { id: admin.id, email: 'admin@hafla.test' },
      before: null,
      after: { slug: 'poetry-nights', name_en: 'Poetry nights' },
    });
    expect(row!.ip_address).toBeTruthy();

    // Arabic left empty: readers of Arabic see the English.
    const plain = expectOk(
      await call(ctx, admin.auth, 'POST', '/api/v1/admin/categories/', {
        slug: 'workshops-x',
        name_en: 'Workshops X',
      }),
      201,
      AdminCategory,
    );
    expect(plain.name_ar).toBe('');
    const arabicList = CategoryList.parse(
      (
        await ctx.app.inject({
          url: '/api/v1/categories/?limit=100',
          headers: { 'accept-language': 'ar' },
        })
      ).json(),
    );
    expect(arabicList.results.find((c) => c.id === plain.id)?.name).toBe('Workshops X');
  });

  it('refuses mass assignment and bad input with a 4xx envelope and changes nothing', async () => {
    const before = await countRows('categories');
    const audits = await countRows('admin_audit_log');
    const bodies: Array<[unknown, number, string, string]> = [
      [{ slug: 'x-one', name_en: 'X', id: 999 }, 400, 'unknown_field', 'id'],
      [{ slug: 'x-two', name_en: 'X', events_count: 5 }, 400, 'unknown_field', 'events_count'],
      [
        { slug: 'x-three', name_en: 'X', created_at: '2020-01-01T00:00:00Z' },
        400,
        'unknown_field',
        'created_at',
      ],
      [{ slug: 'Bad Slug', name_en: 'X' }, 400, 'invalid', 'slug'],
      [{ slug: 'x-four' }, 400, 'required', 'name_en'],
      [{ slug: 'x-five', name_en: 'X', position: -1 }, 400, 'min_value', 'position'],
      [{ slug: 'music', name_en: 'Duplicate' }, 409, 'unique', 'slug'],
    ];
    for (const [body, status, code, attr] of bodies) {
      expectError(
        await call(ctx, admin.auth, 'POST', '/api/v1/admin/categories/', body),
        status,
        code,
        attr,
      );
    }
    const [first] = expectOk(
      await call(ctx, admin.auth, 'GET', '/api/v1/admin/categories/?ordering=position&limit=1'),
      200,
      AdminCategoryList,
    ).results;
    expectError(
      await call(ctx, admin.auth, 'PATCH', `/api/v1/admin/categories/${first!.id}/`, {
        updated_at: '2020-01-01T00:00:00Z',
      }),
      400,
      'unknown_field',
      'updated_at',
    );
    expectError(
      await call(ctx, admin.auth, 'PATCH', `/api/v1/admin/categories/${first!.id}/`, {
        name_en: '',
      }),
      400,
      'min_length',
      'name_en',
    );
    expectError(
      await call(ctx, admin.auth, 'GET', '/api/v1/admin/categories/?ordering=secret'),
      400,
      'invalid_choice',
      'ordering',
    );
    expectError(
      await call(ctx, admin.auth, 'PATCH', '/api/v1/admin/app_config/platform/', {
        platform_fee_percent: 80,
      }),
      400,
      'max_value',
      'platform_fee_percent',
    );
    expectError(
      await call(ctx, admin.auth, 'PATCH', '/api/v1/admin/app_config/platform/', {
        default_currency: 'XXX',
      }),
      400,
      'unknown_field',
      'default_currency',
    );
    expect(await countRows('categories')).toBe(before);
    expect(await countRows('admin_audit_log')).toBe(audits);
    expect(
      expectOk(
        await call(ctx, admin.auth, 'GET', '/api/v1/admin/app_config/platform/'),
        200,
        AdminPlatformSettings,
      ).platform_fee_percent,
    ).toBe(5);
  });

  it('refuses to delete a category events use with category_in_use; hides it instead', async () => {
    const fixture = await createPublishedEvent(ctx, organizer.auth);
    const categoryId = fixture.event.category;
    const refused = expectError(
      await call(ctx, admin.auth, 'DELETE', `/api/v1/admin/categories/${categoryId}/`),
      409,
      'category_in_use',
    );
    expect(refused.detail).toMatch(/\d/);
    expect(
      expectOk(
        await call(ctx, admin.auth, 'GET', `/api/v1/admin/categories/${categoryId}/`),
        200,
        AdminCategory,
      ).events_count,
    ).toBeGreaterThan(0);

    const before = expectOk(
      await call(ctx, admin.auth, 'GET', `/api/v1/admin/categories/${categoryId}/`),
      200,
      AdminCategory,
    );
    const hidden = expectOk(
      await call(ctx, admin.auth, 'PATCH', `/api/v1/admin/categories/${categoryId}/`, {
        is_hidden: true,
      }),
      200,
      AdminCategory,
    );
    // An edit changes what it sends, nothing else.
    expect({ ...hidden, is_hidden: false, updated_at: before.updated_at }).toEqual(before);
    const shown = CategoryList.parse(
      (await ctx.app.inject({ url: '/api/v1/categories/?limit=100' })).json(),
    );
    expect(shown.results.map((c) => c.id)).not.toContain(categoryId);
    const [hide] = await auditOf('category', categoryId);
    expect(hide).toMatchObject({
      action: 'category.hide',
      before: { is_hidden: false },
      after: { is_hidden: true },
    });
    await call(ctx, admin.auth, 'PATCH', `/api/v1/admin/categories/${categoryId}/`, {
      is_hidden: false,
    });

    const unused = expectOk(
      await call(ctx, admin.auth, 'POST', '/api/v1/admin/event-types/', {
        slug: 'unused-type',
        name_en: 'Unused',
        name_ar: 'غير مستخدم',
      }),
      201,
      AdminEventType,
    );
    const deleted = await call(
      ctx,
      admin.auth,
      'DELETE',
      `/api/v1/admin/event-types/${unused.id}/`,
    );
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await auditOf('event_type', unused.id)).map((row) => row.action)).toEqual([
      'event_type.delete',
      'event_type.create',
    ]);
  });

  it('reorders FAQ entries and searches them in either language', async () => {
    const all = expectOk(
      await call(ctx, admin.auth, 'GET', '/api/v1/admin/faq/?limit=100'),
      200,
      AdminFaqList,
    ).results;
    expect(all.length).toBeGreaterThan(1);
    const reversed = all.map((entry) => entry.id).reverse();
    const reordered = await call(ctx, admin.auth, 'PUT', '/api/v1/admin/faq/reorder/', {
      ids: reversed,
    });
    expect(reordered.statusCode, reordered.body).toBe(204);
    const after = expectOk(
      await call(ctx, admin.auth, 'GET', '/api/v1/admin/faq/?limit=100&ordering=position'),
      200,
      AdminFaqList,
    ).results;
    expect(after.map((entry) => entry.id)).toEqual(reversed);
    expect((await auditOf('faq_entry', '*'))[0]).toMatchObject({ action: 'faq_entry.reorder' });

    expectError(
      await call(ctx, admin.auth, 'PUT', '/api/v1/admin/faq/reorder/', {
        ids: [reversed[0], reversed[0]],
      }),
      400,
      'unique',
      'ids.1',
    );
    expectError(
      await call(ctx, admin.auth, 'PUT', '/api/v1/admin/faq/reorder/', { ids: [2_000_000_000] }),
      400,
      'does_not_exist',
      'ids.0',
    );

    const arabicWord = all[0]!.question_ar.split(' ')[0]!;
    const found = expectOk(
      await call(
        ctx,
        admin.auth,
        'GET',
        `/api/v1/admin/faq/?search=${encodeURIComponent(arabicWord)}`,
      ),
      200,
      AdminFaqList,
    );
    expect(found.results.map((entry) => entry.id)).toContain(all[0]!.id);
    const none = expectOk(
      await call(ctx, admin.auth, 'GET', '/api/v1/admin/faq/?search=%25%25zz-nothing'),
      200,
      AdminFaqList,
    );
    expect(none.count).toBe(0);
  });

  it('reorders and hides home page sections, and records the change', async () => {
    const stored = expectOk(
      await call(ctx, admin.auth, 'GET', '/api/v1/admin/app_config/home-page-config/'),
      200,
      AdminHomePageConfig,
    ).value;
    const value = stored
      .map((section, index) => ({
        ...section,
        position: stored.length - index,
        hidden: section.id === 'popular',
      }))
      .reverse();
    expectOk(
      await call(ctx, admin.auth, 'PUT', '/api/v1/admin/app_config/home-page-config/', { value }),
      200,
      HomePageConfig,
    );
    const publicConfig = HomePageConfig.parse(
      (await ctx.app.inject({ url: '/api/v1/app_config/home-page-config/' })).json(),
    );
    expect(publicConfig.value.map((section) => section.id)).toEqual(
      value.filter((section) => !section.hidden).map((section) => section.id),
    );
    const [row] = await auditOf('home_page_config', 'home-page-config');
    expect(row).toMatchObject({ action: 'home_page_config.update' });
    expect((row!.after as Array<{ id: string }>)[0]!.id).toBe(value[0]!.id);
  });
});

describe('platform settings', () => {
  it('changes validated settings, keeps the rest and records before and after', async () => {
    // Read (and kept in the read cache) before the change: the change must reach it at once.
    await ctx.app.inject({ url: '/api/v1/app_config/' });
    const changed = expectOk(
      await call(ctx, admin.auth, 'PATCH', '/api/v1/admin/app_config/platform/', {
        hold_minutes: 15,
        events_published_per_month: 100,
      }),
      200,
      AdminPlatformSettings,
    );
    expect(changed).toMatchObject({ hold_minutes: 15, platform_fee_percent: 5 });
    const info = (await ctx.app.inject({ url: '/api/v1/app_config/' })).json() as {
      limits: { hold_minutes: number };
    };
    expect(info.limits.hold_minutes).toBe(15);
    const [row] = await auditOf('platform_settings', 'platform');
    expect(row).toMatchObject({
      action: 'platform_settings.update',
      before: { hold_minutes: 10 },
      after: { hold_minutes: 15 },
    });
  });
});

describe('problem reports', () => {
  it('assigns, moves through the statuses with notes, and notifies the reporter on resolving', async () => {
    const sent = await call(ctx, attendee.auth, 'POST', '/api/v1/problem-reports/', {
      subject: 'Map does not load',
      message: 'The venue map stays grey on my phone.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const reportId = (sent.json() as { id: number }).id;
    const listed = expectOk(
      await call(ctx, admin.auth, 'GET', '/api/v1/admin/problem-reports/?status=new&search=venue'),
      200,
      AdminProblemReportList,
    );
    expect(listed.results.map((report) => report.id)).toContain(reportId);
    expect(
      expectOk(await call(ctx, admin.auth, 'GET', '/api/v1/admin/dashboard/'), 200, AdminDashboard)
        .new_reports,
    ).toBeGreaterThan(0);

    expectError(
      await call(ctx, admin.auth, 'PATCH', `/api/v1/admin/problem-reports/${reportId}/`, {
        assignee: attendee.id,
      }),
      400,
      'does_not_exist',
      'assignee',
    );
    expectError(
      await call(ctx, admin.auth, 'PATCH', `/api/v1/admin/problem-reports/${reportId}/`, {
        status: 'closed',
      }),
      400,
      'invalid_choice',
      'status',
    );
    const assigned = expectOk(
      await call(ctx, admin.auth, 'PATCH', `/api/v1/admin/problem-reports/${reportId}/`, {
        assignee: secondAdmin.id,
        status: 'in_progress',
        note: 'Looking into the map provider',
      }),
      200,
      AdminProblemReport,
    );
    expect(assigned).toMatchObject({
      status: 'in_progress',
      assignee: { id: secondAdmin.id },
      history: [{ status: 'in_progress', note: 'Looking into the map provider' }],
    });
    const resolved = expectOk(
      await call(ctx, secondAdmin.auth, 'PATCH', `/api/v1/admin/problem-reports/${reportId}/`, {
        status: 'resolved',
        note: 'Fixed the tile server key',
      }),
      200,
      AdminProblemReport,
    );
    expect(resolved.history.map((change) => change.status)).toEqual(['in_progress', 'resolved']);

    const notifications = expectOk(
      await call(ctx, attendee.auth, 'GET', '/api/v1/notifications/', undefined),
      200,
      NotificationList,
    );
    expect(notifications.results[0]).toMatchObject({
      kind: 'report_resolved',
      type: 'report',
      value: reportId,
    });
    expect(notifications.results[0]!.content).toContain('Map does not load');
    const inArabic = await ctx.app.inject({
      url: '/api/v1/notifications/',
      headers: { authorization: attendee.auth, 'accept-language': 'ar' },
    });
    expect(NotificationList.parse(inArabic.json()).results[0]!.title).toBe('تمت معالجة بلاغك');
    expect((await auditOf('problem_report', reportId)).map((row) => row.action)).toEqual([
      'problem_report.resolved',
      'problem_report.in_progress',
    ]);
  });
});

describe('events', () => {
  it('features an event and unpublishes one with a reason, notifying its organizer', async () => {
    const fixture = await createPublishedEvent(ctx, organizer.auth, {
      title: 'Oud under the stars',
    });
    const id = fixture.event.id;
    const found = expectOk(
      await call(ctx, admin.auth, 'GET', '/api/v1/admin/events/?search=oud%20under'),
      200,
      AdminEventList,
    );
    expect(found.results.map((event) => event.id)).toEqual([id]);
    expectOk(
      await call(ctx, admin.auth, 'PATCH', `/api/v1/admin/events/${id}/`, { is_featured: true }),
      200,
      AdminEvent,
    );
    expectError(
      await call(ctx, admin.auth, 'PATCH', `/api/v1/admin/events/${id}/`, {
        is_featured: true,
        status: 'draft',
      }),
      400,
      'unknown_field',
      'status',
    );
    expectError(
      await call(ctx, admin.auth, 'POST', `/api/v1/admin/events/${id}/unpublish/`, {}),
      400,
      'required',
      'reason',
    );
    const unpublished = expectOk(
      await call(ctx, admin.auth, 'POST', `/api/v1/admin/events/${id}/unpublish/`, {
        reason: 'The venue is not licensed.',
      }),
      200,
      AdminEvent,
    );
    expect(unpublished).toMatchObject({ status: 'draft', is_featured: false });
    expectError(
      await call(ctx, admin.auth, 'POST', `/api/v1/admin/events/${id}/unpublish/`, {
        reason: 'Again',
      }),
      409,
      'event_not_published',
    );
    const organizerNotes = expectOk(
      await call(ctx, organizer.auth, 'GET', '/api/v1/notifications/'),
      200,
      NotificationList,
    );
    expect(organizerNotes.results[0]).toMatchObject({ kind: 'event_unpublished', value: id });
    expect(organizerNotes.results[0]!.content).toContain('The venue is not licensed.');
    expect((await auditOf('event', id)).map((row) => row.action)).toEqual([
      'event.unpublish',
      'event.feature',
    ]);
  });
});

describe('users', () => {
  it('suspends an account: its sessions and socket end at once, sign-in says why; reinstating lets it back', async () => {
    const email = 'attendee@hafla.test';
    const userId = await demoUserId(ctx, email);
    const login = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/auth/login/',
        payload: { email, password: DEMO_PASSWORD },
      });
    const signedIn = login();
    const tokens = (await signedIn).json() as { access: string; refresh: string };
    const auth = `Bearer ${tokens.access}`;
    expect((await call(ctx, auth, 'GET', '/api/v1/bookings/')).statusCode).toBe(200);
    const socket = await clients.connect(url, tokens.access);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    expectError(
      await call(ctx, admin.auth, 'POST', `/api/v1/admin/users/${userId}/suspend/`, {
        reason: 'x',
      }),
      400,
      'min_length',
      'reason',
    );
    expectError(
      await call(ctx, admin.auth, 'POST', `/api/v1/admin/users/${admin.id}/suspend/`, {
        reason: 'Testing myself',
      }),
      409,
      'cannot_change_own_account',
    );
    const suspended = expectOk(
      await call(ctx, admin.auth, 'POST', `/api/v1/admin/users/${userId}/suspend/`, {
        reason: 'Chargebacks under review.',
      }),
      200,
      AdminUser,
    );
    expect(suspended).toMatchObject({ is_suspended: true });
    expect(await closed).toBe('io server disconnect');
    expectError(await call(ctx, auth, 'GET', '/api/v1/bookings/'), 401, 'token_not_valid');
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token/refresh/',
      payload: { refresh: tokens.refresh },
    });
    expect(refreshed.statusCode).toBe(401);
    const refused = expectError(await login(), 403, 'account_suspended');
    expect(refused.detail).toContain('Chargebacks under review.');
    await expect(clients.connect(url, tokens.access)).rejects.toThrow();

    const listed = expectOk(
      await call(ctx, admin.auth, 'GET', '/api/v1/admin/users/?suspended=true&search=hafla.test'),
      200,
      AdminUserList,
    );
    expect(listed.results.map((user) => user.id)).toEqual([userId]);

    expectOk(
      await call(ctx, admin.auth, 'POST', `/api/v1/admin/users/${userId}/reinstate/`),
      200,
      AdminUser,
    );
    expect((await login()).statusCode).toBe(200);
    expect((await auditOf('user', userId)).map((row) => row.action)).toEqual([
      'user.reinstate',
      'user.suspend',
    ]);
  });

  it('grants the organizer role and promotes an admin, effective on the tokens they hold', async () => {
    const created = await createAttendee(ctx);
    // A token of a real session (it carries its session version), as the sign-in gives.
    const person = {
      id: created.id,
      auth: await bearer(ctx.config, {
        userId: created.id,
        roles: ['attendee'],
        sessionVersion: 0,
      }),
    };
    expectError(await call(ctx, person.auth, 'GET', '/api/v1/balance/'), 403, 'permission_denied');
    const granted = expectOk(
      await call(ctx, admin.auth, 'PATCH', `/api/v1/admin/users/${person.id}/roles/`, {
        is_organizer: true,
      }),
      200,
      AdminUser,
    );
    expect(granted.roles).toEqual(['attendee', 'organizer']);
    expect((await call(ctx, person.auth, 'GET', '/api/v1/balance/')).statusCode).toBe(200);
    expectOk(
      await call(ctx, admin.auth, 'PATCH', `/api/v1/admin/users/${person.id}/roles/`, {
        is_admin: true,
      }),
      200,
      AdminUser,
    );
    expect((await call(ctx, person.auth, 'GET', '/api/v1/admin/dashboard/')).statusCode).toBe(200);
    expectError(
      await call(ctx, admin.auth, 'PATCH', `/api/v1/admin/users/${admin.id}/roles/`, {
        is_admin: false,
      }),
      409,
      'cannot_change_own_account',
    );
    expectError(
      await call(ctx, admin.auth, 'PATCH', `/api/v1/admin/users/${person.id}/roles/`, {
        is_usher: true,
      }),
      400,
      'unknown_field',
      'is_usher',
    );
    const detail = expectOk(
      await call(ctx, admin.auth, 'GET', `/api/v1/admin/users/${person.id}/`),
      200,
      AdminUserDetail,
    );
    expect(detail).toMatchObject({ roles: ['attendee', 'organizer', 'admin'], events_count: 0 });
    expect((await auditOf('user', person.id)).map((row) => row.action)).toEqual([
      'user.roles',
      'user.roles',
    ]);
  });
});

describe('withdrawals', () => {
  it('shows the organizer’s balance; above the threshold a second, different admin approves', async () => {
    const seller = await createOrganizer(ctx);
    const fixture = await createPublishedEvent(ctx, seller.auth, {
      ticket_categories: [{ name: 'General', price: 50_000, quantity: 10 }],
    });
    await bookAndPay(ctx, attendee.auth, {
      event: fixture.event.id,
      event_date: fixture.dates[0]!.id,
      items: [{ ticket_category: fixture.ticket_categories[0]!.id, quantity: 2 }],
    });
    const account = expectOk(
      await call(ctx, seller.auth, 'POST', '/api/v1/withdrawal-accounts/', accountBody()),
      201,
      WithdrawalAccount,
    );
    // Above 500 SAR takes two admins.
    expectOk(
      await call(ctx, admin.auth, 'PATCH', '/api/v1/admin/app_config/platform/', {
        withdrawal_second_approval_above: 500,
      }),
      200,
      AdminPlatformSettings,
    );
    await later(ctx, 11, async () => {
      const request = expectOk(
        await call(ctx, seller.auth, 'POST', '/api/v1/withdrawal/', {
          account: account.id,
          amount: 60_000,
          currency: 'SAR',
        }),
        201,
        Withdrawal,
      );
      const queue = expectOk(
        await call(ctx, admin.auth, 'GET', '/api/v1/admin/withdrawals/?status=requested'),
        200,
        AdminWithdrawalList,
      );
      const listed = queue.results.find((entry) => entry.id === request.id)!;
      expect(listed.organizer_balance).toMatchObject({ currency: 'SAR', reserved: 60_000 });
      expect(listed.approval).toMatchObject({ needs_second_admin: true, first_approved_by: null });

      const review = (auth: string, body: unknown) =>
        call(ctx, auth, 'PATCH', `/api/v1/admin/withdrawals/${request.id}/`, body);
      const first = expectOk(
        await review(admin.auth, { status: 'approved' }),
        200,
        AdminWithdrawal,
      );
      expect(first).toMatchObject({
        status: 'requested',
        approval: { first_approved_by: { id: admin.id } },
      });
      expectError(
        await review(admin.auth, { status: 'approved' }),
        409,
        'second_approval_required',
      );
      expect(
        expectOk(await review(secondAdmin.auth, { status: 'approved' }), 200, AdminWithdrawal)
          .status,
      ).toBe('approved');
      expect(
        expectOk(
          await review(admin.auth, { status: 'paid', transfer_reference: 'TRX-77' }),
          200,
          AdminWithdrawal,
        ).status,
      ).toBe('paid');
      const trail = await auditOf('withdrawal', request.id);
      expect(trail.map((row) => [row.action, row.actor.id])).toEqual([
        ['withdrawal.pay', admin.id],
        ['withdrawal.approve', secondAdmin.id],
        ['withdrawal.first_approval', admin.id],
      ]);
      expect(trail[0]).toMatchObject({
        before: { status: 'approved' },
        after: { status: 'paid', transfer_reference: 'TRX-77' },
      });
    });
  });
});

describe('GET /api/v1/admin/audit-log/', () => {
  it('filters by actor, action and time, newest first, and the rows cannot be changed', async () => {
    const byActor = expectOk(
      await call(ctx, admin.auth, 'GET', `/api/v1/admin/audit-log/?actor=${secondAdmin.id}`),
      200,
      AuditLogList,
    );
    expect(byActor.count).toBeGreaterThan(0);
    expect(byActor.results.every((row) => row.actor.id === secondAdmin.id)).toBe(true);
    const byAction = expectOk(
      await call(ctx, admin.auth, 'GET', '/api/v1/admin/audit-log/?action=category.create'),
      200,
      AuditLogList,
    );
    expect(byAction.results.every((row) => row.action === 'category.create')).toBe(true);
    const future = expectOk(
      await call(ctx, admin.auth, 'GET', '/api/v1/admin/audit-log/?from=2099-01-01T00:00:00Z'),
      200,
      AuditLogList,
    );
    expect(future.count).toBe(0);
    expectError(
      await call(ctx, admin.auth, 'GET', '/api/v1/admin/audit-log/?from=yesterday'),
      400,
      'invalid',
      'from',
    );
    await expect(ctx.database.db.execute(sql`delete from admin_audit_log`)).rejects.toThrow();
    await expect(
      ctx.database.db.execute(sql`update admin_audit_log set action = 'forged'`),
    ).rejects.toThrow();
  });
});
