import type { Socket } from 'socket.io-client';

/** One room a page reads, and what it does with what the room says. */
export interface PublicRoom {
  /** The events that join and leave it, and the request both send (`{ event_date: 12 }`). */
  join: string;
  leave: string;
  request: Record<string, number>;
  /** Handlers by event name; each gets the payload as it came (the caller checks its shape). */
  on: Record<string, (payload: unknown) => void>;
  /** The socket came back after a break: what the room said meanwhile is missing. */
  onReconnect: () => void;
}

interface Subscription extends PublicRoom {
  hasJoined: boolean;
}

const subscriptions = new Set<Subscription>();
let socket: Socket | null = null;
let opening: Promise<void> | null = null;

function joinRoom(client: Socket, subscription: Subscription) {
  client.emit(subscription.join, subscription.request);
  if (subscription.hasJoined) subscription.onReconnect();
  subscription.hasJoined = true;
}

function open(): Promise<void> {
  opening ??= import('socket.io-client').then(({ io }) => {
    opening = null;
    if (subscriptions.size === 0 || socket) return;
    const client = io({
      path: '/socket.io/',
      auth: { anonymous: true },
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
    });
    socket = client;
    client.on('connect', () => {
      for (const subscription of subscriptions) joinRoom(client, subscription);
    });
    client.onAny((event: string, payload: unknown) => {
      for (const subscription of subscriptions) subscription.on[event]?.(payload);
    });
  });
  return opening;
}

/**
 * Public rooms (a date's seat map, an event's availability: decisions 0020 and 0025), read on
 * one anonymous read-only socket per page however many rooms it reads — signed in or not, since
 * the rooms tell no one's secrets and the reader's notification channel stays as it is. The
 * socket (and socket.io-client) comes with the first room and goes with the last. Returns the
 * way to leave.
 */
export function readPublicRoom(room: PublicRoom): () => void {
  const subscription: Subscription = { ...room, hasJoined: false };
  subscriptions.add(subscription);
  if (socket?.connected) joinRoom(socket, subscription);
  else if (!socket) void open();
  return () => {
    subscriptions.delete(subscription);
    if (socket?.connected) socket.emit(subscription.leave, subscription.request);
    if (subscriptions.size > 0 || !socket) return;
    socket.disconnect();
    socket.removeAllListeners();
    socket.offAny();
    socket = null;
  };
}
