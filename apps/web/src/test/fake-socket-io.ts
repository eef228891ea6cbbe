import type { Notification } from '@hafla/shared/notifications/notifications';

type Listener = (...args: unknown[]) => void;

/** What a client sent when it (re)connected: the `auth` payload the server would verify. */
export interface Handshake {
  token?: unknown;
  language?: unknown;
}

/**
 * socket.io-client's `io()` at the network's edge, for component tests: the test plays the
 * server (accepts, refuses with a code, pushes events, ends the connection) and reads what the
 * client sent. Only the surface the app uses is here.
 */
export class FakeSocket {
  readonly options: Record<string, unknown>;
  readonly handshakes: Handshake[] = [];
  connected = false;
  /** Like socket.io's: true while the client means to be connected (and retries on its own). */
  active = false;
  /** What the client emitted, in order (`[event, ...args]`). */
  readonly sent: unknown[][] = [];
  private listeners = new Map<string, Set<Listener>>();
  private anyListeners = new Set<Listener>();

  constructor(options: Record<string, unknown> = {}) {
    this.options = options;
    fakeSockets.push(this);
    if (options.autoConnect !== false) this.connect();
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  onAny(listener: Listener): this {
    this.anyListeners.add(listener);
    return this;
  }

  offAny(listener?: Listener): this {
    if (listener) this.anyListeners.delete(listener);
    else this.anyListeners.clear();
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.sent.push([event, ...args]);
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  connect(): this {
    if (this.connected) return this;
    this.active = true;
    const auth = this.options.auth;
    if (typeof auth === 'function') {
      (auth as (send: (data: Handshake) => void) => void)((data) => this.handshakes.push(data));
    } else {
      this.handshakes.push((auth ?? {}) as Handshake);
    }
    return this;
  }

  disconnect(): this {
    const wasConnected = this.connected;
    this.connected = false;
    this.active = false;
    if (wasConnected) this.emitLocal('disconnect', 'io client disconnect');
    return this;
  }

  // The server's side.

  accept(): void {
    this.connected = true;
    this.emitLocal('connect');
  }

  refuse(code: string): void {
    this.active = false;
    const error = Object.assign(new Error(code), { data: { code } });
    this.emitLocal('connect_error', error);
  }

  push(notification: Notification): void {
    this.serverEmit('notification', notification);
  }

  /** An event from the server, as socket.io delivers it (to `onAny` listeners too). */
  serverEmit(event: string, ...args: unknown[]): void {
    for (const listener of [...this.anyListeners]) listener(event, ...args);
    this.emitLocal(event, ...args);
  }

  /** The server ends the connection, as it does when the token expires. */
  end(): void {
    this.emitLocal('token_expired');
    this.connected = false;
    this.active = false;
    this.emitLocal('disconnect', 'io server disconnect');
  }

  private emitLocal(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
}

export const fakeSockets: FakeSocket[] = [];

export function io(options?: Record<string, unknown>): FakeSocket {
  return new FakeSocket(options);
}

/** The socket the app opened last, once it has asked for its token. */
export function latestSocket(): FakeSocket | undefined {
  return fakeSockets.at(-1);
}

export function resetFakeSockets(): void {
  fakeSockets.length = 0;
}
