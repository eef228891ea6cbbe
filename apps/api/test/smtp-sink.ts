import type { AddressInfo } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
  parsed: Email;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message to `to` (after `since` messages) that arrives within the timeout. */
  waitFor(to: string, options?: { after?: number; timeoutMs?: number }): Promise<ReceivedMail>;
  /** From now on refuse every message with this SMTP reply code (4xx or 5xx); null accepts again. */
  refuse(code: number | null): void;
  /** Messages refused so far. */
  refused: number;
  close(): Promise<void>;
}

/** On `port` when given (a server that comes back where it was), else on any free port. */
export async function startSmtpSink({
  port: wanted = 0,
}: { port?: number } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  let refusing: number | null = null;
  const server = new SMTPServer({
    authOptional: true,
    // Closing drops the API's pooled connections at once (a server going down), not after 30 s.
    closeTimeout: 100,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusing === null) return callback();
      sink.refused += 1;
      const error = Object.assign(new Error('Try again later'), { responseCode: refusing });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        PostalMime.parse(raw).then(
          (parsed) => {
            messages.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html ?? '',
              raw,
              parsed,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const sink: SmtpSink = {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refused: 0,
    refuse(code) {
      refusing = code;
    },
    async waitFor(to, { after = 0, timeoutMs = 5000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      const address = to.trim().toLowerCase();
      for (;;) {
        const found = messages.slice(after).find((m) => m.to.includes(address));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return sink;
}

/** The 6-digit code in a code email's text part. */
export function codeFrom(mail: ReceivedMail): string {
  const match = /^(\d{6})$/m.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail: ${mail.text}`);
  return match[1];
}
