import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogRoutes, renderApp } from '../../../test/render-app';
import { stubFetch } from '../../../test/stub-fetch';
import { stubCanvasContext } from '../../../test/canvas-context';
import { seatedDetails, seatMapChart, seatMapStatus } from '../testing/fixtures';

const SEAT_STEP = '/events/7/book?day=2030-05-05&period=74&step=2';

function stubSeatedEvent() {
  stubFetch({
    ...catalogRoutes,
    'GET /api/v1/events/7/event-details/': seatedDetails,
    'GET /api/v1/event_dates/74/seats/chart/': seatMapChart(),
    'GET /api/v1/event_dates/74/seats/status/': seatMapStatus(),
  });
}

/** Text as read, without the isolates that keep amounts in their own direction. */
function textOf(element: Element | null) {
  return element?.textContent?.replace(/[\u2068\u2069]/g, '') ?? null;
}

describe('the seat step', () => {
  beforeEach(stubCanvasContext);

  it('says once that no seat is chosen, and its bar counts and prices the seats once chosen', async () => {
    stubSeatedEvent();
    renderApp(SEAT_STEP);

    const seat = await screen.findByRole('checkbox', { name: /^Seat 4 ·/ });
    expect(screen.getAllByText(/chosen yet/)).toHaveLength(1);
    expect(screen.getByText('No seats chosen yet.')).toBeTruthy();
    // The sticky bar: the line beside the button that holds the choice.
    const hold = screen.getByRole('button', { name: 'Sign in to book' });
    const bar = hold.closest('div')?.parentElement?.querySelector('p[aria-live]') ?? null;
    expect(textOf(bar)).toBe('');

    await userEvent.click(seat);
    expect(textOf(bar)).toMatch(/^1 ticket · SAR\s150$/);
    expect(screen.queryByText(/chosen yet/)).toBeNull();
  });

  it('takes focus off what had it when the map is pressed, like every other part of the page', async () => {
    stubSeatedEvent();
    renderApp(SEAT_STEP);

    const seat = await screen.findByRole('checkbox', { name: /^Seat 4 ·/ });
    seat.focus();
    expect(document.activeElement).toBe(seat);
    const map = await screen.findByTestId('seat-canvas');
    fireEvent.pointerDown(map, { button: 0, pointerId: 1, clientX: 10, clientY: 10 });
    expect(document.activeElement).not.toBe(seat);
  });

  it('names the categories of best available as the legend does, not by the ticket names', async () => {
    stubSeatedEvent();
    renderApp(SEAT_STEP);

    const select = await screen.findByRole('combobox', { name: 'Category' });
    const options = [...select.querySelectorAll('option')].map((option) => textOf(option));
    expect(options).toEqual([
      expect.stringMatching(/^VIP · SAR\s150$/),
      expect.stringMatching(/^Standard · SAR\s80$/),
    ]);
  });

  it('names best available’s counter by the chosen category, read aloud as a sentence', async () => {
    stubSeatedEvent();
    renderApp(SEAT_STEP);

    expect(await screen.findByRole('group', { name: 'Number of tickets: VIP' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add one ticket: VIP' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove one ticket: VIP' })).toBeTruthy();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Category' }),
      screen.getByRole('option', { name: /^Standard/ }),
    );
    expect(await screen.findByRole('group', { name: 'Number of tickets: Standard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add one ticket: Standard' })).toBeTruthy();
  });

  it('says it once in Arabic too', async () => {
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('ar');
    window.localStorage.setItem('language', 'ar');
    stubSeatedEvent();
    renderApp(SEAT_STEP, 'ar');

    await screen.findByRole('heading', { level: 2, name: /اختر مقاعدك/ });
    expect(await screen.findByText('لم تختر أي مقعد بعد.')).toBeTruthy();
    expect(screen.queryByText('لم تختر أي تذكرة بعد')).toBeNull();
  });
});
