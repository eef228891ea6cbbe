import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { catalogRoutes, renderApp } from '../../../test/render-app';
import { stubFetch } from '../../../test/stub-fetch';

describe('FAQ page', () => {
  it('lists the questions in position order in an accordion that opens on click', async () => {
    stubFetch(catalogRoutes);

    renderApp('/faq');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' }),
    ).toBeTruthy();
    const questions = await screen.findAllByRole('button', { name: /\?$/ });
    expect(questions.map((question) => question.textContent)).toEqual([
      'How do I book tickets?',
      'How long are tickets held while I pay?',
    ]);
    const [first] = questions;
    if (!first) throw new Error('no question rendered');
    expect(first.getAttribute('aria-expanded')).toBe('false');

    await userEvent.click(first);

    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Your tickets arrive by email.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Frequently asked questions · Hafla'));
  });
});
