import { useQueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { User } from '@hafla/shared/auth/users';
import { userDisplayName } from '../../../components/user-avatar';
import { guestListKeyOf } from '../../../lib/realtime-refetch';
import { doorDatabaseOf } from './door-db';
import { DoorSync } from './door-sync';
import type { ScanOutcome } from './door-sync';
import { queuedCheckIns as countQueuedCheckIns } from './offline-door';
import type { Conflict, QueuedCheckIns } from './offline-door';

/** While online the queue is sent and the list's changes fetched this often. */
export const SYNC_INTERVAL_MS = 15_000;
const DEVICE_KEY = 'hafla-door-device';

function subscribeToConnection(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** The browser's own idea of the connection; a request that fails is treated as offline too. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
}

/** This device's name in the scans' history: random, kept for the browser's life. */
export function deviceId(): string {
  try {
    let id = window.localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = `web-${crypto.randomUUID()}`;
      window.localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return 'web';
  }
}

function useLive<T>(query: () => Promise<T>, initial: T, deps: unknown[]): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: setValue,
      error: () => {},
    });
    return () => subscription.unsubscribe();
    // The query is rebuilt from `deps`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}

export interface DoorState {
  isOnline: boolean;
  queueLength: number;
  conflicts: Conflict[];
  /** Tickets of the event on this device, and how many of them are in. */
  stored: { total: number; checkedIn: number };
  /** Check-ins let through on this device and not sent yet (the server's counts lack them). */
  queuedCheckIns: QueuedCheckIns;
  syncedAt: string | null;
  isSyncing: boolean;
  /** The last sync failed with this (a refused access, the server down). */
  syncError: unknown;
  scan: (code: string, eventDate: number | undefined) => Promise<ScanOutcome>;
  sync: () => Promise<void>;
  clearConflicts: () => Promise<void>;
}

/** One event's door on this device for the signed-in usher or organizer. */
export function useDoor(eventId: number, user: User): DoorState {
  const queryClient = useQueryClient();
  const isOnline = useIsOnline();
  const db = doorDatabaseOf(user.id);
  const engine = useMemo(
    () =>
      new DoorSync(db, eventId, deviceId(), {
        id: user.id,
        name: userDisplayName(user),
      }),
    [db, eventId, user],
  );
  useEffect(() => {
    engine.open();
    return () => engine.close();
  }, [engine]);
  const [isSyncing, setIsSyncing] = useState(false);
  const [syncError, setSyncError] = useState<unknown>(null);

  const queueLength = useLive(() => db.scans.where('event').equals(eventId).count(), 0, [
    db,
    eventId,
  ]);
  const conflicts = useLive(
    () => db.conflicts.where('event').equals(eventId).sortBy('scanned_at'),
    [] as Conflict[],
    [db, eventId],
  );
  const stored = useLive(
    async () => {
      const rows = await db.tickets.where('event').equals(eventId).toArray();
      return {
        total: rows.length,
        checkedIn: rows.filter((row) => row.state === 'checked_in').length,
      };
    },
    { total: 0, checkedIn: 0 },
    [db, eventId],
  );
  const queuedCheckIns = useLive(
    async () => {
      const queue = await db.scans.where('event').equals(eventId).toArray();
      const ids = [
        ...new Set(queue.flatMap((scan) => (scan.ticket_id === null ? [] : [scan.ticket_id]))),
      ];
      const rows = await db.tickets.bulkGet(ids.map((id): [number, number] => [eventId, id]));
      const dates = new Map(
        rows.flatMap((row) => (row ? [[row.id, row.event_date] as const] : [])),
      );
      return countQueuedCheckIns(queue, (id) => dates.get(id));
    },
    { total: 0, byDate: {} } as QueuedCheckIns,
    [db, eventId],
  );
  const syncedAt = useLive(
    async () => (await db.lists.get(eventId))?.synced_at ?? null,
    null as string | null,
    [db, eventId],
  );

  const sync = useCallback(async () => {
    setIsSyncing(true);
    try {
      const sent = await engine.sync();
      setSyncError(null);
      // Scans the server took while the list was on screen: its counts are stale.
      if (sent > 0) void queryClient.invalidateQueries({ queryKey: guestListKeyOf(eventId) });
    } catch (error) {
      setSyncError(error);
    } finally {
      setIsSyncing(false);
    }
  }, [engine, eventId, queryClient]);

  // Online: at once (the page opened, the connection came back), then every SYNC_INTERVAL_MS.
  useEffect(() => {
    if (!isOnline) return;
    const first = setTimeout(() => void sync(), 0);
    const timer = setInterval(() => void sync(), SYNC_INTERVAL_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [isOnline, sync]);

  const scan = useCallback(
    async (code: string, eventDate: number | undefined) => {
      const outcome = await engine.scan(code, eventDate, navigator.onLine);
      return outcome;
    },
    [engine],
  );
  const clearConflicts = useCallback(() => engine.clearConflicts(), [engine]);

  return {
    isOnline,
    queueLength,
    conflicts,
    stored,
    queuedCheckIns,
    syncedAt,
    isSyncing,
    syncError,
    scan,
    sync,
    clearConflicts,
  };
}
