import { createAdapter } from '@socket.io/postgres-adapter';
import type { Notification } from '@hafla/shared/notifications/notifications';
import { NOTIFICATION_EVENT, TOKEN_EXPIRED_EVENT } from '@hafla/shared/notifications/notifications';
import { isLanguage, LANGUAGES, negotiateLanguage, type Language } from '@hafla/shared/common/i18n';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { Server } from 'socket.io';
import { watchConnections } from '../db/client';
import type { SessionState, SessionsEnded } from '../lib/session-state';
import { verifyAccessToken } from '../lib/tokens';
import {
  SEATS_CHANGED_EVENT,
  SEATS_JOIN_EVENT,
  SEATS_LEAVE_EVENT,
  seatRoomOf,
  type SeatsChanged,
} from '@hafla/shared/charts/seats';
import {
  AVAILABILITY_CHANGED_EVENT,
  AVAILABILITY_JOIN_EVENT,
  AVAILABILITY_LEAVE_EVENT,
  availabilityRoomOf,
  type AvailabilityChanged,
} from '@hafla/shared/bookings/availability';
import type { SeatFeed } from '../modules/bookings/surface';
import type { AvailabilityRooms } from '../modules/bookings/availability-feed';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** A notification for one user's channel, rendered in each language a client may show. */
export interface Delivery {
  userId: string;
  rendered: Record<Language, Notification>;
}

/** Pushes to users' channels, whichever API process their sockets are connected to. */
export interface Realtime {
  /** One message to the other processes for the whole batch, however many users it names. */
  push(deliveries: Delivery[]): void;
  /**
   * Closes every socket of the user on every process (an usher removed: decision 0014). The
   * client may connect again, as the attendee it still is.
   */
  disconnect(userId: string): void;
  /** Sockets connected to this process (health and tests). */
  localConnections(): number;
  /** Seat changes to the slots' seat rooms, on every process (decision 0020). */
  seatFeed: SeatFeed;
  /** What is left, to the booking pages open on this process (decision 0025). */
  availability: AvailabilityRooms;
}

/**
 * Rooms anyone may read, signed in or not (what they carry is public): a date's seat map, an
 * event's availability. The server is the only one that emits to them; a socket may be in a few
 * of each kind at once (a page shows one).
 */
const PUBLIC_ROOMS = [
  { join: SEATS_JOIN_EVENT, leave: SEATS_LEAVE_EVENT, field: 'event_date', roomOf: seatRoomOf },
  {
    join: AVAILABILITY_JOIN_EVENT,
    leave: AVAILABILITY_LEAVE_EVENT,
    field: 'event',
    roomOf: availabilityRoomOf,
  },
].map((kind) => ({ ...kind, prefix: kind.roomOf(0).slice(0, -1) }));
const MAX_ROOMS_OF_A_KIND = 4;
const AVAILABILITY_PREFIX = availabilityRoomOf(0).slice(0, -1);

export interface RealtimePluginOptions {
  jwtSecret: string;
  corsOrigins: string[];
  /** PostgreSQL: pushes cross processes through LISTEN/NOTIFY. Absent (PGlite): in-process. */
  databaseUrl?: string;
  /** Ended sessions: a connection of one is refused, and closed when it ends (decision 0008). */
  sessions: SessionState;
}

/** To a user's sockets. */
interface ServerToClientEvents {
  [NOTIFICATION_EVENT]: (notification: Notification) => void;
  [TOKEN_EXPIRED_EVENT]: () => void;
  [SEATS_CHANGED_EVENT]: (change: SeatsChanged) => void;
  [AVAILABILITY_CHANGED_EVENT]: (change: AvailabilityChanged) => void;
}

type JoinRequest = (request: unknown, answer?: (result: { ok: boolean }) => void) => void;
type LeaveRequest = (request: unknown) => void;

/** From a client: the public rooms it reads. */
interface ClientToServerEvents {
  [SEATS_JOIN_EVENT]: JoinRequest;
  [SEATS_LEAVE_EVENT]: LeaveRequest;
  [AVAILABILITY_JOIN_EVENT]: JoinRequest;
  [AVAILABILITY_LEAVE_EVENT]: LeaveRequest;
}

/** What a connection is known by once its token is verified. */
interface SocketData {
  /** Empty for an anonymous socket (it may only read seat rooms). */
  userId: string;
  language: Language;
  /** Seconds since the epoch, from the token. */
  expiresAt: number | undefined;
  /** The token's session and session version (absent on tokens issued before they existed). */
  sessionId: string | undefined;
  sessionVersion: number | undefined;
}

/** Between API processes: a batch of deliveries, each process emitting to its own sockets. */
interface ServerSideEvents {
  deliveries: (deliveries: Delivery[]) => void;
}

/**
 * A user's channel is named for their id; each socket joins it in the language its client
 * shows (`auth.language`, else Accept-Language), so two tabs in two languages each read theirs.
 */
function channelOf(userId: string, language: Language): string {
  return `user:${userId}:${language}`;
}

