import type {
  CheckInBatchRequest,
  CheckInBatchResponse,
  CheckInEntry,
  CheckInHistory,
  CheckInList,
  CheckInListQuery,
  CheckInRequest,
  CheckInResponse,
  CheckInResult,
  CheckInUndoRequest,
  CheckInUndoResponse,
} from '@hafla/shared/door/check-ins';
import type { ApproveRejectRequest, GuestTicket } from '@hafla/shared/door/guest-list';
import type { z } from 'zod';
import { formatInZone } from '@hafla/shared/common/zoned-time';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, tickets } from '../../db/schema/bookings';
import { AppError, fieldError, notFound } from '../../lib/app-error';
import {
  parseShortCode,
  shortCodeMatches,
  ticketCodeHashes,
  verifyTicketCode,
  type TicketCode,
} from '../../lib/tickets/ticket-code';
import { addNotifications, queueNotificationMailsOf } from '../notifications/notify';
import { rejectTicket } from '../payments/refunds';
import { assertSupervisor, doorAccess, type DoorAccess } from '../ushers/access';
import * as queries from './queries';
import { quickScan } from './quick-scan';
import { checkedInByOf, holderNameOf, stateOf, toCheckInTicket, toGuestTicket } from './views';

export interface DoorDeps {
  db: Db;
  /** ticketQrKey(JWT_SECRET): the key the QR codes and short codes are verified with. */
  qrKey: Buffer;
  now: () => Date;
  /** After the commit: push the notifications the transaction wrote. */
  notify: (notificationIds: number[]) => void;
  /** After the commit of queued mail. */
  onMailQueued: () => void;
  /** Rejection refunds through payments. */
  payments: Parameters<typeof rejectTicket>[0];
}

/** A paid ticket the reader may act on at the door (404 for anyone else's). */
async function doorTicket(deps: DoorDeps, userId: string, ticketId: number) {
  const row = await queries.findDoorTicket(deps.db, ticketId);
  if (!row || row.booking_confirmed_at === null) throw notFound();
  const access = await doorAccess(deps.db, userId, row.ticket.event_id);
  return { row, access };
}

/**
 * PATCH /api/v1/tickets/{id}/approve-reject/ — `pending_approval → valid | rejected`. Approval
 * takes the booking's lock, as a rejection's refund does, so the two never both apply.
 */
export async function approveReject(
  deps: DoorDeps,
  userId: string,
  ticketId: number,
  input: ApproveRejectRequest,
): Promise<GuestTicket> {
  const { row, access } = await doorTicket(deps, userId, ticketId);
  assertSupervisor(access);
  const { ticket } = row;
  if (input.action === 'reject') {
    await rejectTicket(deps.payments, ticket.booking_id, ticket.id, input.reason || undefined);
  } else {
    const notified = await deps.db.transaction(async (tx) => {
      await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(eq(bookings.id, ticket.booking_id))
        .for('update');
      const [approved] = await tx
        .update(tickets)
        .set({ status: 'valid' })
        .where(and(eq(tickets.id, ticket.id), eq(tickets.status, 'pending_approval')))
        .returning({ id: tickets.id });
      if (!approved) throw new AppError('ticket_not_pending_approval', { status: 409 });
      const ids = await addNotifications(tx, [
        {
          userId: ticket.user_id,
          kind: 'ticket_approved',
          type: 'ticket',
          value: ticket.id,
          eventId: ticket.event_id,
          bookingId: ticket.booking_id,
          eventDateId: ticket.event_date_id,
        },
      ]);
      await queueNotificationMailsOf(tx, ids);
      return ids;
    });
    deps.notify(notified);
    deps.onMailQueued();
  }
  const fresh = await queries.findDoorTicket(deps.db, ticket.id);
  if (!fresh) throw notFound();
  return toGuestTicket(fresh, deps.qrKey);
}

