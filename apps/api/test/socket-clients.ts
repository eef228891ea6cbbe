import { io, type Socket } from 'socket.io-client';
import { Notification, NOTIFICATION_EVENT } from '@hafla/shared/notifications/notifications';

/** socket.io clients of the realtime channel, for the tests of one API process or of several. */
export class SocketClients {
  private readonly sockets: Socket[] = [];

  /** Connects to `url`; resolves once connected, or rejects with the refusal's code. */
  connect(url: string, token: unknown, language?: string): Promise<Socket> {
    const socket = io(url, {
      auth: { token, ...(language && { language }) },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    this.sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (error: Error & { data?: { code?: string } }) =>
        reject(new Error(error.data?.code ?? error.message)),
      );
    });
  }

  closeAll(): void {
    for (const socket of this.sockets.splice(0)) socket.disconnect();
  }
}

/** Every notification the socket receives from now on, checked against the contract. */
export function collectNotifications(socket: Socket): Notification[] {
  const received: Notification[] = [];
  socket.on(NOTIFICATION_EVENT, (payload: unknown) => received.push(Notification.parse(payload)));
  return received;
}
