import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { User } from '@hafla/shared/auth/users';
import type { Page } from '@hafla/shared/common/pagination';
import type { Chart, ChartSummary } from '@hafla/shared/charts/charts';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import { user } from '../../../test/fixtures';

export function chartSummary(id: number, overrides: Partial<ChartSummary> = {}): ChartSummary {
  return {
    id,
    name: `Hall ${id}`,
    seat_count: 106,
    published_version: null,
    in_use: false,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    ...overrides,
  };
}

export function chartDetail(id: number, overrides: Partial<Chart> = {}): Chart {
  return { ...chartSummary(id), draft: sampleChart(), versions: [], ...overrides };
}

export const organizer: User = {
  ...user,
  id: '0d3c6f0e-4a8e-4c1e-9d3c-2f1a7e6b9c02',
  email: 'omar@example.com',
  first_name: 'Omar',
  last_name: 'Khalil',
  user_type: 'organizer',
  roles: ['attendee', 'organizer'],
  organization_name: 'Nour Events',
};

export function page<T>(results: T[]): Page<T> {
  return { count: results.length, next: null, previous: null, results };
}

/** Replaces a field's text as a user would, without typing it key by key. */
export async function fill(label: RegExp | string, text: string): Promise<HTMLElement> {
  const field = await screen.findByLabelText(label);
  await userEvent.clear(field);
  if (text) {
    await userEvent.click(field);
    await userEvent.paste(text);
  }
  return field;
}

// Whole pages with lazy routes on a busy two-core machine: the default waits are too tight.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });
