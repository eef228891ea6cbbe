import { describe, expect, it } from 'vitest';
import { formatBookingSearch, parseBookingSearch } from './booking-search';

describe('booking search parameters', () => {
  it('round-trips the choices, the booking and the step', () => {
    const search = {
      currentStep: 3 as const,
      selectedDay: '2030-05-03',
      selectedPeriod: 71,
      counters: { 1: 2, 2: 1 },
      booking: 501,
    };
    const params = formatBookingSearch(search);
    expect(params.toString()).toBe('day=2030-05-03&period=71&tickets=1x2-2x1&booking=501&step=3');
    expect(parseBookingSearch(params)).toEqual(search);
  });

  it('ignores what cannot be a step, a day, an id or a count', () => {
    const parsed = parseBookingSearch(
      new URLSearchParams('step=9&day=tomorrow&period=-1&booking=abc&tickets=1x0-x2-3x4-5xa'),
    );
    expect(parsed).toEqual({
      currentStep: null,
      selectedDay: null,
      selectedPeriod: null,
      counters: { 3: 4 },
      booking: null,
    });
  });

  it('leaves out empty parts', () => {
    expect(
      formatBookingSearch({
        currentStep: 1,
        selectedDay: null,
        selectedPeriod: null,
        counters: { 4: 0 },
        booking: null,
      }).toString(),
    ).toBe('step=1');
  });
});
