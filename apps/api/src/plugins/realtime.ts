import { createAdapter } from '@socket.io/postgres-adapter';
import type { Notification } from '@hafla/shared/notifications/notifications';
import { NOTIFICATION_EVENT, TOKEN_EXPIRED_EVENT } from '@hafla/shared/notifications/notifications';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Server } from 'socket.io';
import { verifyAccessToken } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** Pushes to users' channels, whichever API process their sockets are connected to. */
export interface Realtime {
  toUser(userId: string, notification: Notification): void;
  /** Sockets connected to this process (health and tests). */
  localConnections(): number;
}

export interface RealtimePluginOptions {
  jwtSecret: string;
  corsOrigins: string[];
  /** PostgreSQL's pool: pushes cross processes through LISTEN/NOTIFY. Absent (PGlite): in-process. */
  pool?: pg.Pool;
}

/** A user's channel is a room named for their id. */
function channelOf(userId: string): string {
  return `user:${userId}`;
}

/**
 * socket.io on the API's own HTTP server (path `/socket.io/`). A connection presents its access
 * token as `auth: { token }`; it joins only its own user's channel and is ended when the token
 * expires (after a `token_expired` event), so the client reconnects with a fresh one.
 */
export const realtimePlugin = fp<RealtimePluginOptions>(
  async (app, { jwtSecret, corsOrigins, pool }) => {
    const io = new Server(app.server, {
      path: '/socket.io/',
      serveClient: false,
      cors: corsOrigins.length > 0 ? { origin: corsOrigins, credentials: true } : undefined,
      ...(pool && {
        adapter: createAdapter(pool, {
          errorHandler: (error) => app.log.warn({ err: error }, 'realtime adapter error'),
        }),
      }),
    });

    io.use((socket, next) => {
      const token: unknown = (socket.handshake.auth as { token?: unknown }).token;
      const refuse = (code: 'not_authenticated' | 'token_not_valid') => {
        const error = new Error(code) as Error & { data: { code: string } };
        error.data = { code };
        next(error);
      };
      if (typeof token !== 'string' || token === '') return refuse('not_authenticated');
      verifyAccessToken(jwtSecret, token).then(
        (claims) => {
          if (!claims) return refuse('token_not_valid');
          socket.data.userId = claims.userId;
          socket.data.expiresAt = claims.expiresAt;
          next();
        },
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
    });

    io.on('connection', (socket) => {
      const userId = socket.data.userId as string;
      void socket.join(channelOf(userId));
      const expiresAt = socket.data.expiresAt as number | undefined;
      if (expiresAt !== undefined) {
        const timer = setTimeout(
          () => {
            socket.emit(TOKEN_EXPIRED_EVENT);
            socket.disconnect(true);
          },
          Math.max(0, expiresAt * 1000 - Date.now()),
        );
        socket.on('disconnect', () => clearTimeout(timer));
      }
    });

    app.decorate<Realtime>('realtime', {
      toUser(userId, notification) {
        io.to(channelOf(userId)).emit(NOTIFICATION_EVENT, notification);
      },
      localConnections: () => io.of('/').sockets.size,
    });

    // Before the HTTP server closes: open sockets would hold it, and the adapter's listening
    // connection must return to the pool before the pool ends.
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
      io.of('/').adapter.close();
      io.engine.close();
    });
  },
  { name: 'realtime' },
);
