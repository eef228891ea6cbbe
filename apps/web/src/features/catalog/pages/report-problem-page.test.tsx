import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventDetail, user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';

const report = {
  id: 12,
  subject: 'Wrong venue',
  message: 'The address points to the old hall.',
  event: 7,
  status: 'open',
  created_at: '2030-01-10T10:00:00.000Z',
};

describe('report a problem', () => {
  it('sends the subject, the message and the event it was opened from', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'GET /api/v1/events_read/7': eventDetail,
      'POST /api/v1/problem-reports/': () => jsonResponse(report, 201),
    });
    signInAs(user);
    renderApp('/report-problem?event=7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Report a problem' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Oud Night at the Citadel' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Subject/), 'Wrong venue');
    await userEvent.type(
      screen.getByLabelText(/What happened/),
      'The address points to the old hall.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText('Thank you, your report was sent')).toBeTruthy();
    expect(screen.getByText('Our team will look into it. Your reference is #12.')).toBeTruthy();
    const post = requests.find((request) => request.method === 'POST');
    expect(JSON.parse(post?.body ?? '')).toEqual({
      subject: 'Wrong venue',
      message: 'The address points to the old hall.',
      event: 7,
    });
  });

  it('checks the lengths before sending and shows API field errors on their fields', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      'POST /api/v1/problem-reports/': () =>
        jsonResponse(
          {
            type: 'validation_error',
            errors: [{ code: 'max_length', detail: 'This subject is too long.', attr: 'subject' }],
          },
          400,
        ),
    });
    signInAs(user);
    renderApp('/report-problem');

    await userEvent.type(await screen.findByLabelText(/Subject/), 'No');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Write a subject of at least 3 characters.')).toBeTruthy();
    expect(screen.getByText('Describe the problem in at least 10 characters.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Subject/)));

    await userEvent.type(screen.getByLabelText(/Subject/), 'ne at all');
    await userEvent.type(screen.getByLabelText(/What happened/), 'Nothing loads on the page.');
    await userEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('This subject is too long.')).toBeTruthy();
    expect(JSON.parse(requests.find((r) => r.method === 'POST')?.body ?? '')).toEqual({
      subject: 'None at all',
      message: 'Nothing loads on the page.',
      event: null,
    });
  });
});
