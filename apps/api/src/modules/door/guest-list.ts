import type { GuestList, GuestListQuery } from '@hafla/shared/door/guest-list';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { tickets } from '../../db/schema/bookings';
import type { App } from '../../lib/types';
import { parseShortCode, ticketQrKey } from '../../lib/tickets/ticket-code';
import { doorAccess } from '../ushers/access';
import * as queries from './queries';
import { toGuestTicket } from './views';

/**
 * The door module's public surface for the tickets module, whose GET /api/v1/tickets/ answers
 * the guest list with `view=guest_list`.
 */

export interface GuestListDeps {
  db: Db;
  /** ticketQrKey(JWT_SECRET): the short codes are derived with it. */
  qrKey: Buffer;
}

export const guestListDeps = (app: App): GuestListDeps => ({
  db: app.db,
  qrKey: ticketQrKey(app.config.JWT_SECRET),
});

type Query = z.output<typeof GuestListQuery>;

/** GET /api/v1/tickets/?event=&view=guest_list — the organizer's or an usher's view. */
export async function listGuests(
  deps: GuestListDeps,
  userId: string,
  query: Query,
): Promise<Omit<GuestList, 'next' | 'previous'>> {
  const access = await doorAccess(deps.db, userId, query.event, 'event');
  const search = query.search?.trim();
  const where = and(
    queries.guestsOf(query.event, query.event_date),
    query.ticket_category === undefined
      ? undefined
      : eq(tickets.ticket_category_id, query.ticket_category),
    query.state === undefined ? undefined : eq(tickets.status, query.state),
    search ? queries.guestSearch(search, parseShortCode(search)?.id ?? null) : undefined,
  )!;
  const [rows, count, counts] = await Promise.all([
    queries.findDoorTickets(deps.db, where, query),
    queries.countGuests(deps.db, where),
    queries.guestCounts(deps.db, query.event, query.event_date),
  ]);
  return {
    count,
    results: rows.map((row) => toGuestTicket(row, deps.qrKey)),
    is_organizer: access.right === 'organizer',
    counts,
  };
}