/** The ticket a scanned code names and how to tell it is that ticket's; null when it cannot be. */
function parseCode(
  qrKey: Buffer,
  code: string,
): { id: number; matches: (ticket: TicketCode) => boolean } | null {
  const qr = verifyTicketCode(qrKey, code);
  if (qr) return { id: qr.id, matches: (ticket) => ticket.secret === qr.secret };
  const short = parseShortCode(code);
  if (short)
    return { id: short.id, matches: (ticket) => shortCodeMatches(qrKey, ticket, short.mac) };
  return null;
}

/** Why a ticket in this state cannot come in (null: it can, or already did). */
function refusalOf(status: string, confirmedAt: Date | null): CheckInResult | null {
  if (confirmedAt === null) return 'not_paid';
  switch (status) {
    case 'valid':
    case 'checked_in':
      return null;
    case 'pending_approval':
    case 'rejected':
    case 'cancelled':
    case 'refunded':
      return status;
    default:
      return 'not_paid';
  }
}

interface Decision {
  result: CheckInResult;
  /** The ticket the code names, when it may be shown (not for `invalid` or `wrong_event`). */
  ticketId: number | null;
  /** Recorded on the scan row even when not shown. */
  scannedTicketId: number | null;
  checkedInAt: Date | null;
  checkedInBy: string | null;
  /** A check-in this scan made now: the holder is told. */
  fresh: { userId: string; bookingId: number; eventDateId: number } | null;
}

const refused = (result: CheckInResult, ticketId: number | null, shown = true): Decision => ({
  result,
  ticketId: shown ? ticketId : null,
  scannedTicketId: ticketId,
  checkedInAt: null,
  checkedInBy: null,
  fresh: null,
});

/**
 * Judges one scan inside its transaction: the code, the event and slot, the ticket's state, and
 * only then whether it is already checked in. The check-in itself is a conditional UPDATE; under
 * READ COMMITTED a scan that waited for another's lock re-reads the row (a new snapshot per
 * statement) and answers `already_checked_in` with that scan's time and user.
 */
async function decide(
  tx: Db,
  qrKey: Buffer,
  userId: string,
  scan: { code: string; event: number; event_date?: number },
  at: Date,
  offline: boolean,
): Promise<Decision> {
  const parsed = parseCode(qrKey, scan.code);
  if (!parsed) return refused('invalid', null);
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = await queries.findTicketForScan(tx, parsed.id);
    if (!found || !parsed.matches(found.ticket)) return refused('invalid', null);
    const { ticket } = found;
    if (ticket.event_id !== scan.event) return refused('wrong_event', ticket.id, false);
    if (scan.event_date !== undefined && ticket.event_date_id !== scan.event_date) {
      return refused('wrong_date', ticket.id);
    }
    const refusal = refusalOf(ticket.status, found.booking_confirmed_at);
    if (refusal) return refused(refusal, ticket.id);
    // The scan that checks the ticket in: now (the holder is told), or by taking over a later one.
    const checkedIn = (fresh: Decision['fresh']): Decision => ({
      result: 'ok',
      ticketId: ticket.id,
      scannedTicketId: ticket.id,
      checkedInAt: at,
      checkedInBy: userId,
      fresh,
    });
    if (ticket.status === 'valid') {
      if (await queries.checkInTicket(tx, ticket.id, at, userId)) {
        return checkedIn({
          userId: ticket.user_id,
          bookingId: ticket.booking_id,
          eventDateId: ticket.event_date_id,
        });
      }
      continue; // Another scan (or a refund) changed it meanwhile: judge it again.
    }
    // Checked in. An offline scan made earlier than the recorded one wins.
    if (offline && ticket.checked_in_at && ticket.checked_in_at > at) {
      if (await queries.takeOverCheckIn(tx, ticket.id, at, userId)) return checkedIn(null);
      continue;
    }
    return {
      result: 'already_checked_in',
      ticketId: ticket.id,
      scannedTicketId: ticket.id,
      checkedInAt: ticket.checked_in_at,
      checkedInBy: ticket.checked_in_by,
      fresh: null,
    };
  }
  throw new AppError('service_unavailable', { status: 503 });
}

