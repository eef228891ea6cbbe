import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import type { User } from '@hafla/shared/auth/users';
import type { Event } from '@hafla/shared/events/events';
import type { WithdrawalAccount } from '@hafla/shared/finance/accounts';
import type { BalanceAnswer } from '@hafla/shared/finance/balance';
import type { SalesChart, SalesData } from '@hafla/shared/finance/dashboard';
import type { Transaction } from '@hafla/shared/finance/transactions';
import type { AdminWithdrawal, Withdrawal } from '@hafla/shared/finance/withdrawals';
import { organizer, page, user } from '../../../test/fixtures';

export { organizer, page };

/** Fixtures for the finance screens' tests, shaped like the API's answers (shared/finance). */

// These tests walk whole pages (lazy routes, several requests, dialogs); on a busy two-core
// machine the default waits are too tight to tell a slow run from a bug.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

export const admin: User = {
  ...user,
  id: '5b1e0c7a-2d3f-4e5a-8b9c-0d1e2f3a4b5c',
  email: 'admin@example.com',
  first_name: 'Hala',
  last_name: 'Admin',
  roles: ['attendee', 'admin'],
};

/** The organizer's event the sales are of, as `GET /api/v1/events/` lists it. */
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
  requires_approval: false,
  max_tickets_per_order: 10,
  refund_policy: { refundable_until_hours: 24, refund_percentage: 100 },
  status: 'published',
  published_at: '2026-11-01T10:00:00+03:00',
  cancelled_at: null,
  first_start: '2026-11-28T19:00:00+03:00',
  last_end: '2026-11-28T22:00:00+03:00',
  price_min: 5000,
  price_max: 5000,
  dates_count: 1,
  ticket_categories_count: 2,
  created_at: '2026-11-01T10:00:00+03:00',
  updated_at: '2026-11-01T10:00:00+03:00',
};

export const balance: BalanceAnswer = {
  results: [
    {
      currency: 'SAR',
      pending: 19000,
      available: 47500,
      reserved: 10000,
      withdrawn: 25000,
      next_available_at: '2026-12-08T18:00:00Z',
    },
  ],
};

export const account: WithdrawalAccount = {
  id: 3,
  bank_name: 'Al Rajhi Bank',
  account_holder: 'Nour Events LLC',
  iban: 'SA0380000000608010167519',
  swift: 'RJHISARI',
  currency: 'SAR',
  is_default: true,
  in_use: true,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};

export function withdrawal(id: number, overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id,
    account: {
      id: account.id,
      bank_name: account.bank_name,
      account_holder: account.account_holder,
      iban: account.iban,
      swift: account.swift,
      currency: account.currency,
    },
    amount: 10000,
    currency: 'SAR',
    note: '',
    status: 'requested',
    rejection_reason: null,
    transfer_reference: null,
    editable: true,
    history: [{ status: 'requested', at: '2026-11-20T09:00:00Z', by: 'organizer', note: null }],
    created_at: '2026-11-20T09:00:00Z',
    updated_at: '2026-11-20T09:00:00Z',
    ...overrides,
  };
}

export function adminWithdrawal(
  id: number,
  overrides: Partial<AdminWithdrawal> = {},
): AdminWithdrawal {
  return {
    ...withdrawal(id),
    organizer: { id: organizer.id, name: 'Nour Events', email: organizer.email },
    organizer_balance: null,
    approval: { needs_second_admin: false, first_approved_by: null, first_approved_at: null },
    ...overrides,
  };
}

export const sale: Transaction = {
  id: 41,
  kind: 'sale',
  currency: 'SAR',
  amount: 8550,
  explanation: {
    gross: 10000,
    discount: 1000,
    fee: 450,
    net: 8550,
    text: '2 tickets at SAR 50, less a SAR 10 promo discount and Hafla’s fee of SAR 4.50.',
  },
  state: 'pending',
  available_at: '2026-12-08T18:00:00Z',
  booking: 90,
  refund: null,
  withdrawal: null,
  event: { id: 7, title: 'Oud night' },
  created_at: '2026-11-24T12:00:00Z',
};

export const salesData: SalesData = {
  event: null,
  from: '2026-10-28',
  to: '2026-11-26',
  timezone: 'UTC',
  currency: 'SAR',
  currencies: ['SAR'],
  revenue: { gross: 30000, discount: 1000, fees: 1450, refunded: 5000, net: 23000 },
  tickets_sold: 6,
  tickets_refunded: 1,
  bookings: 3,
  refunds: 1,
  page_views: 120,
  conversion: 0.025,
  categories: [
    { id: 11, name: 'General', event: 7, tickets_sold: 4, tickets_refunded: 1, gross: 20000 },
    { id: 12, name: 'VIP', event: 7, tickets_sold: 2, tickets_refunded: 0, gross: 10000 },
  ],
};

export function salesChart(overrides: Partial<SalesChart> = {}): SalesChart {
  const empty = {
    gross: 0,
    fees: 0,
    refunded: 0,
    net: 0,
    tickets_sold: 0,
    tickets_refunded: 0,
    bookings: 0,
    refunds: 0,
    page_views: 0,
  };
  return {
    event: null,
    period: 'day',
    from: '2026-11-24',
    to: '2026-11-26',
    timezone: 'UTC',
    week_start: 'monday',
    currency: 'SAR',
    currencies: ['SAR'],
    buckets: [
      { ...empty, start: '2026-11-24', end: '2026-11-24' },
      {
        ...empty,
        start: '2026-11-25',
        end: '2026-11-25',
        gross: 30000,
        net: 23000,
        tickets_sold: 6,
        page_views: 120,
      },
      { ...empty, start: '2026-11-26', end: '2026-11-26' },
    ],
    ...overrides,
  };
}
