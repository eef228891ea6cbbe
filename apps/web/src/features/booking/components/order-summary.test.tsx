import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pendingBooking } from '../testing/fixtures';
import { OrderSummary } from './order-summary';

describe('OrderSummary', () => {
  it("isolates a category's typed name, so an Arabic name keeps its place on an English page", async () => {
    const booking = pendingBooking(10, {
      items: [{ ticket_category: 1, name: 'عادي', quantity: 2, unit_price: 5000, discount: 0 }],
    });
    render(
      <MantineProvider>
        <OrderSummary booking={booking} />
      </MantineProvider>,
    );

    // Without the isolates the bidi algorithm draws "2 × عادي" (the count jumps to the left).
    expect(await screen.findByText('\u2068عادي\u2069 × 2')).toBeTruthy();
  });
});