class NonceReplay extends Error {}

type ScanInput = Pick<
  CheckInRequest,
  'code' | 'event' | 'event_date' | 'nonce' | 'scanned_at' | 'device'
>;

/** Records and answers one scan; the same nonce answers the first answer again. */
async function scanOnce(
  deps: DoorDeps,
  userId: string,
  scan: ScanInput,
): Promise<queries.CheckInRow> {
  const now = deps.now();
  const requested = scan.scanned_at ? new Date(scan.scanned_at) : now;
  // A device clock ahead of ours does not date a check-in in the future.
  const at = requested > now ? now : requested;
  let notified: number[] = [];
  try {
    const row = await deps.db.transaction(async (tx) => {
      const decision = await decide(
        tx,
        deps.qrKey,
        userId,
        scan,
        at,
        scan.scanned_at !== undefined,
      );
      const inserted = await queries.insertScan(tx, {
        kind: 'scan',
        event_id: scan.event,
        ticket_id: decision.scannedTicketId,
        user_id: userId,
        result: decision.result,
        nonce: scan.nonce,
        device: scan.device ?? null,
        scanned_at: at,
        answer_checked_in_at: decision.checkedInAt,
        answer_checked_in_by: decision.checkedInBy,
      });
      if (!inserted) throw new NonceReplay();
      const { fresh } = decision;
      if (fresh && decision.ticketId !== null) {
        notified = await addNotifications(tx, [
          {
            userId: fresh.userId,
            kind: 'ticket_checked_in',
            type: 'ticket',
            value: decision.ticketId,
            eventId: scan.event,
            bookingId: fresh.bookingId,
            eventDateId: fresh.eventDateId,
          },
        ]);
      }
      return inserted;
    });
    deps.notify(notified);
    return row;
  } catch (error) {
    if (!(error instanceof NonceReplay)) throw error;
    const first = await queries.findScanByNonce(deps.db, userId, scan.nonce);
    if (!first) throw error;
    return first;
  }
}

/** The answers recorded scans gave (a ticket is shown with its state now). */
async function answerOf(deps: DoorDeps, scans: queries.CheckInRow[]): Promise<CheckInResponse[]> {
  const shown = (scan: queries.CheckInRow) =>
    scan.ticket_id !== null && scan.result !== 'invalid' && scan.result !== 'wrong_event';
  const ticketIds = [...new Set(scans.filter(shown).map((scan) => scan.ticket_id!))];
  const rows =
    ticketIds.length > 0
      ? await queries.findDoorTickets(deps.db, sql`${tickets.id} in ${ticketIds}`)
      : [];
  const byId = new Map(rows.map((row) => [row.ticket.id, row]));
  // Who checked the ticket in is usually who the ticket names now: no other read then.
  const unnamed = scans.flatMap((scan) => {
    const by = scan.answer_checked_in_by;
    const row = scan.ticket_id === null ? undefined : byId.get(scan.ticket_id);
    return by && row?.ticket.checked_in_by !== by ? [by] : [];
  });
  const names = await queries.findUserNames(deps.db, [...new Set(unnamed)]);
  return scans.map((scan) => {
    const row = scan.ticket_id === null ? undefined : byId.get(scan.ticket_id);
    const by = scan.answer_checked_in_by;
    return {
      id: scan.id,
      result: (scan.result ?? 'invalid') as CheckInResult,
      ticket: row && shown(scan) ? toCheckInTicket(row) : null,
      checked_in_at:
        scan.answer_checked_in_at && row
          ? formatInZone(scan.answer_checked_in_at, row.timezone)
          : null,
      checked_in_by: !by
        ? null
        : row?.ticket.checked_in_by === by
          ? checkedInByOf(row)
          : { id: by, name: names.get(by) ?? '' },
    };
  });
}

