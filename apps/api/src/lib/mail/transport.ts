import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Shown inline where the HTML refers to `cid:<cid>` (an image). */
  cid?: string;
}

/** A message as a renderer makes it; the worker addresses it. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** A short tag for logs and .eml file names, e.g. `verify_email`; defaults to the row's kind. */
  tag?: string;
}

export interface OutgoingMail extends RenderedMail {
  to: string;
  tag: string;
  /** Stable per outbox row, so a message delivered twice can be recognised as one. */
  messageId: string;
  /** The outbox row's id (names the .eml file). */
  outboxId: number;
}

/** Where mail goes: an SMTP server, or .eml files. `send` rejects when the message was not taken. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface TransportOptions {
  smtpUrl?: string;
  /** SMTP connections kept open and reused (the worker's concurrency). */
  connections?: number;
  from: string;
  dataDir: string;
  logger: FastifyBaseLogger;
}

// A stuck server must not hold a worker (and its lease) for nodemailer's default 10 minutes.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file under
 * DATA_DIR/mail/ (and logged), so a fresh install can read its codes without a mail server.
 */
export function createMailTransport({
  smtpUrl,
  from,
  dataDir,
  logger,
  connections = 4,
}: TransportOptions): MailTransport {
  const message = (mail: OutgoingMail) => ({
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments,
    messageId: mail.messageId,
  });
  if (smtpUrl) {
    // Pooled: a message reuses an open connection instead of connecting and greeting anew (a
    // confirmation rush is thousands of messages); a connection that breaks is replaced, and its
    // message's promise rejects, so the outbox retries it.
    const transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: connections,
      maxMessages: 1000,
      // A message whose connection broke fails at once: the outbox, not the pool, retries it.
      maxRequeues: 0,
      ...SMTP_TIMEOUTS,
    });
    // Connection errors reach sendMail's promise; this keeps any emitted one from being fatal.
    transport.on('error', (error) => logger.warn({ err: error }, 'smtp transport error'));
    return {
      async send(mail) {
        await transport.sendMail(message(mail));
        logger.info({ tag: mail.tag, outboxId: mail.outboxId }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const folder = path.join(dataDir, 'mail');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  transport.on('error', (error) => logger.warn({ err: error }, 'mail transport error'));
  return {
    async send(mail) {
      const info = await transport.sendMail(message(mail));
      await mkdir(folder, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${mail.tag}-${mail.outboxId}.eml`);
      // Written aside and renamed, so whoever watches the folder never reads half a message.
      const partial = `${file}.partial`;
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      logger.info({ tag: mail.tag, outboxId: mail.outboxId, file }, 'mail written');
    },
    close: () => transport.close(),
  };
}

/** `<outbox-<id>.<created ms>@<sender's domain>>`: the same for every attempt of one row. */
export function outboxMessageId(id: number, createdAt: Date, from: string): string {
  const domain = /@([^\s>]+)/.exec(from)?.[1] ?? 'hafla.localhost';
  return `<outbox-${id}.${createdAt.getTime()}@${domain}>`;
}
