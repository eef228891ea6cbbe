import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { test as base } from '@playwright/test';

export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on loopback; the app under test sends to it through SMTP_URL. */
export class Mailbox {
  readonly messages: Mail[] = [];

  async waitFor(to: string, after = 0, timeoutMs = 10_000): Promise<Mail> {
    const address = to.toLowerCase();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(after).find((m) => m.to.includes(address));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  static codeIn(mail: Mail): string {
    const match = /^(\d{6})$/m.exec(mail.text);
    if (!match?.[1]) throw new Error(`no code in: ${mail.text}`);
    return match[1];
  }
}

export const test = base.extend<object, { mailbox: Mailbox }>({
  mailbox: [
    // Playwright reads a fixture's dependencies from this destructuring; it has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const mailbox = new Mailbox();
      const server = new SMTPServer({
        authOptional: true,
        // Closing drops the API's pooled connections at once (a server going down), not after 30 s.
        closeTimeout: 100,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            PostalMime.parse(Buffer.concat(chunks).toString('utf8')).then((parsed) => {
              mailbox.messages.push({
                to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: parsed.html ?? '',
              });
              callback();
            }, callback);
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(SMTP_PORT, '127.0.0.1', resolve));
      await use(mailbox);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