/** The plain case in one statement (quick-scan.ts): a QR code scanned online. */
async function quickScanOf(
  deps: DoorDeps,
  userId: string,
  input: CheckInRequest,
): Promise<CheckInResponse | null> {
  if (input.scanned_at !== undefined) return null;
  const qr = verifyTicketCode(deps.qrKey, input.code);
  if (!qr) return null;
  const done = await quickScan(deps.db, {
    ticketId: qr.id,
    secret: qr.secret,
    event: input.event,
    eventDate: input.event_date ?? null,
    userId,
    at: deps.now(),
    nonce: input.nonce,
    device: input.device ?? null,
  });
  if (!done) return null;
  deps.notify(done.notified);
  return done.answer;
}

/** POST /api/v1/check-ins/ */
export async function checkIn(
  deps: DoorDeps,
  userId: string,
  input: CheckInRequest,
): Promise<CheckInResponse> {
  const quick = await quickScanOf(deps, userId, input);
  if (quick) return quick;
  await doorAccess(deps.db, userId, input.event, 'event');
  const scan = await scanOnce(deps, userId, input);
  const [answer] = await answerOf(deps, [scan]);
  return answer!;
}

/**
 * POST /api/v1/check-ins/batch/ — every event is checked first (a batch naming an event the
 * reader may not scan for changes nothing), then the scans are applied earliest device time
 * first, each in its own transaction.
 */
export async function checkInBatch(
  deps: DoorDeps,
  userId: string,
  input: CheckInBatchRequest,
): Promise<CheckInBatchResponse> {
  const eventIds = [...new Set(input.scans.map((scan) => scan.event))];
  for (const eventId of eventIds) {
    const index = input.scans.findIndex((scan) => scan.event === eventId);
    await doorAccess(deps.db, userId, eventId, `scans.${index}.event`);
  }
  const order = input.scans
    .map((scan, index) => ({ scan, index, at: Date.parse(scan.scanned_at) }))
    .sort((a, b) => a.at - b.at || a.index - b.index);
  const recorded: queries.CheckInRow[] = new Array<queries.CheckInRow>(input.scans.length);
  for (const { scan, index } of order) recorded[index] = await scanOnce(deps, userId, scan);
  const answers = await answerOf(deps, recorded);
  return {
    results: answers.map((answer, index) => ({ ...answer, nonce: input.scans[index]!.nonce })),
  };
}

function toEntry(entry: queries.CheckInRow, name: string, zone: string): CheckInEntry {
  return {
    id: entry.id,
    kind: entry.kind === 'undo' ? 'undo' : 'scan',
    result: entry.kind === 'undo' ? null : ((entry.result ?? 'invalid') as CheckInResult),
    ticket: entry.ticket_id,
    event: entry.event_id,
    scanned_at: formatInZone(entry.scanned_at, zone),
    created_at: formatInZone(entry.created_at, zone),
    device: entry.device,
    user: { id: entry.user_id, name },
  };
}

/**
 * POST /api/v1/check-ins/{id}/undo/ — the organizer or a supervisor reverses the check-in a scan
 * made or reported: the ticket is `valid` again only while that check-in is still the current
 * one (a conditional UPDATE), and a reversal row is appended.
 */
