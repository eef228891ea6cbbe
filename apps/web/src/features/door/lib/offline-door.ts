import type { CheckedInBy, GuestTicketState } from '@hafla/shared/door/guest-list';
import type {
  CheckInBatchResponse,
  CheckInListItem,
  CheckInResponse,
  CheckInResult,
} from '@hafla/shared/door/check-ins';
import { normalizeShortCode } from '@hafla/shared/door/short-code';

/**
 * The door's offline rules (docs/decisions/0015), kept free of IndexedDB and React so they are
 * tested as they are: how a scanned text is looked up in the device's copy of the list, how a
 * scan is judged without the server, and how the server's answers to queued scans are merged.
 */

/** A row of the device's copy of an event's check-in list. */
export interface StoredTicket extends CheckInListItem {
  event: number;
}

/** A scan judged on the device, waiting to be sent (POST /api/v1/check-ins/batch/). */
export interface QueuedScan {
  nonce: string;
  event: number;
  event_date?: number;
  code: string;
  scanned_at: string;
  device: string;
  /** What the device told the usher. */
  local_result: CheckInResult;
  ticket_id: number | null;
}

/** A queued scan the server judged otherwise than the device did (another device was first…). */
export interface Conflict {
  nonce: string;
  event: number;
  ticket_id: number | null;
  holder_name: string | null;
  scanned_at: string;
  local_result: CheckInResult;
  server_result: CheckInResult;
  checked_in_at: string | null;
  checked_in_by: CheckedInBy | null;
}

export const CODE_HASH_LENGTH = 32;

/** Lowercase hex SHA-256 of the UTF-8 text, first 32 characters (shared/door/short-code.ts). */
export async function hashCode(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, CODE_HASH_LENGTH);
}

export interface CodeLookup {
  field: 'code_hash' | 'short_code_hash';
  hash: string;
}

/** A typed short code is looked up by its normalized form, anything else as it was scanned. */
export async function lookupFor(scanned: string): Promise<CodeLookup> {
  const shortCode = normalizeShortCode(scanned.trim());
  if (shortCode) return { field: 'short_code_hash', hash: await hashCode(shortCode) };
  return { field: 'code_hash', hash: await hashCode(scanned) };
}

