import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import type { SeatChart } from '@hafla/shared/charts/chart-format';
import { validateChartForPublish } from '@hafla/shared/charts/validate-chart';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import { stubCanvasContext } from '../../../test/canvas-context';
import { AUTOSAVE_DELAY } from '../lib/use-chart-editor';
import { chartDetail, fill, organizer } from '../testing/fixtures';

/** A chart that records every draft the designer saves. */
function serveChart(id: number, draft: SeatChart) {
  const saved: SeatChart[] = [];
  const stub = stubFetch({
    ...catalogRoutes,
    [`GET /api/v1/charts/${id}`]: chartDetail(id, { name: 'Hall', draft }),
    [`PATCH /api/v1/charts/${id}/`]: (request) => {
      const next = (JSON.parse(request.body!) as { draft: SeatChart }).draft;
      saved.push(next);
      return jsonResponse(chartDetail(id, { draft: next }));
    },
  });
  return { saved, ...stub };
}

async function inArabic() {
  const { i18n } = await import('../../../lib/i18n');
  await i18n.changeLanguage('ar');
  window.localStorage.setItem('language', 'ar');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The error Mantine shows under a field (its accessible description). */
function errorOf(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('the designer’s fields refuse what the chart cannot take', () => {
  beforeEach(stubCanvasContext);

  it('adds no block while a number is out of range, and says the range on each field', async () => {
    const { saved } = serveChart(11, { ...sampleChart(), sections: [], areas: [] });
    signInAs(organizer);
    renderApp('/organizer/seat-charts/11?step=sections');

    await fill(/^Section name in English/, 'Stalls');
    await fill(/^Section name in Arabic/, 'الصالة');
    const rows = await fill(/^Rows/, '-3');
    const perRow = await fill(/^Seats per row/, '100000');
    await userEvent.click(screen.getByRole('button', { name: 'Add the block' }));

    await waitFor(() => expect(document.activeElement).toBe(rows));
    expect(rows.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(rows)).toContain('Enter a number from 1 to 500.');
    expect(errorOf(perRow)).toContain('Enter a number from 1 to 500.');
    expect(screen.queryByText(/was added/)).toBeNull();
    expect(screen.getByText('No sections yet. Add a block of rows above.')).toBeTruthy();
    await pause(AUTOSAVE_DELAY + 300);
    expect(saved).toEqual([]);

    await fill(/^Rows/, '2');
    await fill(/^Seats per row/, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add the block' }));
    expect(await screen.findByText('Stalls was added: 6 seats.')).toBeTruthy();
  });

  it('says the range in Arabic too', async () => {
    await inArabic();
    serveChart(12, { ...sampleChart(), sections: [], areas: [] });
    signInAs(organizer);
    renderApp('/organizer/seat-charts/12?step=sections', 'ar');

    const rows = await fill(/^الصفوف/, '-3');
    await waitFor(() => expect(errorOf(rows)).toContain('أدخل عددًا من 1 إلى 500.'));
  });

  it('clears a refusal once the names are given, and refuses a name already used', async () => {
    const { saved } = serveChart(13, sampleChart());
    signInAs(organizer);
    renderApp('/organizer/seat-charts/13?step=sections');

    const form = await screen.findByRole('form', { name: 'Add a block of seats' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add the block' }));
    const nameEn = screen.getByLabelText(/^Section name in English/);
    await waitFor(() => expect(document.activeElement).toBe(nameEn));
    expect(errorOf(nameEn)).toContain('Give the section a name in both languages.');

    await fill(/^Section name in English/, 'Gallery');
    await fill(/^Section name in Arabic/, 'الرواق');
    await fill(/^Rows/, '2');
    await fill(/^Seats per row/, '4');
    await userEvent.click(within(form).getByRole('button', { name: 'Add the block' }));
    expect(await screen.findByText('Gallery was added: 8 seats.')).toBeTruthy();
    expect(screen.queryByText('Give the section a name in both languages.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    // The names of the sample's stalls, in other letter cases and spacing.
    await fill(/^Section name in English/, ' stalls ');
    await fill(/^Section name in Arabic/, 'الصالة');
    await userEvent.click(screen.getByRole('button', { name: 'Add the block' }));
    const again = screen.getByLabelText(/^Section name in English/);
    await waitFor(() => expect(document.activeElement).toBe(again));
    // The name is isolated, so an Arabic name cannot reorder the sentence round it.
    expect(errorOf(again)).toContain('Another section is already called \u2068Stalls\u2069.');
    expect(errorOf(screen.getByLabelText(/^Section name in Arabic/))).toContain(
      'Another section is already called \u2068الصالة\u2069.',
    );
    await waitFor(() => expect(saved.length).toBeGreaterThan(0), { timeout: 5_000 });
    await pause(AUTOSAVE_DELAY + 300);
    const last = saved.at(-1)!;
    expect(last.sections.map((section) => section.label_en)).toEqual(
      ['Stalls', 'Balcony', 'Tables', 'Gallery'].filter(
        (name) => sampleChart().sections.some((s) => s.label_en === name) || name === 'Gallery',
      ),
    );
    // The new block is below everything drawn, inside a venue that grew to hold it.
    expect(
      validateChartForPublish(last)
        .map((issue) => issue.code)
        .filter((code) => code === 'seats_overlap' || code === 'outside_venue'),
    ).toEqual([]);
  });

  it('says the venue is not saved while a field is wrong, and does not continue', async () => {
    const { saved } = serveChart(14, sampleChart());
    signInAs(organizer);
    renderApp('/organizer/seat-charts/14?step=venue');

    const width = await fill(/^Width/, '-5');
    await fill(/^Seat size/, '0');
    const status = await screen.findByText('Not saved: correct the fields marked in red.');
    expect(status.closest('[data-save-status]')!.getAttribute('data-save-status')).toBe('invalid');
    expect(screen.queryByText('All changes saved')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Continue' }));
    await waitFor(() => expect(document.activeElement).toBe(width));
    expect(screen.getByRole('heading', { level: 2, name: /Venue and stage/ })).toBeTruthy();

    await fill(/^Width/, '1200');
    await fill(/^Seat size/, '20');
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeTruthy(), {
      timeout: 5_000,
    });
    expect(saved.at(-1)!.venue).toMatchObject({ width: 1200, seat_size: 20 });
    await userEvent.click(screen.getByRole('link', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: /Sections and rows/ }),
    ).toBeTruthy();
  });

  it('says so in Arabic', async () => {
    await inArabic();
    serveChart(15, sampleChart());
    signInAs(organizer);
    renderApp('/organizer/seat-charts/15?step=venue', 'ar');

    await fill(/^العرض/, '-5');
    expect(await screen.findByText('لم يُحفظ: صحّح الحقول المعلَّمة بالأحمر.')).toBeTruthy();
    expect(screen.queryByText('حُفظت كل التغييرات')).toBeNull();
  });
});
