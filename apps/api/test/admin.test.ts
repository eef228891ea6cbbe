import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminProblemReportList } from '@hafla/shared/admin/problem-reports';
import { createAdmin } from '../src/db/seed/admin';
import { DEMO_PASSWORD } from '../src/db/seed/demo-accounts';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function signInAs(email: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/auth/login/',
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return { authorization: `Bearer ${(response.json() as { access: string }).access}` };
}

describe('problem reports', () => {
  it('reach platform staff with the reporter; the role guard refuses everyone else', async () => {
    const attendee = await signInAs('attendee@hafla.test');
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/problem-reports/',
      headers: attendee,
      payload: { subject: 'Checkout froze', message: 'The pay button did nothing on my phone.' },
    });
    expect(sent.statusCode).toBe(201);

    const anonymous = await ctx.app.inject({ url: '/api/v1/admin/problem-reports/' });
    expect(anonymous.statusCode).toBe(401);
    for (const email of ['attendee@hafla.test', 'organizer@hafla.test']) {
      const refused = await ctx.app.inject({
        url: '/api/v1/admin/problem-reports/',
        headers: await signInAs(email),
      });
      expect(refused.statusCode, email).toBe(403);
      expect(refused.json()).toMatchObject({ errors: [{ code: 'permission_denied' }] });
    }

    const admin = await signInAs('admin@hafla.test');
    const listed = AdminProblemReportList.parse(
      (
        await ctx.app.inject({ url: '/api/v1/admin/problem-reports/?status=new', headers: admin })
      ).json(),
    );
    expect(listed.results[0]).toMatchObject({
      subject: 'Checkout froze',
      status: 'new',
      reporter: { email: 'attendee@hafla.test', name: 'Layla Haddad' },
    });
    const resolved = AdminProblemReportList.parse(
      (
        await ctx.app.inject({
          url: '/api/v1/admin/problem-reports/?status=resolved',
          headers: admin,
        })
      ).json(),
    );
    expect(resolved.count).toBe(0);
    const bad = await ctx.app.inject({
      url: '/api/v1/admin/problem-reports/?status=closed',
      headers: admin,
    });
    expect(bad.json()).toMatchObject({
      type: 'validation_error',
      errors: [{ code: 'invalid_choice', attr: 'status' }],
    });
  });
});

describe('createAdmin (npm run admin:create)', () => {
  it('creates a verified admin who can sign in, and promotes an existing account', async () => {
    expect(await createAdmin(ctx.database.db, 'staff@example.com', 'quiet-meadow-81')).toBe(
      'created',
    );
    const staff = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: 'staff@example.com', password: 'quiet-meadow-81' },
    });
    expect(staff.json()).toMatchObject({
      user: { roles: ['attendee', 'admin'], is_verified: true },
    });

    const before = await signInAs('organizer@hafla.test');
    expect(await createAdmin(ctx.database.db, 'organizer@hafla.test', 'quiet-meadow-82')).toBe(
      'promoted',
    );
    // Its password was set anew: the sessions it had end in every API process, through NOTIFY.
    await expect
      .poll(
        async () =>
          (await ctx.app.inject({ url: '/api/v1/bookings/', headers: before })).statusCode,
      )
      .toBe(401);
    const promoted = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login/',
      payload: { email: 'organizer@hafla.test', password: 'quiet-meadow-82' },
    });
    expect(promoted.json()).toMatchObject({ user: { roles: ['attendee', 'organizer', 'admin'] } });
  });
});
