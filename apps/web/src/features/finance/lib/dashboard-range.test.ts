import { describe, expect, it } from 'vitest';
import { readDashboardSearch } from './dashboard-range';

const TODAY = '2026-11-26';

function read(search: string) {
  return readDashboardSearch(new URLSearchParams(search), TODAY);
}

describe('the dashboard’s view from its URL', () => {
  it('shows the last 30 days by day when nothing is chosen', () => {
    expect(read('')).toEqual({
      preset: '30d',
      period: 'day',
      range: { from: '2026-10-28', to: TODAY },
      event: undefined,
      currency: undefined,
    });
  });

  it('counts weeks for 90 days and months for 12 months, from the first of the month', () => {
    expect(read('range=90d')).toMatchObject({ period: 'week', range: { from: '2026-08-29' } });
    expect(read('range=12m')).toMatchObject({ period: 'month', range: { from: '2025-12-01' } });
    expect(read('range=7d&period=month')).toMatchObject({
      period: 'month',
      range: { from: '2026-11-20', to: TODAY },
    });
  });

  it('takes a custom range, put the right way round', () => {
    expect(read('range=custom&from=2026-03-10&to=2026-01-05').range).toEqual({
      from: '2026-01-05',
      to: '2026-03-10',
    });
  });

  it('falls back to 30 days for a custom range with an impossible day', () => {
    expect(read('range=custom&from=2026-02-30&to=2026-03-01')).toMatchObject({
      preset: '30d',
      range: { from: '2026-10-28', to: TODAY },
    });
  });

  it('reads one event and a currency, and ignores what is not one', () => {
    expect(read('event=42&currency=KWD')).toMatchObject({ event: 42, currency: 'KWD' });
    expect(read('event=abc&currency=riyal')).toMatchObject({
      event: undefined,
      currency: undefined,
    });
    expect(read('event=-3&period=year').event).toBeUndefined();
    expect(read('period=year').period).toBe('day');
  });
});