/**
 * The adapter's connections. It keeps one checked out for LISTEN and, when that connection ends
 * (PostgreSQL restarted), takes a new one two seconds later and listens again, but never gives
 * the dead one back: each outage would leak a slot until none is left. So the adapter is given a
 * pool whose clients are released as broken when they end (the pool drops them), and every error
 * is logged instead of ending the process. `close` releases whatever the adapter still holds,
 * also a client it was still setting up, and answers its later reconnections never, so no
 * timer outlives the app; then the pool ends.
 */
function adapterPool(
  connectionString: string,
  log: FastifyBaseLogger,
): { listenerPool: pg.Pool; close(): Promise<void> } {
  const pool = new pg.Pool({
    connectionString,
    max: 3,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    application_name: 'hafla-realtime',
  });
  watchConnections(pool, (error) => log.warn({ err: error }, 'realtime database connection lost'));
  const held = new Set<pg.PoolClient>();
  let closed = false;
  const releaseBroken = (client: pg.PoolClient, reason: string) => {
    held.delete(client);
    try {
      client.release(new Error(reason));
    } catch {
      // released already (the adapter's own close)
    }
  };
  const never = new Promise<pg.PoolClient>(() => undefined);
  const listenerPool: Pick<pg.Pool, 'query'> & { connect(): Promise<pg.PoolClient> } = {
    query: pool.query.bind(pool),
    async connect() {
      if (closed) return never;
      const client = await pool.connect();
      if (closed) {
        releaseBroken(client, 'closing');
        return never;
      }
      held.add(client);
      client.once('end', () => releaseBroken(client, 'connection ended'));
      return client;
    },
  };
  return {
    listenerPool: listenerPool as unknown as pg.Pool,
    async close() {
      closed = true;
      for (const client of [...held]) releaseBroken(client, 'closing');
      await pool.end();
    },
  };
}

/**
 * How the adapter carries messages between processes. PostgreSQL takes a NOTIFY payload shorter
 * than 8000 bytes; the adapter (0.5.0, the newest in the registry here) sends one of exactly
 * 8000 bytes as a NOTIFY, which fails, and the message is lost for the other processes (seen
 * twice in a 20-second checkout rush: a batch of notifications). Over this threshold (8000 bytes
 * and more) it stores the message in `socket_io_attachments` and notifies its id (fixed upstream
 * after 0.5.0: socketio/socket.io-postgres-adapter#17).
 */
export const adapterOptions = (log: FastifyBaseLogger) => ({
  payloadThreshold: 7_999,
  errorHandler: (error: Error) => log.warn({ err: error }, 'realtime adapter error'),
});

/**
 * socket.io on the API's own HTTP server (path `/socket.io/`). A connection presents its access
 * token as `auth: { token }` (and may name its language, `auth: { language }`); it joins only
 * its own user's channel and is ended when the token
 * expires (after a `token_expired` event), so the client reconnects with a fresh one.
 */
