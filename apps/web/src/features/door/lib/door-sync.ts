import type { CheckedInBy } from '@hafla/shared/door/guest-list';
import type {
  CheckInBatchRequest,
  CheckInBatchResponse,
  CheckInList,
  CheckInRequest,
  CheckInResponse,
  CheckInResult,
} from '@hafla/shared/door/check-ins';
import { isApiError } from '../../../lib/api-client';
import { getCheckInList, postCheckIn, postCheckInBatch } from '../api/guest-list';
import type { DoorDatabase } from './door-db';
import {
  batchesOf,
  checkedInLocally,
  judgeLocally,
  lookupFor,
  mergeBatchAnswers,
  mergeServerRow,
  rowAfterAnswer,
} from './offline-door';
import type { QueuedScan, StoredTicket } from './offline-door';

/** Mirrors MAX_CHECK_IN_BATCH without importing zod into the page. */
export const BATCH_SIZE = 500;

export interface DoorApi {
  checkIn: (request: CheckInRequest) => Promise<CheckInResponse>;
  checkInBatch: (request: CheckInBatchRequest) => Promise<CheckInBatchResponse>;
  checkInList: (eventId: number, since: string | undefined) => Promise<CheckInList>;
}

const defaultApi: DoorApi = {
  checkIn: postCheckIn,
  checkInBatch: postCheckInBatch,
  checkInList: getCheckInList,
};

export interface ScanOutcome {
  code: string;
  result: CheckInResult;
  holderName: string | null;
  categoryName: string | null;
  checkedInAt: string | null;
  checkedInBy: CheckedInBy | null;
  /** Judged on this device; the server hears of it when the connection returns. */
  isOffline: boolean;
}

/** The API was not reached (no network, or it failed): the device judges and queues. */
function isUnreachable(error: unknown): boolean {
  return isApiError(error) && (error.status === 0 || error.status >= 500);
}

function newNonce(): string {
  return crypto.randomUUID();
}

let lastScanTime = 0;

/**
 * The time a scan is queued with, later than the one before it: the queue is sent earliest
 * first (batchesOf), and two scans within one millisecond (a scanner's burst) keep the order
 * they were made in rather than their random keys'.
 */
function nextScanTime(): string {
  lastScanTime = Math.max(Date.now(), lastScanTime + 1);
  return new Date(lastScanTime).toISOString();
}

/**
 * One event's door on this device (docs/decisions/0015). Online, a scan asks the server and
 * the answer updates the device's list; offline (or when the server cannot be reached) the scan
 * is judged against the list in IndexedDB, shown at once, and queued with the device's time and
 * a nonce. `sync` sends the queue (earliest first, in batches; the nonce makes a resend safe) and
 * then fetches what changed in the list since the last cursor.
 */
export class DoorSync {
  private syncing: Promise<number> | null = null;
  private isClosed = false;

  constructor(
    private readonly db: DoorDatabase,
    private readonly eventId: number,
    private readonly device: string,
    private readonly me: CheckedInBy,
    private readonly api: DoorApi = defaultApi,
  ) {}

  async scan(code: string, eventDate: number | undefined, isOnline: boolean): Promise<ScanOutcome> {
    const trimmed = code.trim();
    if (isOnline) {
      try {
        // Scans waiting in the queue go first, so the server judges this one knowing of them.
        if ((await this.queueLength()) > 0) await this.sync().catch(() => {});
        const answer = await this.api.checkIn({
          code: trimmed,
          event: this.eventId,
          ...(eventDate !== undefined ? { event_date: eventDate } : {}),
          nonce: newNonce(),
          device: this.device,
        });
        await this.applyAnswer(answer);
        return {
          code: trimmed,
          result: answer.result,
          holderName: answer.ticket?.holder_name ?? null,
          categoryName: answer.ticket?.ticket_category.name ?? null,
          checkedInAt: answer.checked_in_at,
          checkedInBy: answer.checked_in_by,
          isOffline: false,
        };
      } catch (error) {
        if (!isUnreachable(error)) throw error;
      }
    }
    return this.scanOffline(trimmed, eventDate);
  }

  private async applyAnswer(answer: CheckInResponse): Promise<void> {
    if (!answer.ticket) return;
    const key: [number, number] = [this.eventId, answer.ticket.id];
    const current = await this.db.tickets.get(key);
    if (current) await this.db.tickets.put(rowAfterAnswer(current, answer));
  }

