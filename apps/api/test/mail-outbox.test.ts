import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../src/db/schema/accounts';
import { mailOutbox } from '../src/db/schema/mail';
import type { MailWorker } from '../src/modules/mail/mail-worker';
import { enqueueMail, pruneMail } from '../src/modules/mail/outbox';
import type { MailTransport } from '../src/lib/mail/transport';
import { createMailWorker } from '../src/mail-delivery';
import { GOOD_PASSWORD, post, uniqueEmail } from './auth-helpers';
import { bookAndPay, holdTickets, lapseHold, pay, send } from './booking-helpers';
import {
  type Account,
  cancelEvent,
  createAttendee,
  createOrganizer,
  createPublishedEvent,
  expectError,
} from './event-helpers';
import { createTestContext, eventually, type TestContext } from './helpers';
import { codeFrom, type SmtpSink, startSmtpSink } from './smtp-sink';

let ctx: TestContext;
let sink: SmtpSink;
let port: number;

beforeAll(async () => {
  sink = await startSmtpSink();
  port = Number(new URL(sink.url).port);
  ctx = await createTestContext({ SMTP_URL: sink.url, AUTH_RATE_LIMIT_MAX: '10000' });
});

afterAll(async () => {
  await ctx?.close();
  await sink?.close();
});

const db = () => ctx.database.db;

async function rowsTo(recipient: string) {
  return db()
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, recipient))
    .orderBy(asc(mailOutbox.id));
}

async function emailOf(account: Account): Promise<string> {
  const [row] = await db()
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, account.id));
  return row!.email;
}

function register(email: string) {
  return post(ctx, '/register/', { email, password: GOOD_PASSWORD });
}

const received = (to: string) => sink.messages.filter((message) => message.to.includes(to));

