// A real SMTP server on loopback for a benchmark: the API under test sends its mail here over
// SMTP (SMTP_URL), as it would to a relay. Each message is taken whole and only its headers are
// read (no MIME parsing: the sink shares the load generator's process); what identifies a
// message is its Message-ID, which the API derives from its mail_outbox row
// (`<outbox-<id>.<created ms>@…>`, apps/api/src/lib/mail/transport.ts).
import { SMTPServer } from 'smtp-server';

const OUTBOX_MESSAGE_ID = /^message-id:\s*<outbox-(\d+)\.\d+@/im;

/** The header block of a raw message, with folded lines joined. */
function headersOf(raw) {
  const end = raw.search(/\r?\n\r?\n/);
  return (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
}

/**
 * Starts the sink on a free port. Answers `{ url, messages, close }`: `messages` grows by
 * `{ outboxId, messageId, at, bytes }` per message taken (`at` on performance.now()'s clock;
 * `outboxId` null when the Message-ID is not an outbox one).
 */
export async function startMailSink() {
  const messages = [];
  const server = new SMTPServer({
    authOptional: true,
    // Closing drops the API's pooled connections at once (a server going down), not after 30 s.
    closeTimeout: 100,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // The API's workers may hold several connections open at once.
    maxClients: 1000,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const headers = headersOf(raw.subarray(0, 64 * 1024).toString('latin1'));
        const outbox = OUTBOX_MESSAGE_ID.exec(headers);
        messages.push({
          outboxId: outbox ? Number(outbox[1]) : null,
          messageId: /^message-id:\s*(\S+)/im.exec(headers)?.[1] ?? null,
          at: performance.now(),
          bytes: raw.length,
        });
        callback();
      });
    },
  });
  server.on('error', (error) => console.error('mail sink:', error.message));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address();
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
