import { describe, expect, it } from 'vitest';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import { locateIssue } from './issue-location';

describe('locateIssue', () => {
  it('names the section, row and seat of a seat path, with or without draft.', () => {
    const chart = sampleChart();
    expect(locateIssue(chart, 'draft.sections.1.rows.0.seats.0.label')).toMatchObject({
      sectionId: 'balcony',
      section: { label_en: 'Balcony', label_ar: 'الشرفة' },
      row: 'أ',
      seat: '10',
      seatId: 'balcony.r1.s1',
    });
    expect(locateIssue(chart, 'sections.1.tables.0.seats.1')).toMatchObject({
      row: 'T1',
      seat: '2',
    });
  });

  it('names a category, and nothing for a whole-chart path', () => {
    const chart = sampleChart();
    expect(locateIssue(chart, 'categories.1.key').category).toBe('standard');
    expect(locateIssue(chart, 'sections')).toMatchObject({ section: null, seat: null });
  });
});
