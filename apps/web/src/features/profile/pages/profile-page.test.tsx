import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ownProfile, user } from '../../../test/fixtures';
import { catalogRoutes, renderApp, signInAs } from '../../../test/render-app';
import { jsonResponse, stubFetch } from '../../../test/stub-fetch';
import { getSessionState } from '../../../lib/session';
import { isolate } from '../../../lib/bidi';

const profilePath = `/api/v1/profile/${user.id}/`;
const organizer = {
  ...ownProfile,
  user_type: 'organizer' as const,
  roles: ['attendee' as const, 'organizer' as const],
  organization_name: 'Oud Nights',
  bio: 'Live music in Amman.',
};

function pickFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

describe('profile page', () => {
  it('greets the reader and shows the email and account type', async () => {
    stubFetch({ ...catalogRoutes, [`GET ${profilePath}`]: organizer });
    signInAs({ ...user, user_type: 'organizer' });

    renderApp('/user/profile');

    expect(
      await screen.findByRole('heading', { level: 1, name: `Hello, ${isolate('Sara Haddad')}` }),
    ).toBeTruthy();
    expect(await screen.findByText('sara@example.com')).toBeTruthy();
    expect(screen.getByText('Organizer')).toBeTruthy();
    expect((screen.getByLabelText(/Organization name/) as HTMLInputElement).value).toBe(
      'Oud Nights',
    );
    await waitFor(() => expect(document.title).toBe('Your profile · Hafla'));
  });

  it('saves edited details as JSON and updates the signed-in user', async () => {
    const { requests } = stubFetch({
      ...catalogRoutes,
      [`GET ${profilePath}`]: ownProfile,
      [`PATCH ${profilePath}`]: { ...ownProfile, first_name: 'Sarah', phone: '+962 79 000 0000' },
    });
    signInAs(user);
    renderApp('/user/profile');

    const firstName = await screen.findByLabelText(/First name/);
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Sarah');
    await userEvent.type(screen.getByLabelText(/Phone number/), '+962 79 000 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(JSON.parse(patch?.body ?? '')).toEqual({
      first_name: 'Sarah',
      last_name: 'Haddad',
      phone: '+962 79 000 0000',
      bio: null,
    });
    expect(getSessionState().user?.first_name).toBe('Sarah');
  });

  it('says how to write a phone number it cannot send, and sends nothing', async () => {
    const { requests } = stubFetch({ ...catalogRoutes, [`GET ${profilePath}`]: ownProfile });
    signInAs(user);
    renderApp('/user/profile');

    await userEvent.type(await screen.findByLabelText(/Phone number/), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText(
        'Enter a phone number of 6 to 20 digits, spaces, +, - or brackets, like +966 50 123 4567.',
      ),
    ).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PATCH')).toEqual([]);
  });

  it('uploads a chosen photo as multipart with a preview, and shows the API refusal under it', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:preview');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const fetchBodies: unknown[] = [];
    const { fetchStub } = stubFetch({
      ...catalogRoutes,
      [`GET ${profilePath}`]: ownProfile,
      [`PATCH ${profilePath}`]: () =>
        jsonResponse(
          {
            type: 'validation_error',
            errors: [
              { code: 'image_invalid', detail: 'This file is not an image.', attr: 'avatar' },
            ],
          },
          400,
        ),
    });
    signInAs(user);
    renderApp('/user/profile');
    await screen.findByRole('button', { name: 'Choose a photo' });

    pickFile(new File(['png'], 'me.png', { type: 'image/png' }));

    expect(
      await screen.findByRole('img', { name: 'Preview of your new profile photo' }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('This file is not an image.')).toBeTruthy();
    for (const call of fetchStub.mock.calls) fetchBodies.push(call[1]?.body);
    const form = fetchBodies.find((body) => body instanceof FormData) as FormData | undefined;
    expect(form?.get('avatar')).toBeInstanceOf(File);
    expect(form?.get('first_name')).toBe('Sara');
  });

  it('refuses a file that is not an accepted image before uploading it', async () => {
    const { requests } = stubFetch({ ...catalogRoutes, [`GET ${profilePath}`]: ownProfile });
    signInAs(user);
    renderApp('/user/profile');
    await screen.findByRole('button', { name: 'Choose a photo' });

    pickFile(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));

    expect(await screen.findByText('Choose a PNG, JPEG, WebP or GIF image.')).toBeTruthy();
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(false));
  });
});
