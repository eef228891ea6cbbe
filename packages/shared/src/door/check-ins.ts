import { z } from 'zod';
import { DbId, DbIdParam } from '../common/ids';
import { Instant, InstantInput } from '../common/time';
import { TimeSlot } from '../events/discovery';
import { CheckedInBy, GuestTicketState, TicketCategoryRef } from './guest-list';

/** Validity is judged first; `already_checked_in` only for an otherwise valid ticket. */
export const CHECK_IN_RESULTS = [
  'ok',
  'already_checked_in',
  'invalid',
  'wrong_event',
  'wrong_date',
  'pending_approval',
  'rejected',
  'cancelled',
  'refunded',
  'not_paid',
] as const;
export const CheckInResult = z.enum(CHECK_IN_RESULTS);
export type CheckInResult = z.infer<typeof CheckInResult>;

/** Client-made, unique per scan (a UUID suits): the same nonce answers the first answer again. */
export const CheckInNonce = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** A device's own name for itself (random, kept in local storage), recorded with each scan. */
export const DeviceId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/);

export const MAX_CODE_LENGTH = 200;

/** POST /api/v1/check-ins/ — `code` is the QR payload or the short code printed under it. */
export const CheckInRequest = z.strictObject({
  code: z.string().trim().min(1).max(MAX_CODE_LENGTH),
  event: DbId,
  /** The slot being checked in; a ticket of another slot of the event is `wrong_date`. */
  event_date: DbId.optional(),
  nonce: CheckInNonce,
  /** When the device scanned it (offline scans); now when omitted. */
  scanned_at: InstantInput.optional(),
  device: DeviceId.optional(),
});
export type CheckInRequest = z.infer<typeof CheckInRequest>;

export const CheckInTicket = z.object({
  id: z.number().int(),
  holder_name: z.string(),
  ticket_category: TicketCategoryRef,
  event_date: TimeSlot,
  state: GuestTicketState,
});
export type CheckInTicket = z.infer<typeof CheckInTicket>;

export const CheckInResponse = z.object({
  /** The recorded scan's id (undo takes it); every scan is recorded, refused ones too. */
  id: z.number().int(),
  result: CheckInResult,
  /** null for `invalid` (nothing is told about a code that does not verify). */
  ticket: CheckInTicket.nullable(),
  /** For `ok` and `already_checked_in`: when and by whom the ticket was checked in. */
  checked_in_at: Instant.nullable(),
  checked_in_by: CheckedInBy.nullable(),
});
export type CheckInResponse = z.infer<typeof CheckInResponse>;

export const CheckInParams = z.object({ id: DbIdParam });

/** POST /api/v1/check-ins/{id}/undo/ (organizer or supervisor) — appends a reversal. */
export const CheckInUndoRequest = z.strictObject({ device: DeviceId.optional() });
export type CheckInUndoRequest = z.infer<typeof CheckInUndoRequest>;

/** One entry of a ticket's door history: a scan (with its result) or an undo. */
export const CheckInEntry = z.object({
  id: z.number().int(),
  kind: z.enum(['scan', 'undo']),
  /** The scan's result; null for an undo. */
  result: CheckInResult.nullable(),
  ticket: z.number().int().nullable(),
  event: z.number().int(),
  /** The device's time of the scan (the server's when it sent none). */
  scanned_at: Instant,
  /** When the server recorded it. */
  created_at: Instant,
  device: z.string().nullable(),
  user: CheckedInBy,
});
export type CheckInEntry = z.infer<typeof CheckInEntry>;

/** The answer to undo: the reversal and the ticket as it is now. */
export const CheckInUndoResponse = z.object({
  entry: CheckInEntry,
  ticket: CheckInTicket,
});
export type CheckInUndoResponse = z.infer<typeof CheckInUndoResponse>;

/** GET /api/v1/tickets/{id}/check-ins/ — every scan and undo of a ticket, oldest first. */
export const CheckInHistory = z.object({ results: z.array(CheckInEntry) });
export type CheckInHistory = z.infer<typeof CheckInHistory>;

export const CHECK_IN_LIST_PAGE_SIZE = 2000;

/**
 * GET /api/v1/events/{id}/check-in-list/?event_date=&since= — the device's copy of the list.
 * Without `since` it starts from the beginning; pass the answer's `cursor` back as `since`
 * (again at once while `more` is true, later for deltas). Rows may repeat; the latest wins.
 */
export const CheckInListQuery = z.object({
  event_date: DbIdParam.optional(),
  since: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(CHECK_IN_LIST_PAGE_SIZE)
    .default(CHECK_IN_LIST_PAGE_SIZE),
});
export type CheckInListQuery = z.input<typeof CheckInListQuery>;

export const CheckInListItem = z.object({
  id: z.number().int(),
  /** See short-code.ts: hex SHA-256 (32 characters) of the QR payload. */
  code_hash: z.string(),
  /** Hex SHA-256 (32 characters) of the normalized short code. */
  short_code_hash: z.string(),
  holder_name: z.string(),
  ticket_category: TicketCategoryRef,
  event_date: z.number().int(),
  state: GuestTicketState,
  checked_in_at: Instant.nullable(),
  checked_in_by: CheckedInBy.nullable(),
});
export type CheckInListItem = z.infer<typeof CheckInListItem>;

export const CheckInList = z.object({
  results: z.array(CheckInListItem),
  /** Opaque; send it back as `since`. */
  cursor: z.string(),
  /** More rows wait: call again at once with `cursor`. */
  more: z.boolean(),
  is_organizer: z.boolean(),
});
export type CheckInList = z.infer<typeof CheckInList>;

/** Most scans in one batch. */
export const MAX_CHECK_IN_BATCH = 500;

/** One queued scan: the request of POST /api/v1/check-ins/ with its device time required. */
export const CheckInBatchScan = CheckInRequest.extend({ scanned_at: InstantInput });
export type CheckInBatchScan = z.infer<typeof CheckInBatchScan>;

/**
 * POST /api/v1/check-ins/batch/ — queued offline scans. They are applied earliest device time
 * first; for one ticket the earliest scan wins (even one that reaches the server after another
 * device's later scan) and the others are answered `already_checked_in`.
 */
export const CheckInBatchRequest = z.strictObject({
  scans: z.array(CheckInBatchScan).min(1).max(MAX_CHECK_IN_BATCH),
});
export type CheckInBatchRequest = z.infer<typeof CheckInBatchRequest>;

/** One answer per scan, in the order sent, each with its nonce. */
export const CheckInBatchResponse = z.object({
  results: z.array(CheckInResponse.extend({ nonce: z.string() })),
});
export type CheckInBatchResponse = z.infer<typeof CheckInBatchResponse>;

/**
 * The holder hears of a check-in as a notification on their channel (`notification` event,
 * kind `ticket_checked_in`, type `ticket`, value the ticket id), as of approval and rejection.
 */