describe('the mail outbox', () => {
  it('queues every kind of mail with the change that causes it and delivers each', async () => {
    const organizer = await createOrganizer(ctx);
    const show = await createPublishedEvent(ctx, organizer.auth, {
      title: 'Oud Night',
      ticket_categories: [{ price: 5000, quantity: 10 }],
    });
    const buyer = await createAttendee(ctx, { first_name: 'Sami' });
    const buyerEmail = await emailOf(buyer);
    const booking = await bookAndPay(ctx, buyer.auth, {
      event: show.event.id,
      event_date: show.dates[0]!.id,
      items: [{ ticket_category: show.ticket_categories[0]!.id, quantity: 2 }],
    });
    const refunded = await send(ctx, buyer.auth, 'POST', '/api/v1/payment/refund/', {
      booking: booking.id,
      tickets: [booking.tickets[0]!.id],
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await cancelEvent(ctx, organizer.auth, show.event.id);

    const newcomer = uniqueEmail('kinds');
    expect((await register(newcomer)).statusCode).toBe(201);
    expect((await post(ctx, '/auth/forgot_password/', { email: newcomer })).statusCode).toBe(200);

    await vi.waitFor(
      async () => {
        const rows = [...(await rowsTo(buyerEmail)), ...(await rowsTo(newcomer))];
        expect(rows.map((row) => [row.kind, row.status]).sort()).toEqual([
          ['booking_confirmed', 'sent'],
          ['notification', 'sent'],
          ['refund', 'sent'],
          ['refund', 'sent'],
          ['reset_password', 'sent'],
          ['verify_email', 'sent'],
        ]);
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(received(newcomer).map((mail) => mail.subject)).toEqual([
      expect.stringContaining('verification code'),
      expect.stringContaining('password reset code'),
    ]);
    const subjects = received(buyerEmail).map((mail) => mail.subject);
    expect(subjects).toHaveLength(4);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Your tickets for Oud Night',
        `Refund for booking #${booking.id}: Oud Night`,
      ]),
    );
    // Every message names its outbox row, so a repeat is recognisable as the same one.
    for (const row of await rowsTo(buyerEmail)) {
      const ids = received(buyerEmail).map((mail) => mail.parsed.messageId);
      expect(ids).toContain(`<outbox-${row.id}.${row.created_at.getTime()}@hafla.localhost>`);
    }
  });

  it('clears a code from its row once the mail is sent', async () => {
    const email = uniqueEmail('cleared');
    expect((await register(email)).statusCode).toBe(201);
    const mail = await sink.waitFor(email);
    expect(codeFrom(mail)).toMatch(/^\d{6}$/);
    await eventually(async () => {
      const [row] = await rowsTo(email);
      expect(row).toMatchObject({ kind: 'verify_email', status: 'sent', params: {} });
    });
  });

  it('queues nothing for an address with no account, with the same answer', async () => {
    const nobody = uniqueEmail('nobody');
    const response = await post(ctx, '/auth/forgot_password/', { email: nobody });
    expect(response.statusCode).toBe(200);
    expect(await rowsTo(nobody)).toEqual([]);
  });

  it('sends nothing when the causing transaction rolls back', async () => {
    const email = uniqueEmail('rolled-back');
    await expect(
      db().transaction(async (tx) => {
        await enqueueMail(tx, { kind: 'verify_email', to: email, language: 'en', params: {} });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsTo(email)).toEqual([]);

    // Through the API: a late payment whose tickets were sold meanwhile rolls its confirmation back.
    const organizer = await createOrganizer(ctx);
    const show = await createPublishedEvent(ctx, organizer.auth, {
      ticket_categories: [{ price: 3000, quantity: 2 }],
    });
    const body = {
      event: show.event.id,
      event_date: show.dates[0]!.id,
      items: [{ ticket_category: show.ticket_categories[0]!.id, quantity: 2 }],
    };
    const slow = await createAttendee(ctx);
    const late = await holdTickets(ctx, slow.auth, body);
    await lapseHold(ctx, late.id);
    await bookAndPay(ctx, (await createAttendee(ctx)).auth, body);
    expectError(await pay(ctx, slow.auth, late.id), 409, 'hold_expired');
    await ctx.app.mailer.idle();
    expect(await rowsTo(await emailOf(slow))).toEqual([]);
    expect(received(await emailOf(slow))).toEqual([]);
  });

  it.each([451, 554])(
    'delays mail the SMTP server refuses with %i and delivers it once the server takes it',
    async (code) => {
      const email = uniqueEmail(`refused-${code}`);
      const refusedBefore = sink.refused;
      sink.refuse(code);
      try {
        expect((await register(email)).statusCode).toBe(201);
        await vi.waitFor(() => expect(sink.refused).toBeGreaterThanOrEqual(refusedBefore + 2), {
          timeout: 10_000,
        });
        const [row] = await rowsTo(email);
        expect(row).toMatchObject({ status: 'pending' });
        expect(row!.last_error).toContain(String(code));
      } finally {
        sink.refuse(null);
      }
      const mail = await sink.waitFor(email, { timeoutMs: 15_000 });
      const verified = await post(ctx, '/otp/verify_email/', { email, otp: codeFrom(mail) });
      expect(verified.statusCode, verified.body).toBe(200);
      await eventually(async () => expect((await rowsTo(email))[0]?.status).toBe('sent'));
    },
  );

  it('keeps mail while the SMTP server is down and delivers it when it is back', async () => {
    await sink.close();
    const email = uniqueEmail('down');
    try {
      expect((await register(email)).statusCode).toBe(201);
      await vi.waitFor(
        async () => {
          const [row] = await rowsTo(email);
          expect(row!.attempts).toBeGreaterThanOrEqual(2);
          expect(row!.last_error).toContain('ECONNREFUSED');
        },
        { timeout: 10_000 },
      );
      // The process is still serving.
      expect((await ctx.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      sink = await startSmtpSink({ port });
    }
    await sink.waitFor(email, { timeoutMs: 15_000 });
  });

  it('gives a failing mail up after its time and clears its code', async () => {
    const email = uniqueEmail('given-up');
    sink.refuse(451);
    try {
      expect((await register(email)).statusCode).toBe(201);
      await eventually(async () => expect((await rowsTo(email))[0]?.attempts).toBeGreaterThan(0));
      await db()
        .update(mailOutbox)
        .set({ give_up_at: sql`now()` })
        .where(eq(mailOutbox.recipient, email));
      await vi.waitFor(
        async () => {
          const [row] = await rowsTo(email);
          expect(row).toMatchObject({ status: 'failed', params: {} });
          expect(row!.last_error).toContain('451');
        },
        { timeout: 10_000 },
      );
    } finally {
      sink.refuse(null);
    }
  });

  it('forgets finished rows after the retention period, never pending ones', async () => {
    const pending = uniqueEmail('pending');
    // Queued and postponed in one transaction, so the running worker never sees it due.
    await db().transaction(async (tx) => {
      await enqueueMail(tx, { kind: 'verify_email', to: pending, language: 'en', params: {} });
      await tx
        .update(mailOutbox)
        .set({ next_attempt_at: sql`now() + interval '1 hour'` })
        .where(eq(mailOutbox.recipient, pending));
    });
    const sent = uniqueEmail('cleared');
    expect((await register(sent)).statusCode).toBe(201);
    await eventually(async () => expect((await rowsTo(sent))[0]?.status).toBe('sent'));
    expect(await pruneMail(db(), 3600)).toBe(0);
    expect(await pruneMail(db(), 0)).toBeGreaterThan(0);
    expect(await rowsTo(sent)).toEqual([]);
    expect(await rowsTo(pending)).toHaveLength(1);
  });

  it('shares the queue between workers: each mail is sent once', async () => {
    const other = createMailWorker(ctx.config, db(), ctx.app.log, { pollMs: 50 });
    other.start();
    try {
      const emails = Array.from({ length: 12 }, () => uniqueEmail('shared'));
      await enqueueMail(
        db(),
        emails.map((to) => ({
          kind: 'verify_email',
          to,
          language: 'en' as const,
          params: { code: '123456', minutes: 10 },
        })),
      );
      ctx.app.mailer.poke();
      other.poke();
      await vi.waitFor(
        () => expect(emails.filter((email) => received(email).length > 0)).toHaveLength(12),
        { timeout: 15_000 },
      );
      await Promise.all([other.idle(), ctx.app.mailer.idle()]);
      expect(emails.map((email) => received(email).length)).toEqual(emails.map(() => 1));
    } finally {
      await other.stop();
    }
  });

  it('delivers a mail whose worker died holding it once the lease lapses', async () => {
    // This process's own worker stands aside, so the "dead" one takes the mail.
    await ctx.app.mailer.stop();
    let attempts = 0;
    let die: (error: Error) => void = () => undefined;
    const hanging: MailTransport = {
      send: () => {
        attempts += 1;
        return new Promise((_resolve, reject) => {
          die = reject;
        });
      },
      close: () => undefined,
    };
    const dead = createMailWorker(ctx.config, db(), ctx.app.log, {
      transport: hanging,
      leaseSeconds: 1,
      pollMs: 3_600_000,
    });
    let rescuer: MailWorker | null = null;
    try {
      const email = uniqueEmail('lease');
      expect((await register(email)).statusCode).toBe(201);
      dead.start();
      await eventually(() => expect(attempts).toBe(1));
      const [claimed] = await rowsTo(email);
      expect(claimed).toMatchObject({ status: 'pending', attempts: 1 });

      rescuer = createMailWorker(ctx.config, db(), ctx.app.log, { pollMs: 100 });
      rescuer.start();
      const mail = await sink.waitFor(email, { timeoutMs: 10_000 });
      expect(mail.parsed.messageId).toBe(
        `<outbox-${claimed!.id}.${claimed!.created_at.getTime()}@hafla.localhost>`,
      );
      await eventually(async () => expect((await rowsTo(email))[0]?.status).toBe('sent'));

      // The first worker's late failure changes nothing: the row is no longer its own.
      die(new Error('connection lost'));
      await dead.stop();
      expect((await rowsTo(email))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      die(new Error('test over'));
      await dead.stop();
      await rescuer?.stop();
    }
  });
});

describe('mail without SMTP_URL', () => {
  let emlCtx: TestContext;
  beforeAll(async () => {
    emlCtx = await createTestContext({ AUTH_RATE_LIMIT_MAX: '10000' });
  });
  afterAll(async () => {
    await emlCtx?.close();
  });

  it('is written as .eml files under DATA_DIR/mail', async () => {
    const email = uniqueEmail('eml');
    const response = await post(emlCtx, '/register/', { email, password: GOOD_PASSWORD });
    expect(response.statusCode).toBe(201);
    const folder = path.join(emlCtx.config.DATA_DIR, 'mail');
    const file = await eventually(() => {
      const found = readdirSync(folder).find(
        (name) => name.includes('-verify_email-') && name.endsWith('.eml'),
      );
      expect(found).toBeDefined();
      return found!;
    });
    const raw = readFileSync(path.join(folder, file), 'utf8');
    expect(raw).toContain(`To: ${email}`);
    expect(raw).toMatch(/^Message-ID: <outbox-\d+\.\d+@hafla\.localhost>$/m);
    expect(raw).toContain('Subject: Your Hafla verification code');
  });
});
