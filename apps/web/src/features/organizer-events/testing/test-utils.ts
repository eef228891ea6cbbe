import { configure, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

// These tests walk whole pages (lazy routes, several requests, long forms); on a busy two-core
// machine the default 1 s wait and 5 s test budget are too tight to tell a slow run from a bug.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

/** Replaces a field's text as a user would, without typing it key by key. */
export async function fill(label: RegExp | string, text: string): Promise<HTMLElement> {
  const field = await screen.findByLabelText(label);
  await userEvent.clear(field);
  if (text) {
    await userEvent.click(field);
    await userEvent.paste(text);
  }
  return field;
}

/**
 * Date, time and datetime-local inputs take their value whole, as a picker sets it: the browser
 * then fires `input` and `change`, in that order.
 */
export async function setValue(label: RegExp | string, value: string): Promise<HTMLElement> {
  const field = await screen.findByLabelText(label);
  fireEvent.input(field, { target: { value } });
  fireEvent.change(field, { target: { value } });
  return field;
}
