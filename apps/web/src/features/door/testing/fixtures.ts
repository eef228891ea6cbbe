import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { User } from '@hafla/shared/auth/users';
import type { Event } from '@hafla/shared/events/events';
import type { CheckInListItem, CheckInResponse } from '@hafla/shared/door/check-ins';
import type { GuestList, GuestTicket } from '@hafla/shared/door/guest-list';
import type { Usher, UsherEvent } from '@hafla/shared/door/ushers';
import { eventDetail, organizer, page, user } from '../../../test/fixtures';
import { hashCode } from '../lib/offline-door';

export { organizer, page };

/** Fixtures for the door's tests, shaped like the API's answers (shared/door). */

// These tests walk whole pages (lazy routes, several requests, IndexedDB); on a busy two-core
// machine the default waits are too tight to tell a slow run from a bug.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

/** Replaces a field's text as a user would, without typing it key by key. */
export async function fill(label: RegExp | string, text: string): Promise<HTMLElement> {
  const field = await screen.findByLabelText(label);
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
  return field;
}

/** One of the organizer's events, as `GET /api/v1/events/` lists it. */
export const ownEvent: Event = {
  id: 7,
  organizer: organizer.id,
  title: 'Oud night',
  description: 'Live oud by the sea.',
  category: 1,
  event_type: 1,
  cover: null,
  venue_name: 'Corniche Hall',
  address: 'Corniche Road, Jeddah',
  latitude: 21.4858,
  longitude: 39.1925,
  is_online: false,
  online_url: null,
  timezone: 'Asia/Riyadh',
  currency: 'SAR',
  requires_approval: true,
  max_tickets_per_order: 10,
  refund_policy: { refundable_until_hours: 24, refund_percentage: 100 },
  status: 'published',
  published_at: '2026-11-01T10:00:00+03:00',
  cancelled_at: null,
  first_start: null,
  last_end: null,
  price_min: null,
  price_max: null,
  dates_count: 0,
  ticket_categories_count: 0,
  created_at: '2026-11-01T10:00:00+03:00',
  updated_at: '2026-11-01T10:00:00+03:00',
};

export const EVENT_ID = eventDetail.id;
export const SLOT = eventDetail.dates[0]!;

export const usher: User = {
  ...user,
  id: '5b1e3c9a-2f4d-4e6a-8b7c-9d0e1f2a3b4c',
  email: 'layla@example.com',
  first_name: 'Layla',
  last_name: 'Usher',
  roles: ['attendee', 'usher'],
};

export function guest(id: number, overrides: Partial<GuestTicket> = {}): GuestTicket {
  return {
    id,
    short_code: `${id}-ABCD-EFGH`,
    holder_name: `Guest ${id}`,
    holder_email: `guest${id}@example.com`,
    holder_phone: '+966500000000',
    seat: null,
    booking: 900 + id,
    ticket_category: { id: 1, name: 'Standard' },
    event_date: SLOT,
    state: 'valid',
    checked_in_at: null,
    checked_in_by: null,
    ...overrides,
  };
}

export function guestList(
  results: GuestTicket[],
  overrides: Partial<GuestList> & { role?: string } = {},
): GuestList {
  return {
    count: results.length,
    next: null,
    previous: null,
    results,
    is_organizer: true,
    counts: {
      total: results.length,
      checked_in: results.filter((item) => item.state === 'checked_in').length,
      pending_approval: results.filter((item) => item.state === 'pending_approval').length,
    },
    ...overrides,
  };
}

export function qrOf(id: number): string {
  return `H1.${id}.secret-of-ticket-${id}.mac`;
}

/** A row of the check-in list whose hashes are those of `qrOf(id)` and `<id>ABCDEFGH`. */
export async function listItem(
  id: number,
  overrides: Partial<CheckInListItem> = {},
): Promise<CheckInListItem> {
  return {
    id,
    code_hash: await hashCode(qrOf(id)),
    short_code_hash: await hashCode(`${id}ABCDEFGH`),
    holder_name: `Guest ${id}`,
    ticket_category: { id: 1, name: 'Standard' },
    event_date: SLOT.id,
    state: 'valid',
    checked_in_at: null,
    checked_in_by: null,
    ...overrides,
  };
}

export function checkInAnswer(
  id: number,
  result: CheckInResponse['result'],
  overrides: Partial<CheckInResponse> = {},
): CheckInResponse {
  return {
    id: 5000 + id,
    result,
    ticket:
      result === 'invalid'
        ? null
        : {
            id,
            holder_name: `Guest ${id}`,
            ticket_category: { id: 1, name: 'Standard' },
            event_date: SLOT,
            state: result === 'ok' || result === 'already_checked_in' ? 'checked_in' : 'valid',
          },
    checked_in_at:
      result === 'ok' || result === 'already_checked_in' ? '2030-05-03T19:05:00+03:00' : null,
    checked_in_by:
      result === 'ok' || result === 'already_checked_in'
        ? { id: usher.id, name: 'Layla Usher' }
        : null,
    ...overrides,
  };
}

export function usherRow(id: number, overrides: Partial<Usher> = {}): Usher {
  return {
    id,
    user: null,
    email: `usher${id}@example.com`,
    status: 'invited',
    role: 'steward',
    events: null,
    created_at: '2026-11-20T10:00:00+03:00',
    ...overrides,
  };
}

export const usherEvent: UsherEvent = {
  id: EVENT_ID,
  title: eventDetail.title,
  cover: null,
  timezone: eventDetail.timezone,
  status: 'published',
  organizer: { id: '9d7f1c2e-3b4a-4c5d-8e6f-7a8b9c0d1e2f', name: 'Nour Events' },
  role: 'steward',
  event_dates: [SLOT],
};
