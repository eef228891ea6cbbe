import type { io, Socket } from 'socket.io-client';
import type { NOTIFICATION_EVENT as SharedNotificationEvent } from '@hafla/shared/notifications/notifications';
import { readStoredLanguage } from './language';
import { getAccessToken, getFreshAccessToken, renewAccessToken } from './session';

// Mirrors the shared constant without importing zod into this chunk.
const NOTIFICATION_EVENT: typeof SharedNotificationEvent = 'notification';

/** Codes the API's socket middleware refuses a connection with (plugins/realtime.ts). */
const TOKEN_REFUSALS: readonly string[] = ['token_not_valid', 'not_authenticated'];

const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 60_000;

export interface RealtimeHandlers {
  /** A payload pushed on the reader's channel, as it came: the caller checks its shape. */
  onNotification: (payload: unknown) => void;
  /** Every connection, the first and each one after a break: what came meanwhile is missing. */
  onConnect: () => void;
}

export interface RealtimeConnection {
  close: () => void;
}

interface SocketClient {
  io: typeof io;
}

/**
 * The reader's realtime channel (PRODUCT.md section 8): socket.io on the API's own origin,
 * authorized with the access token. socket.io-client is imported here, on the first connection
 * after sign-in, so visitors never download it.
 *
 * The server ends a connection when its token expires (a `token_expired` event, then an
 * `io server disconnect`); the session has renewed the token a minute earlier, so reconnecting
 * at once presents the new one. A refused token is renewed, then retried with a growing pause.
 */
export function connectRealtime(
  handlers: RealtimeHandlers,
  loadClient: () => Promise<SocketClient> = () => import('socket.io-client'),
): RealtimeConnection {
  let isClosed = false;
  let socket: Socket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = 0;

  function retryLater(attempt: () => void) {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (!isClosed) attempt();
    }, retryDelay);
    retryDelay = Math.min(Math.max(retryDelay * 2, FIRST_RETRY_MS), LAST_RETRY_MS);
  }

  function reconnectWithRenewedToken() {
    retryLater(() => {
      void renewAccessToken().then(() => {
        // Signed out meanwhile: the caller closes this connection.
        if (!isClosed && getAccessToken()) socket?.connect();
      });
    });
  }

  function open({ io }: SocketClient) {
    if (isClosed) return;
    const client = io({
      path: '/socket.io/',
      // Each attempt asks for the token then, so a reconnection presents the renewed one; the
      // language is the page's, so pushes read like the page even if the account says otherwise.
      auth: (send) => {
        void getFreshAccessToken().then((token) =>
          send({ token: token ?? '', language: readStoredLanguage() }),
        );
      },
      // A WebSocket straight away (no polling requests first), polling where it cannot open.
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
    });
    socket = client;
    client.on('connect', () => {
      retryDelay = 0;
      handlers.onConnect();
    });
    client.on('connect_error', (error: Error & { data?: { code?: unknown } }) => {
      const code = error.data?.code;
      // Refused by the server (not a network failure, which socket.io retries on its own).
      if (!client.active && typeof code === 'string' && TOKEN_REFUSALS.includes(code)) {
        reconnectWithRenewedToken();
      }
    });
    client.on('disconnect', (reason) => {
      // The server's own ending (an expired token, a restart) is not retried by socket.io.
      if (reason === 'io server disconnect' && !isClosed) client.connect();
    });
    client.on(NOTIFICATION_EVENT, (payload: unknown) => handlers.onNotification(payload));
  }

  function load() {
    loadClient().then(open, () => {
      // The chunk did not arrive (offline, a new deployment): the bell still works over HTTP.
      retryLater(load);
    });
  }

  load();

  return {
    close() {
      isClosed = true;
      clearTimeout(retryTimer);
      socket?.disconnect();
      socket?.removeAllListeners();
      socket = null;
    },
  };
}
