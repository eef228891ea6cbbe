import { MantineProvider } from '@mantine/core';
import { Suspense } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleChart } from '@hafla/shared/charts/sample-chart';
import { buildSeatIndex, statusesOf } from '../lib/seat-index';
import { SeatList } from './seat-list';

const index = buildSeatIndex(sampleChart());
const rowA = index.sections[0]!.rows[0]!.seats.map((at) => index.seats[at]!.id);

function renderList(selected: string[], onToggle = vi.fn()) {
  const statuses = statusesOf(
    index.seats.map((seat) => ({
      id: seat.id,
      status: seat.id === rowA[5] ? ('sold' as const) : ('available' as const),
    })),
  );
  render(
    <MantineProvider>
      {/* As in the app, a page waits for its translations under a Suspense boundary. */}
      <Suspense>
        <SeatList
          index={index}
          statuses={statuses}
          selected={selected}
          language="en"
          priceOf={(category) => (category === 'vip' ? 'VIP, SAR 150' : 'Standard, SAR 80')}
          onToggle={onToggle}
        />
      </Suspense>
    </MantineProvider>,
  );
  return onToggle;
}

describe('SeatList', () => {
  it('names each seat with its price and accessibility, and follows the choice', async () => {
    renderList([rowA[2]!]);
    expect(
      await screen.findByRole('checkbox', {
        name: 'Seat 1 · VIP, SAR 150 · wheelchair accessible',
      }),
    ).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /^Seat 3 ·/ }).checked).toBe(
      true,
    );
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /^Seat 6 ·/ }).disabled).toBe(
      true,
    );
  });

  it('toggles a seat from the keyboard list, and moves between sections and rows', async () => {
    const onToggle = renderList([]);
    fireEvent.click(await screen.findByRole('checkbox', { name: /^Seat 4 ·/ }));
    expect(onToggle).toHaveBeenCalledWith(index.byId.get(rowA[3]!));
    fireEvent.change(screen.getByRole('combobox', { name: 'Section' }), {
      target: { value: 'balcony' },
    });
    const row = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Row' });
    expect([...row.options].map((option) => option.value)).toEqual([
      'balcony.r1',
      'balcony.r2',
      'balcony.r3',
      'table1',
    ]);
    fireEvent.change(row, { target: { value: 'table1' } });
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
  });
});
