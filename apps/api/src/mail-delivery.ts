import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { codeMailKinds } from './modules/mail/code-mails';
import { MailWorker, type MailWorkerOptions } from './modules/mail/mail-worker';
import { createMailTransport } from './lib/mail/transport';
import { ACCOUNT_EXISTS_MAIL, accountExistsMailKind } from './modules/auth/account-exists-mail';
import { notificationMailKind } from './modules/notifications/notifier';
import { ticketMailKinds } from './modules/tickets/ticket-mails';
import { USHER_INVITATION_MAIL, usherMailKind } from './modules/ushers/usher-mails';

/**
 * The mail worker with every kind of mail Hafla queues and the configured transport (SMTP_URL,
 * else .eml files). Each API process runs one (MAIL_WORKER=embedded), and so does every
 * `npm run worker` process (src/worker.ts).
 */
export function createMailWorker(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  options: Partial<
    Pick<MailWorkerOptions, 'pollMs' | 'leaseSeconds' | 'transport' | 'concurrency' | 'beforeEach'>
  > = {},
): MailWorker {
  return new MailWorker({
    db,
    log,
    from: config.MAIL_FROM,
    transport:
      options.transport ??
      createMailTransport({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        dataDir: config.DATA_DIR,
        logger: log,
        connections: options.concurrency ?? config.MAIL_CONCURRENCY,
      }),
    kinds: {
      ...codeMailKinds,
      ...ticketMailKinds({ db, config }),
      notification: notificationMailKind({ db, publicUrl: config.PUBLIC_URL }),
      [ACCOUNT_EXISTS_MAIL]: accountExistsMailKind(config.PUBLIC_URL),
      [USHER_INVITATION_MAIL]: usherMailKind(db, config.PUBLIC_URL),
    },
    pollMs: options.pollMs,
    leaseSeconds: options.leaseSeconds,
    concurrency: options.concurrency,
    beforeEach: options.beforeEach,
  });
}
