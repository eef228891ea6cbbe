import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A short tag for logs and .eml file names, e.g. `verify_email`. */
  tag: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /**
   * Sends after the request has answered, so the answer's timing says nothing about the
   * recipient; failures are logged. `close` waits for these.
   */
  sendLater(mail: OutgoingMail): void;
  close(): Promise<void>;
}

interface Transport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

function withBackgroundSends(transport: Transport, logger: FastifyBaseLogger): Mailer {
  const pending = new Set<Promise<void>>();
  return {
    send: (mail) => transport.send(mail),
    sendLater(mail) {
      const sending = transport
        .send(mail)
        .catch((error: unknown) => logger.error({ err: error, tag: mail.tag }, 'mail not sent'))
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async close() {
      await Promise.allSettled([...pending]);
      transport.close();
    },
  };
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  logger: FastifyBaseLogger;
}

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file under
 * DATA_DIR/mail/ (and logged), so a fresh install can read its codes without a mail server.
 */
export function createMailer({ smtpUrl, from, dataDir, logger }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return withBackgroundSends(
      {
        async send(mail) {
          await transport.sendMail({
            from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            attachments: mail.attachments,
          });
          logger.info({ tag: mail.tag }, 'mail sent');
        },
        close: () => transport.close(),
      },
      logger,
    );
  }
  const folder = path.join(dataDir, 'mail');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return withBackgroundSends(
    {
      async send(mail) {
        const info = await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: mail.attachments,
        });
        await mkdir(folder, { recursive: true });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const file = path.join(
          folder,
          `${stamp}-${mail.tag}-${randomBytes(3).toString('hex')}.eml`,
        );
        await writeFile(file, info.message as Buffer);
        logger.info({ tag: mail.tag, file }, 'mail written');
      },
      close: () => transport.close(),
    },
    logger,
  );
}