export const realtimePlugin = fp<RealtimePluginOptions>(
  async (app, { jwtSecret, corsOrigins, databaseUrl, sessions }) => {
    // A pool of its own: the adapter keeps one connection checked out for LISTEN, which must
    // neither count against the API's pool nor keep that pool from closing.
    const pools = databaseUrl ? adapterPool(databaseUrl, app.log) : null;
    const io = new Server<ClientToServerEvents, ServerToClientEvents, ServerSideEvents, SocketData>(
      app.server,
      {
        path: '/socket.io/',
        serveClient: false,
        cors: corsOrigins.length > 0 ? { origin: corsOrigins, credentials: true } : undefined,
        ...(pools && {
          adapter: createAdapter(pools.listenerPool, adapterOptions(app.log)),
        }),
      },
    );

    io.use((socket, next) => {
      const token: unknown = (socket.handshake.auth as { token?: unknown }).token;
      const refuse = (code: 'not_authenticated' | 'token_not_valid') => {
        const error = new Error(code) as Error & { data: { code: string } };
        error.data = { code };
        next(error);
      };
      // `auth: { anonymous: true }` and no token: a reader of seat maps, in no user's channel.
      const anonymous: unknown = (socket.handshake.auth as { anonymous?: unknown }).anonymous;
      if (anonymous === true && token === undefined) {
        socket.data.userId = '';
        socket.data.language = negotiateLanguage(socket.handshake.headers['accept-language']);
        return next();
      }
      if (typeof token !== 'string' || token === '') return refuse('not_authenticated');
      verifyAccessToken(jwtSecret, token).then(
        (verified) => {
          const claims = verified && sessions.check(verified);
          if (!claims) return refuse('token_not_valid');
          const asked: unknown = (socket.handshake.auth as { language?: unknown }).language;
          socket.data.userId = claims.userId;
          socket.data.language = isLanguage(asked)
            ? asked
            : negotiateLanguage(socket.handshake.headers['accept-language']);
          socket.data.expiresAt = claims.expiresAt;
          socket.data.sessionId = claims.sessionId;
          socket.data.sessionVersion = claims.sessionVersion;
          next();
        },
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
    });

    // The events with an open booking page here, and the figures each was last sent.
    const watchedEvents = new Set<number>();
    const lastAvailability = new Map<number, { change: AvailabilityChanged; json: string }>();
    const eventOfRoom = (room: unknown) =>
      typeof room === 'string' && room.startsWith(AVAILABILITY_PREFIX)
        ? Number(room.slice(AVAILABILITY_PREFIX.length))
        : null;
    const rooms = io.of('/').adapter;
    rooms.on('create-room', (room: unknown) => {
      const event = eventOfRoom(room);
      if (event !== null) watchedEvents.add(event);
    });
    rooms.on('delete-room', (room: unknown) => {
      const event = eventOfRoom(room);
      if (event === null) return;
      watchedEvents.delete(event);
      lastAvailability.delete(event);
    });

    io.on('connection', (socket) => {
      const { userId, language, expiresAt } = socket.data;
      for (const { join, leave, field, roomOf, prefix } of PUBLIC_ROOMS) {
        const idOf = (request: unknown) => {
          const id = (request as Record<string, unknown> | null)?.[field];
          return Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : null;
        };
        socket.on(join as typeof SEATS_JOIN_EVENT, (request, answer) => {
          const id = idOf(request);
          const joined = [...socket.rooms].filter((room) => room.startsWith(prefix)).length;
          const ok = id !== null && joined < MAX_ROOMS_OF_A_KIND;
          if (ok) {
            void socket.join(roomOf(id));
            // A page that joins has the figures at once (at most an interval old).
            const last = join === AVAILABILITY_JOIN_EVENT && lastAvailability.get(id);
            if (last) socket.emit(AVAILABILITY_CHANGED_EVENT, last.change);
          }
          if (typeof answer === 'function') answer({ ok });
        });
        socket.on(leave as typeof SEATS_LEAVE_EVENT, (request) => {
          const id = idOf(request);
          if (id !== null) void socket.leave(roomOf(id));
        });
      }
      if (userId === '') return;
      void socket.join(channelOf(userId, language));
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

    // Every process hears every ended session and closes its own sockets of it; the client's
    // reconnection is then refused, and its refresh too, so it signs out.
    const closeEnded = ({ userId, families, validFrom }: SessionsEnded) => {
      const namespace = io.of('/');
      const ended = LANGUAGES.flatMap((language) =>
        [...(namespace.adapter.rooms.get(channelOf(userId, language)) ?? [])].flatMap((id) => {
          const socket = namespace.sockets.get(id);
          if (!socket) return [];
          const { sessionId, sessionVersion } = socket.data;
          const isEnded =
            (sessionId !== undefined && families.includes(sessionId)) ||
            (validFrom !== undefined && sessionVersion !== undefined && sessionVersion < validFrom);
          return isEnded ? [socket] : [];
        }),
      );
      for (const socket of ended) socket.disconnect(true);
    };
    const stopClosingEnded = sessions.onEnded(closeEnded);

    const deliverHere = (deliveries: Delivery[]) => {
      for (const { userId, rendered } of deliveries) {
        for (const language of LANGUAGES) {
          io.local.to(channelOf(userId, language)).emit(NOTIFICATION_EVENT, rendered[language]);
        }
      }
    };
    io.on('deliveries', deliverHere);
    let closing = false;

    app.decorate<Realtime>('realtime', {
      push(deliveries) {
        // Shutting down: the sockets are gone and their clients refetch when they reconnect.
        if (closing || deliveries.length === 0) return;
        deliverHere(deliveries);
        // One process (PGlite) has no one else to tell.
        if (pools) io.serverSideEmit('deliveries', deliveries);
      },
      disconnect(userId) {
        if (closing) return;
        // Through the adapter: the other processes close theirs too.
        io.in(LANGUAGES.map((language) => channelOf(userId, language))).disconnectSockets(true);
      },
      localConnections: () => io.of('/').sockets.size,
      seatFeed: {
        changed(eventDateId, seats, status) {
          if (closing || seats.length === 0) return;
          // Through the adapter: every process emits to its own sockets in the room.
          io.to(seatRoomOf(eventDateId)).emit(SEATS_CHANGED_EVENT, {
            event_date: eventDateId,
            seats: seats.map((id) => ({ id, status })),
          });
        },
      },
      availability: {
        watched: () => [...watchedEvents],
        send(change) {
          if (closing || !watchedEvents.has(change.event)) return;
          const json = JSON.stringify(change);
          if (lastAvailability.get(change.event)?.json === json) return;
          lastAvailability.set(change.event, { change, json });
          // This process's sockets only: every process reads for its own (decision 0025).
          io.local.to(availabilityRoomOf(change.event)).emit(AVAILABILITY_CHANGED_EVENT, change);
        },
      },
    });

    // Before the HTTP server closes: open sockets would hold it.
    app.addHook('preClose', async () => {
      closing = true;
      stopClosingEnded();
      io.local.disconnectSockets(true);
      io.of('/').adapter.close();
      io.engine.close();
      await pools?.close();
    });
  },
  { name: 'realtime' },
);
