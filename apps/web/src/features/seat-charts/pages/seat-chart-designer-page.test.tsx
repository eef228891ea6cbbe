import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import type { SeatChart } from '@hafla/shared/charts/chart-format';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import { stubCanvasContext } from '../../../test/canvas-context';
import { chartDetail, fill, organizer } from '../testing/fixtures';

function withoutCategory(): SeatChart {
  const chart = sampleChart();
  chart.sections[0]!.rows[1]!.seats[2]!.category = null;
  return chart;
}

describe('the seat chart designer', () => {
  beforeEach(stubCanvasContext);

  it('lists what stops publishing, where it is, and the API’s own verdict', async () => {
    stubFetch({
      ...catalogRoutes,
      'GET /api/v1/charts/5': chartDetail(5, { name: 'Opera house', draft: withoutCategory() }),
      'POST /api/v1/charts/5/publish/': () =>
        jsonResponse(
          {
            type: 'validation_error',
            errors: [
              {
                code: 'category_required',
                detail: 'Give this seat a category.',
                attr: 'draft.sections.0.rows.1.seats.2.category',
              },
            ],
          },
          400,
        ),
    });
    signInAs(organizer);
    renderApp('/organizer/seat-charts/5?step=review');

    expect(await screen.findByRole('heading', { level: 1, name: 'Opera house' })).toBeTruthy();
    const issues = screen.getByRole('region', { name: 'Before publishing' });
    expect(within(issues).getByText('1 thing to fix before publishing:')).toBeTruthy();
    expect(within(issues).getAllByRole('listitem')[0]!.textContent).toBe(
      'Stalls, row B, seat 3: This seat has no category.Show',
    );
    const perCategory = screen.getByRole('list', { name: 'Seats per category' });
    expect(within(perCategory).getByText(/No category: 1 seat/)).toBeTruthy();

    await userEvent.click(within(issues).getByRole('button', { name: 'Publish' }));
    const refusal = await within(issues).findByRole('alert');
    expect(refusal.textContent).toContain('Stalls, row B, seat 3: Give this seat a category.');
    await userEvent.click(
      within(issues).getAllByRole('button', { name: 'Show the seat: Stalls, row B, seat 3' })[0]!,
    );
    expect(screen.getByText('1 seat selected')).toBeTruthy();
  });

  it('adds a block of rows, saves the draft by itself and undoes it', async () => {
    const saved: SeatChart[] = [];
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/charts/6': chartDetail(6, {
        name: 'Empty hall',
        draft: { ...sampleChart(), sections: [], areas: [] },
      }),
      'PATCH /api/v1/charts/6/': (request) => {
        const draft = (JSON.parse(request.body!) as { draft: SeatChart }).draft;
        saved.push(draft);
        return jsonResponse(chartDetail(6, { draft }));
      },
    });
    signInAs(organizer);
    renderApp('/organizer/seat-charts/6?step=sections');

    await fill(/^Section name in English/, 'Stalls');
    await fill(/^Section name in Arabic/, 'الصالة');
    await fill(/^Rows/, '2');
    await fill(/^Seats per row/, '4');
    await userEvent.click(screen.getByRole('button', { name: 'Add the block' }));
    expect(await screen.findByText('Stalls was added: 8 seats.')).toBeTruthy();
    // The name is isolated in the sentence, so an Arabic name cannot reorder an English line.
    expect(screen.getByText('\u2068Stalls\u2069: 8 seats')).toBeTruthy();
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 5_000 });
    expect(saved[0]!.sections[0]!.rows.map((row) => row.label)).toEqual(['A', 'B']);
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeTruthy());

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByText('No sections yet. Add a block of rows above.')).toBeTruthy();
    await waitFor(() => expect(saved).toHaveLength(2), { timeout: 5_000 });
    expect(saved[1]!.sections).toEqual([]);
    expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(2);

    await fill(/^Area name in English/, 'Floor');
    await fill(/^Area name in Arabic/, 'الأرضية');
    await fill(/^Capacity/, '150');
    await userEvent.click(screen.getByRole('button', { name: 'Add the area' }));
    const areas = await screen.findByRole('region', { name: 'Standing areas' });
    expect(within(areas).getByText('\u2068Floor\u2069: 150 people')).toBeTruthy();
    await waitFor(() => expect(saved).toHaveLength(3), { timeout: 5_000 });
    expect(saved[2]!.areas).toMatchObject([{ id: 'a1', label_ar: 'الأرضية', capacity: 150 }]);
  });

  it('adds a block of round tables, refuses seats that touch, and opens it for editing', async () => {
    const saved: SeatChart[] = [];
    stubFetch({
      ...catalogRoutes,
      'GET /api/v1/charts/7': chartDetail(7, {
        name: 'Gala dinner',
        draft: { ...sampleChart(), sections: [], areas: [] },
      }),
      'PATCH /api/v1/charts/7/': (request) => {
        const draft = (JSON.parse(request.body!) as { draft: SeatChart }).draft;
        saved.push(draft);
        return jsonResponse(chartDetail(7, { draft }));
      },
    });
    signInAs(organizer);
    renderApp('/organizer/seat-charts/7?step=sections');

    await userEvent.click(await screen.findByRole('radio', { name: 'Seats at tables' }));
    await fill(/^Section name in English/, 'Garden');
    await fill(/^Section name in Arabic/, 'الحديقة');
    await fill(/^Tables$/, '4');
    await fill(/^Seats per table/, '6');
    await fill(/^Seat spacing/, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Add the tables' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('at least 25'),
    );
    await fill(/^Seat spacing/, '32');
    await userEvent.click(screen.getByRole('button', { name: 'Add the tables' }));
    expect(await screen.findByText('Garden was added: 24 seats.')).toBeTruthy();
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 5_000 });
    const [section] = saved[0]!.sections;
    expect(section!.tables.map((table) => table.label)).toEqual(['1', '2', '3', '4']);
    expect(section!.tables[0]!.seats[0]!.left).toBe(section!.tables[0]!.seats[5]!.id);

    await userEvent.click(screen.getByRole('button', { name: 'Edit Garden' }));
    expect(screen.getByRole('form', { name: 'Edit Garden' })).toBeTruthy();
    expect((screen.getByLabelText(/^Seats per table/) as HTMLInputElement).value).toBe('6');
  });
});
