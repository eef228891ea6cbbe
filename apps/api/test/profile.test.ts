import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OwnProfile, PublicProfile } from '@hafla/shared/profile/profile';
import { signUp } from './auth-helpers';
import {
  PNG,
  createMailTestContext,
  demoUserId,
  firstError,
  multipartForm,
  type TestContext,
} from './helpers';
import type { SmtpSink } from './smtp-sink';

let ctx: TestContext;
let sink: SmtpSink;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ ctx, sink, close } = await createMailTestContext());
});
afterAll(() => close());

function patchWithForm(access: string, id: string, form: { payload: Buffer; contentType: string }) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/v1/profile/${id}/`,
    headers: { authorization: `Bearer ${access}`, 'content-type': form.contentType },
    payload: form.payload,
  });
}

async function completedUser() {
  const session = await signUp(ctx, sink);
  await ctx.app.inject({
    method: 'PATCH',
    url: '/complete_registration/',
    headers: { authorization: `Bearer ${session.access}` },
    payload: {
      first_name: 'Mona',
      last_name: 'Fahd',
      phone: '+966 500 000 000',
      user_type: 'attendee',
    },
  });
  return session;
}

describe('GET /api/v1/profile/{id}/', () => {
  it('answers the whole account to its owner', async () => {
    const { access, user } = await completedUser();
    const response = await ctx.app.inject({
      url: `/api/v1/profile/${user.id}/`,
      headers: { authorization: `Bearer ${access}` },
    });
    expect(response.statusCode).toBe(200);
    expect(OwnProfile.parse(response.json())).toMatchObject({
      email: user.email,
      phone: '+966 500 000 000',
      followers_count: 0,
    });
  });

  it('answers only the public part of someone else, never their private data', async () => {
    const { access } = await completedUser();
    const organizerId = await demoUserId(ctx, 'organizer@hafla.test');
    for (const headers of [{ authorization: `Bearer ${access}` }, {}]) {
      const response = await ctx.app.inject({ url: `/api/v1/profile/${organizerId}/`, headers });
      expect(response.statusCode).toBe(200);
      const body = response.json() as Record<string, unknown>;
      expect(PublicProfile.strict().parse(body)).toMatchObject({
        organization_name: 'Nour Events',
        user_type: 'organizer',
      });
      for (const secret of ['email', 'phone', 'language', 'roles', 'is_verified'])
        expect(body).not.toHaveProperty(secret);
    }
  });

  it('hides unfinished accounts and answers field errors for malformed ids', async () => {
    const unfinished = await signUp(ctx, sink);
    const other = await completedUser();
    const response = await ctx.app.inject({
      url: `/api/v1/profile/${unfinished.user.id}/`,
      headers: { authorization: `Bearer ${other.access}` },
    });
    expect(response.statusCode).toBe(404);
    const malformed = await ctx.app.inject({ url: '/api/v1/profile/42/' });
    expect(firstError(malformed)).toMatchObject({ code: 'invalid', attr: 'id' });
  });
});

describe('PATCH /api/v1/profile/{id}/', () => {
  it('edits the own profile from JSON', async () => {
    const { access, user } = await completedUser();
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/profile/${user.id}/`,
      headers: { authorization: `Bearer ${access}` },
      payload: { first_name: 'Muna', bio: 'Loves theatre', language: 'ar', phone: '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Muna',
      bio: 'Loves theatre',
      language: 'ar',
      phone: null,
    });
  });

  it("refuses someone else's profile and mass-assignment, changing nothing", async () => {
    const { access } = await completedUser();
    const victim = await completedUser();
    const other = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/profile/${victim.user.id}/`,
      headers: { authorization: `Bearer ${access}` },
      payload: { first_name: 'Hacked' },
    });
    expect(other.statusCode).toBe(403);
    expect(firstError(other)?.code).toBe('permission_denied');

    const own = await completedUser();
    const sneaky = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/profile/${own.user.id}/`,
      headers: { authorization: `Bearer ${own.access}` },
      payload: { roles: ['admin'], is_verified: false, email: 'x@example.com' },
    });
    expect(sneaky.statusCode).toBe(400);
    const check = await ctx.app.inject({
      url: `/api/v1/profile/${victim.user.id}/`,
      headers: { authorization: `Bearer ${victim.access}` },
    });
    expect(check.json()).toMatchObject({ first_name: 'Mona' });
    const mine = await ctx.app.inject({
      url: `/api/v1/profile/${own.user.id}/`,
      headers: { authorization: `Bearer ${own.access}` },
    });
    expect(mine.json()).toMatchObject({
      roles: ['attendee'],
      is_verified: true,
      email: own.user.email,
    });
  });

  it('needs a signed-in user', async () => {
    const { user } = await completedUser();
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/profile/${user.id}/`,
      payload: { first_name: 'X' },
    });
    expect(firstError(response)?.code).toBe('not_authenticated');
  });

  it('takes an avatar from multipart, stores it re-encoded, serves it, and removes it on null', async () => {
    const { access, user } = await completedUser();
    const form = multipartForm(
      { first_name: 'Avatar' },
      { name: 'avatar', filename: 'me.png', type: 'image/png', content: PNG },
    );
    const response = await patchWithForm(access, user.id, form);
    expect(response.statusCode, response.body).toBe(200);
    const profile = OwnProfile.parse(response.json());
    expect(profile.first_name).toBe('Avatar');
    expect(profile.avatar).toMatch(/^\/uploads\/avatars\/[0-9a-f-]+\/[0-9a-f]{20}\.webp$/);

    const image = await ctx.app.inject({ url: profile.avatar! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 1,
      height: 1,
    });

    const removed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/profile/${user.id}/`,
      headers: { authorization: `Bearer ${access}` },
      payload: { avatar: null },
    });
    expect(removed.json()).toMatchObject({ avatar: null });
    expect((await ctx.app.inject({ url: profile.avatar! })).statusCode).toBe(404);
  });

  it('accepts an image larger than the JSON body limit but within the upload limit', async () => {
    const { access, user } = await completedUser();
    const form = multipartForm(
      {},
      {
        name: 'avatar',
        filename: 'big.png',
        type: 'image/png',
        content: Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]),
      },
    );
    const response = await patchWithForm(access, user.id, form);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('stores a photo re-encoded: no metadata, upright, at most 512 pixels on its longest side', async () => {
    const { access, user } = await completedUser();
    // A landscape JPEG that says "turn me upright" (orientation 6) and carries a comment.
    const photo = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { ImageDescription: 'home address' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await patchWithForm(
      access,
      user.id,
      multipartForm({}, { name: 'avatar', filename: 'me.jpg', type: 'image/jpeg', content: photo }),
    );
    const profile = OwnProfile.parse(response.json());
    const stored = (await ctx.app.inject({ url: profile.avatar! })).rawPayload;
    expect(stored.includes(Buffer.from('home address'))).toBe(false);
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 288, height: 512 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('refuses text that starts like a GIF with image_invalid and keeps the avatar', async () => {
    const { access, user } = await completedUser();
    const before = OwnProfile.parse(
      (
        await patchWithForm(
          access,
          user.id,
          multipartForm({}, { name: 'avatar', filename: 'a.png', type: 'image/png', content: PNG }),
        )
      ).json(),
    );
    expect(before.avatar).not.toBeNull();
    const response = await patchWithForm(
      access,
      user.id,
      multipartForm(
        { first_name: 'Changed' },
        {
          name: 'avatar',
          filename: 'cat.gif',
          type: 'image/gif',
          content: Buffer.from('GIF89a<html><script>alert(1)</script></html>'),
        },
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(firstError(response)).toMatchObject({ code: 'image_invalid', attr: 'avatar' });
    const after = await ctx.app.inject({
      url: `/api/v1/profile/${user.id}/`,
      headers: { authorization: `Bearer ${access}` },
    });
    expect(OwnProfile.parse(after.json())).toEqual(before);
  });

  it('answers a multipart body it cannot read with multipart_invalid', async () => {
    const { access, user } = await completedUser();
    for (const [contentType, payload] of [
      ['multipart/form-data', 'no boundary'],
      ['multipart/form-data; boundary=xyz', 'garbage without any boundary line'],
      [
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\ncut',
      ],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/profile/${user.id}/`,
        headers: { authorization: `Bearer ${access}`, 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, `${contentType} ${response.body}`).toBe(400);
      expect(firstError(response)).toMatchObject({ code: 'multipart_invalid', attr: null });
    }
  });

  it('refuses a file that only claims to be an image, and one over the size limit', async () => {
    const { access, user } = await completedUser();
    const fake = multipartForm(
      {},
      {
        name: 'avatar',
        filename: 'evil.png',
        type: 'image/png',
        content: Buffer.from('<script>alert(1)</script>'),
      },
    );
    const response = await patchWithForm(access, user.id, fake);
    expect(response.statusCode).toBe(400);
    expect(firstError(response)).toMatchObject({ code: 'image_invalid', attr: 'avatar' });

    const huge = multipartForm(
      {},
      {
        name: 'avatar',
        filename: 'big.png',
        type: 'image/png',
        content: Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]),
      },
    );
    const tooBig = await patchWithForm(access, user.id, huge);
    expect(tooBig.statusCode).toBe(413);
    expect(firstError(tooBig)?.code).toBe('request_too_large');
  });

  it('never serves paths outside the upload folder', async () => {
    for (const url of [
      '/uploads/../jwt-secret',
      '/uploads/avatars/%2e%2e/%2e%2e/jwt-secret.png',
      '/uploads/x.exe',
    ]) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