const REFUSED_STATES: Partial<Record<GuestTicketState, CheckInResult>> = {
  pending_approval: 'pending_approval',
  rejected: 'rejected',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

/**
 * The device's verdict, in the server's order: an unknown code is `invalid` (the device cannot
 * tell another event's ticket from a forgery), then the date, then the ticket's state, and only
 * then whether it is already in.
 */
export function judgeLocally(
  ticket: StoredTicket | undefined,
  eventDate: number | undefined,
): CheckInResult {
  if (!ticket) return 'invalid';
  if (eventDate !== undefined && ticket.event_date !== eventDate) return 'wrong_date';
  const refused = REFUSED_STATES[ticket.state];
  if (refused) return refused;
  if (ticket.state === 'checked_in' || ticket.checked_in_at !== null) return 'already_checked_in';
  return 'ok';
}

/** The row after the device let its holder in. */
export function checkedInLocally(
  ticket: StoredTicket,
  at: string,
  by: CheckedInBy | null,
): StoredTicket {
  return { ...ticket, state: 'checked_in', checked_in_at: at, checked_in_by: by };
}

/**
 * A row from the server replaces the device's, except that a check-in the device made and has
 * not sent yet stays: the server cannot know of it, and the holder is already inside.
 */
export function mergeServerRow(
  row: StoredTicket,
  current: StoredTicket | undefined,
  hasQueuedCheckIn: boolean,
): StoredTicket {
  if (!hasQueuedCheckIn || !current || current.state !== 'checked_in') return row;
  if (row.state === 'checked_in') return row;
  // Refused since (refunded, rejected): the server's word stands; the batch will say so.
  if (row.state !== 'valid') return row;
  return {
    ...row,
    state: 'checked_in',
    checked_in_at: current.checked_in_at,
    checked_in_by: current.checked_in_by,
  };
}

/** The ticket fields a check-in answer tells about, applied to the device's row. */
export function rowAfterAnswer(
  current: StoredTicket,
  answer: Pick<CheckInResponse, 'ticket' | 'checked_in_at' | 'checked_in_by'>,
): StoredTicket {
  if (!answer.ticket) return current;
  return {
    ...current,
    state: answer.ticket.state,
    checked_in_at:
      answer.checked_in_at ?? (answer.ticket.state === 'checked_in' ? current.checked_in_at : null),
    checked_in_by:
      answer.checked_in_by ?? (answer.ticket.state === 'checked_in' ? current.checked_in_by : null),
  };
}

export interface BatchOutcome {
  /** Nonces the server answered: they leave the queue. */
  answered: string[];
  /** Answers that differ from what the device said at the door. */
  conflicts: Conflict[];
}

/** Sorts the server's answers to a batch into done and disputed, by nonce. */
export function mergeBatchAnswers(
  sent: readonly QueuedScan[],
  response: CheckInBatchResponse,
): BatchOutcome {
  const byNonce = new Map(sent.map((scan) => [scan.nonce, scan]));
  const answered: string[] = [];
  const conflicts: Conflict[] = [];
  for (const answer of response.results) {
    const scan = byNonce.get(answer.nonce);
    if (!scan) continue;
    answered.push(scan.nonce);
    if (answer.result === scan.local_result) continue;
    conflicts.push({
      nonce: scan.nonce,
      event: scan.event,
      ticket_id: answer.ticket?.id ?? scan.ticket_id,
      holder_name: answer.ticket?.holder_name ?? null,
      scanned_at: scan.scanned_at,
      local_result: scan.local_result,
      server_result: answer.result,
      checked_in_at: answer.checked_in_at,
      checked_in_by: answer.checked_in_by,
    });
  }
  return { answered, conflicts };
}

/** Splits the queue into batches the API takes (MAX_CHECK_IN_BATCH), earliest scans first. */
export function batchesOf<T extends { scanned_at: string }>(
  queue: readonly T[],
  size: number,
): T[][] {
  const sorted = [...queue].sort((a, b) => a.scanned_at.localeCompare(b.scanned_at));
  const batches: T[][] = [];
  for (let start = 0; start < sorted.length; start += size) {
    batches.push(sorted.slice(start, start + size));
  }
  return batches;
}

/** Check-ins this device let through and has not sent yet, in all and by the ticket's date. */
export interface QueuedCheckIns {
  total: number;
  byDate: Record<number, number>;
}

/**
 * The check-ins waiting in the queue, once per ticket: the server's counts cannot include them
 * yet, so the page adds them. A scan leaves the queue when the server has answered it, and the
 * counts are read again after that, so nothing is counted twice.
 */
export function queuedCheckIns(
  queue: readonly QueuedScan[],
  ticketDate: (ticketId: number) => number | undefined,
): QueuedCheckIns {
  const tickets = new Map<number, number | undefined>();
  for (const scan of queue) {
    if (scan.local_result !== 'ok' || scan.ticket_id === null) continue;
    tickets.set(scan.ticket_id, ticketDate(scan.ticket_id) ?? scan.event_date);
  }
  const byDate: Record<number, number> = {};
  for (const date of tickets.values()) {
    if (date !== undefined) byDate[date] = (byDate[date] ?? 0) + 1;
  }
  return { total: tickets.size, byDate };
}

/** What the page shows as checked in: the server's count and this device's unsent check-ins. */
export function checkedInCount(
  serverCount: number,
  queued: QueuedCheckIns,
  eventDate: number | undefined,
): number {
  return serverCount + (eventDate === undefined ? queued.total : (queued.byDate[eventDate] ?? 0));
}

/** Results the door shows green, amber and red. */
export function verdictOf(result: CheckInResult): 'ok' | 'warning' | 'refused' {
  if (result === 'ok') return 'ok';
  if (result === 'already_checked_in') return 'warning';
  return 'refused';
}
