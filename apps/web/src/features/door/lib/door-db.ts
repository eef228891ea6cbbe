import { Dexie } from 'dexie';
import type { EntityTable, Table } from 'dexie';
import type { Conflict, QueuedScan, StoredTicket } from './offline-door';

/** Where the device's copy of one event's list has got to. */
export interface ListState {
  event: number;
  /** The check-in list's cursor (`since`) for the next delta. */
  cursor: string;
  synced_at: string;
}

export type DoorDatabase = Dexie & {
  tickets: Table<StoredTicket, [number, number]>;
  scans: EntityTable<QueuedScan, 'nonce'>;
  conflicts: EntityTable<Conflict, 'nonce'>;
  lists: EntityTable<ListState, 'event'>;
};

/**
 * The door's IndexedDB (docs/decisions/0015), one per account so two people sharing a device
 * never see each other's lists or queues: the events' check-in lists, the scans waiting to be
 * sent, and the answers that differed from what the device said at the door.
 */
export function openDoorDatabase(userId: string): DoorDatabase {
  const db = new Dexie(`hafla-door-${userId}`) as DoorDatabase;
  db.version(1).stores({
    tickets: '[event+id], [event+code_hash], [event+short_code_hash], event',
    scans: 'nonce, event, scanned_at',
    conflicts: 'nonce, event',
    lists: 'event',
  });
  return db;
}

const opened = new Map<string, DoorDatabase>();

export function doorDatabaseOf(userId: string): DoorDatabase {
  let db = opened.get(userId);
  if (!db) {
    db = openDoorDatabase(userId);
    opened.set(userId, db);
  }
  return db;
}
