import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { Chart, ChartSummary } from '@hafla/shared/charts/charts';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import { organizer, page } from '../../../test/fixtures';

export { organizer, page };

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
