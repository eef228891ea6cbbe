import { describe, expect, it } from 'vitest';
import { previewBulkDates } from './bulk-dates';

const now = new Date('2026-11-30T12:00:00Z');

describe('previewBulkDates', () => {
  it('counts one slot per listed weekday and time across the range', () => {
    // December 2026 has 31 days; three shows a day.
    const preview = previewBulkDates(
      {
        start_date: '2026-12-01',
        end_date: '2026-12-31',
        days_of_week: [0, 1, 2, 3, 4, 5, 6],
        times: [
          { start: '10:00', end: '11:00' },
          { start: '15:00', end: '16:00' },
          { start: '20:00', end: '21:00' },
        ],
      },
      'Asia/Riyadh',
      [],
      now,
    );
    expect(preview).toEqual({ total: 93, creatable: 93, past: 0, existing: 0 });
  });

  it('keeps only the chosen weekdays (0 = Sunday)', () => {
    // Fridays and Saturdays in December 2026: 4 + 4.
    const preview = previewBulkDates(
      {
        start_date: '2026-12-01',
        end_date: '2026-12-31',
        days_of_week: [5, 6],
        times: [{ start: '19:00', end: '22:00' }],
      },
      'Asia/Riyadh',
      [],
      now,
    );
    expect(preview.creatable).toBe(8);
  });

  it('skips slots that have started and slots that already exist, as the API does', () => {
    const preview = previewBulkDates(
      {
        start_date: '2026-11-30',
        end_date: '2026-12-02',
        days_of_week: [0, 1, 2, 3, 4, 5, 6],
        times: [{ start: '10:00', end: '11:00' }],
      },
      'Asia/Riyadh',
      // The same instant written with another offset still counts as existing.
      ['2026-12-01T07:00:00Z'],
      now,
    );
    expect(preview).toEqual({ total: 3, creatable: 1, past: 1, existing: 1 });
  });

  it('describes nothing for a reversed range', () => {
    const preview = previewBulkDates(
      {
        start_date: '2026-12-10',
        end_date: '2026-12-01',
        days_of_week: [1],
        times: [{ start: '10:00', end: '11:00' }],
      },
      'UTC',
      [],
      now,
    );
    expect(preview.total).toBe(0);
  });
});
