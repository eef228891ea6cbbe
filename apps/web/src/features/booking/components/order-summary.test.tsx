import { MantineProvider } from '@mantine/core';
import { Suspense } from 'react';
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
        {/* As in the app, a page waits for its translations under a Suspense boundary. */}
        <Suspense>
          <OrderSummary booking={booking} />
        </Suspense>
      </MantineProvider>,
    );

    // Without the isolates the bidi algorithm draws "2 × عادي" (the count jumps to the left).
    expect(await screen.findByText('\u2068عادي\u2069 × 2')).toBeTruthy();
  });
});