export async function undo(
  deps: DoorDeps,
  userId: string,
  scanId: number,
  input: CheckInUndoRequest,
): Promise<CheckInUndoResponse> {
  const scan = await queries.findCheckIn(deps.db, scanId);
  if (!scan || scan.kind !== 'scan') throw notFound();
  const access: DoorAccess = await doorAccess(deps.db, userId, scan.event_id);
  assertSupervisor(access);
  if (
    scan.ticket_id === null ||
    (scan.result !== 'ok' && scan.result !== 'already_checked_in') ||
    !scan.answer_checked_in_at ||
    !scan.answer_checked_in_by
  ) {
    throw new AppError('check_in_not_undoable', { status: 409 });
  }
  const ticketId = scan.ticket_id;
  const entry = await deps.db.transaction(async (tx) => {
    const [reverted] = await tx
      .update(tickets)
      .set({ status: 'valid', checked_in_at: null, checked_in_by: null })
      .where(
        and(
          eq(tickets.id, ticketId),
          eq(tickets.status, 'checked_in'),
          eq(tickets.checked_in_at, scan.answer_checked_in_at!),
          eq(tickets.checked_in_by, scan.answer_checked_in_by!),
        ),
      )
      .returning({ id: tickets.id });
    if (!reverted) throw new AppError('check_in_not_undoable', { status: 409 });
    return queries.insertUndo(tx, {
      kind: 'undo',
      event_id: scan.event_id,
      ticket_id: ticketId,
      user_id: userId,
      result: null,
      device: input.device ?? null,
      scanned_at: deps.now(),
      reverses_id: scan.id,
    });
  });
  const row = await queries.findDoorTicket(deps.db, ticketId);
  if (!row) throw notFound();
  const names = await queries.findUserNames(deps.db, [userId]);
  return {
    entry: toEntry(entry, names.get(userId) ?? '', row.timezone),
    ticket: toCheckInTicket(row),
  };
}

/** GET /api/v1/tickets/{id}/check-ins/ — every scan and undo of a ticket, oldest first. */
export async function history(
  deps: DoorDeps,
  userId: string,
  ticketId: number,
): Promise<CheckInHistory> {
  await doorTicket(deps, userId, ticketId);
  const rows = await queries.findTicketHistory(deps.db, ticketId);
  return {
    results: rows.map((row) =>
      toEntry(row.entry, `${row.first_name} ${row.last_name}`.trim(), row.timezone),
    ),
  };
}

/** Delta cursors repeat the last minute: a transaction that committed late is not missed. */
const CURSOR_OVERLAP_MICROS = 60_000_000n;

function parseCursor(since: string | undefined): { micros: bigint; id: number } | null {
  if (since === undefined) return null;
  const match = /^([0-9]{1,17})_([0-9]{1,10})$/.exec(since);
  if (!match) throw fieldError('invalid', 'since');
  return { micros: BigInt(match[1]!), id: Number(match[2]) };
}

/**
 * GET /api/v1/events/{id}/check-in-list/ — the device's copy of the guest list: tickets changed
 * after the cursor, by (updated_at, id). The last page's cursor steps back a minute (rows repeat,
 * the device keeps the latest), so a change committed after a later one was read still arrives.
 */
export async function checkInList(
  deps: DoorDeps,
  userId: string,
  eventId: number,
  query: z.output<typeof CheckInListQuery>,
): Promise<CheckInList> {
  const access = await doorAccess(deps.db, userId, eventId);
  const after = parseCursor(query.since);
  const { limit } = query;
  const rows = await queries.findChangedGuests(
    deps.db,
    eventId,
    query.event_date,
    after,
    limit + 1,
  );
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  let cursor = after ?? { micros: 0n, id: 0 };
  if (last) cursor = { micros: BigInt(last.updated_micros), id: last.ticket.id };
  if (!more) {
    const floor = (await queries.nowMicros(deps.db)) - CURSOR_OVERLAP_MICROS;
    if (cursor.micros > floor) cursor = { micros: floor, id: 0 };
  }
  return {
    results: page.map((row) => ({
      id: row.ticket.id,
      ...ticketCodeHashes(deps.qrKey, row.ticket),
      holder_name: holderNameOf(row),
      ticket_category: { id: row.ticket.ticket_category_id, name: row.category_name },
      event_date: row.ticket.event_date_id,
      state: stateOf(row.ticket.status),
      checked_in_at: row.ticket.checked_in_at
        ? formatInZone(row.ticket.checked_in_at, row.timezone)
        : null,
      checked_in_by: checkedInByOf(row),
    })),
    cursor: `${cursor.micros}_${cursor.id}`,
    more,
    is_organizer: access.right === 'organizer',
  };
}