  private async scanOffline(code: string, eventDate: number | undefined): Promise<ScanOutcome> {
    const lookup = await lookupFor(code);
    const { db } = this;
    return db.transaction('rw', db.tickets, db.scans, async () => {
      const ticket = await db.tickets
        .where(`[event+${lookup.field}]`)
        .equals([this.eventId, lookup.hash])
        .first();
      const result = judgeLocally(ticket, eventDate);
      const scannedAt = nextScanTime();
      let shown: StoredTicket | undefined = ticket;
      if (ticket && result === 'ok') {
        shown = checkedInLocally(ticket, scannedAt, this.me);
        await db.tickets.put(shown);
      }
      const queued: QueuedScan = {
        nonce: newNonce(),
        event: this.eventId,
        ...(eventDate !== undefined ? { event_date: eventDate } : {}),
        code,
        scanned_at: scannedAt,
        device: this.device,
        local_result: result,
        ticket_id: ticket?.id ?? null,
      };
      // Every scan is recorded on the server, refused ones too; a check-in must reach it.
      await db.scans.add(queued);
      return {
        code,
        result,
        holderName: ticket?.holder_name ?? null,
        categoryName: ticket?.ticket_category.name ?? null,
        checkedInAt: shown?.checked_in_at ?? null,
        checkedInBy: shown?.checked_in_by ?? null,
        isOffline: true,
      };
    });
  }

  queueLength(): Promise<number> {
    return this.db.scans.where('event').equals(this.eventId).count();
  }

  /** The page has gone: a sync under way sends nothing more (until `open` again). */
  close(): void {
    this.isClosed = true;
  }

  open(): void {
    this.isClosed = false;
  }

  /** Sends the queue, then reads the list's changes; one run at a time. Answers how many scans the server answered. */
  sync(): Promise<number> {
    this.syncing ??= (async () => {
      try {
        // A batch the server failed (a 5xx) waits for the next sync; the list is read anyway.
        const flushed = await this.flush().then(
          (sent) => ({ sent, error: null }),
          (error: unknown) => ({ sent: 0, error: error ?? new Error('sync failed') }),
        );
        await this.refreshList();
        if (flushed.error) throw flushed.error;
        return flushed.sent;
      } finally {
        this.syncing = null;
      }
    })();
    return this.syncing;
  }

  private async flush(): Promise<number> {
    const queue = await this.db.scans.where('event').equals(this.eventId).toArray();
    let sent = 0;
    for (const batch of batchesOf(queue, BATCH_SIZE)) {
      if (this.isClosed) return sent;
      const response = await this.api.checkInBatch({
        scans: batch.map((scan) => ({
          code: scan.code,
          event: scan.event,
          ...(scan.event_date !== undefined ? { event_date: scan.event_date } : {}),
          nonce: scan.nonce,
          scanned_at: scan.scanned_at,
          device: scan.device,
        })),
      });
      const { answered, conflicts } = mergeBatchAnswers(batch, response);
      const { db } = this;
      await db.transaction('rw', db.tickets, db.scans, db.conflicts, async () => {
        for (const answer of response.results) await this.applyAnswer(answer);
        await db.conflicts.bulkPut(conflicts);
        await db.scans.bulkDelete(answered);
      });
      sent += answered.length;
    }
    return sent;
  }

  private async refreshList(): Promise<void> {
    const { db } = this;
    let state = await db.lists.get(this.eventId);
    for (;;) {
      if (this.isClosed) return;
      const page = await this.api.checkInList(this.eventId, state?.cursor);
      await db.transaction('rw', db.tickets, db.scans, db.lists, async () => {
        const queued = await db.scans.where('event').equals(this.eventId).toArray();
        const queuedCheckIns = new Set(
          queued.filter((scan) => scan.local_result === 'ok').map((scan) => scan.ticket_id),
        );
        const rows = page.results.map((item) => ({ ...item, event: this.eventId }));
        const current = await db.tickets.bulkGet(rows.map((row) => [this.eventId, row.id]));
        await db.tickets.bulkPut(
          rows.map((row, index) => mergeServerRow(row, current[index], queuedCheckIns.has(row.id))),
        );
        state = { event: this.eventId, cursor: page.cursor, synced_at: new Date().toISOString() };
        await db.lists.put(state);
      });
      if (!page.more) return;
    }
  }

  async clearConflicts(): Promise<void> {
    await this.db.conflicts.where('event').equals(this.eventId).delete();
  }
}
