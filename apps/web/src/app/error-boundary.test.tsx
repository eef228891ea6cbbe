import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createTestQueryClient } from '../test/render-app';
import { AppErrorBoundary } from './error-boundary';
import { Providers } from './providers';

function Broken(): never {
  throw new Error('render failed');
}

describe('AppErrorBoundary', () => {
  it('replaces a crashed tree with a translated fallback and a reload button', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});

    render(
      <Providers language="en" queryClient={createTestQueryClient()} env="test">
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </Providers>,
    );

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });
});
