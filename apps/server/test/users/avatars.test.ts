import { AVATAR_MAX_BYTES, AVATAR_SIZE, MESSAGES } from '@leadcircle/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseAccountsJob } from '../../src/jobs/jobs.js';
import { HOUR_MS } from '../../src/lib/clock.js';
import { createSignedInUser, findUserRow, post, signIn } from '../helpers.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';
import {
  compressedPngBomb,
  gifPicture,
  htmlDisguisedAsPng,
  injectUpload,
  jpegWithMetadata,
  multipartBody,
  pngDeclaringHugeDimensions,
  pngWithMetadata,
  storedUploads,
  svgDisguisedAsPng,
  uploadAvatar,
  webpPicture,
} from '../uploads.js';

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const getAvatar = (url: string) => t.app.inject({ method: 'GET', url });

async function expectStoredPicture(url: string) {
  const res = await getAvatar(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  const meta = await sharp(res.rawPayload).metadata();
  expect(meta).toMatchObject({ format: 'webp', width: AVATAR_SIZE, height: AVATAR_SIZE });
  // Re-encoded: no EXIF, no ICC profile, none of the camera's text left in the bytes.
  expect(meta.exif).toBeUndefined();
  expect(meta.icc).toBeUndefined();
  expect(res.rawPayload.includes('Secret Location')).toBe(false);
  expect(res.rawPayload.includes('Taken at home')).toBe(false);
  return res;
}

describe('/user/upload_avatar', () => {
  it('accepts a PNG, re-encodes it to a 256×256 WebP without metadata, and the user carries its address', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    const before = await post(t, '/user/get', {}, { token: accessToken });
    expect(before.body.avatarUrl).toBeNull();

    const res = await uploadAvatar(t, accessToken, { data: await pngWithMetadata() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: user.id, firstName: user.firstName });
    expect(res.body.avatarUrl).toMatch(new RegExp(`^/api/avatars/${user.id}/[A-Za-z0-9_-]{20,}\\.webp$`));
    expect((await post(t, '/user/get', {}, { token: accessToken })).body.avatarUrl).toBe(res.body.avatarUrl);

    await expectStoredPicture(res.body.avatarUrl);
    expect(storedUploads(t)).toContain(res.body.avatarUrl.replace('/api/', ''));
  });

  it.each([
    ['a JPEG (with EXIF)', jpegWithMetadata, 'photo.jpg', 'image/jpeg'],
    ['a WebP', webpPicture, 'pic.webp', 'image/webp'],
    ['a GIF', gifPicture, 'anim.gif', 'image/gif'],
  ])('accepts %s', async (_name, make, filename, contentType) => {
    const { accessToken } = await createSignedInUser(t);
    const res = await uploadAvatar(t, accessToken, { data: await make(), filename, contentType });
    expect(res.status).toBe(200);
    await expectStoredPicture(res.body.avatarUrl);
  });

  it('judges the type by the bytes, not by the name or the declared type', async () => {
    const { accessToken } = await createSignedInUser(t);
    const res = await uploadAvatar(t, accessToken, {
      data: await jpegWithMetadata(),
      filename: 'notes.txt',
      contentType: 'text/plain',
    });
    expect(res.status).toBe(200);
    await expectStoredPicture(res.body.avatarUrl);
  });

  it('replaces the previous picture: a new address, and the old file is gone', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    const first = await uploadAvatar(t, accessToken, { data: await pngWithMetadata() });
    const second = await uploadAvatar(t, accessToken, { data: await gifPicture(), filename: 'b.gif' });
    expect(second.status).toBe(200);
    expect(second.body.avatarUrl).not.toBe(first.body.avatarUrl);
    expect((await getAvatar(first.body.avatarUrl)).statusCode).toBe(404);
    await expectStoredPicture(second.body.avatarUrl);
    const mine = storedUploads(t).filter((f) => f.startsWith(`avatars/${user.id}/`));
    expect(mine).toEqual([second.body.avatarUrl.replace('/api/', '')]);
  });

  describe('refuses with a clear message and stores nothing', () => {
    const cases: [string, () => Promise<Buffer> | Buffer, number, string][] = [
      [
        'plain text named .png',
        () => Buffer.from('just some words, not a picture'),
        415,
        MESSAGES.avatarUnsupportedType,
      ],
      ['an SVG disguised as a PNG', svgDisguisedAsPng, 415, MESSAGES.avatarUnsupportedType],
      ['an HTML page disguised as a PNG', htmlDisguisedAsPng, 415, MESSAGES.avatarUnsupportedType],
      ['a PNG declaring 100,000 × 100,000 pixels', pngDeclaringHugeDimensions, 413, MESSAGES.avatarTooManyPixels],
      ['a decompression bomb (30 million pixels in a small PNG)', compressedPngBomb, 413, MESSAGES.avatarTooManyPixels],
      ['a truncated PNG', async () => (await pngWithMetadata()).subarray(0, 200), 400, MESSAGES.avatarUnreadable],
      [
        'a TIFF (a real picture of another type)',
        () =>
          sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
            .tiff()
            .toBuffer(),
        415,
        MESSAGES.avatarUnsupportedType,
      ],
      ['an empty file', () => Buffer.alloc(0), 400, MESSAGES.avatarMissing],
    ];
    it.each(cases)('%s', async (_name, make, status, message) => {
      const { user, accessToken } = await createSignedInUser(t);
      const before = storedUploads(t);
      const res = await uploadAvatar(t, accessToken, { data: await make(), filename: 'avatar.png' });
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ message, code: expect.stringMatching(/^AVATAR_/) });
      expect((await findUserRow(t, user.id))!.avatarKey).toBeNull();
      expect(storedUploads(t)).toEqual(before);
    });

    it(`a file larger than ${AVATAR_MAX_BYTES / 1024 / 1024} MB (413)`, async () => {
      const { user, accessToken } = await createSignedInUser(t);
      const before = storedUploads(t);
      const png = await pngWithMetadata();
      const tooLarge = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES + 1 - png.length, 7)]);
      const res = await uploadAvatar(t, accessToken, { data: tooLarge });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ message: MESSAGES.avatarTooLarge, code: 'AVATAR_TOO_LARGE' });
      expect((await findUserRow(t, user.id))!.avatarKey).toBeNull();
      expect(storedUploads(t)).toEqual(before);
    });

    it('keeps the current picture when a bad file is sent', async () => {
      const { accessToken } = await createSignedInUser(t);
      const good = await uploadAvatar(t, accessToken, { data: await pngWithMetadata() });
      const bad = await uploadAvatar(t, accessToken, { data: svgDisguisedAsPng() });
      expect(bad.status).toBe(415);
      expect((await post(t, '/user/get', {}, { token: accessToken })).body.avatarUrl).toBe(good.body.avatarUrl);
      await expectStoredPicture(good.body.avatarUrl);
    });
  });

  it('answers 400 when no file is in the form', async () => {
    const { accessToken } = await createSignedInUser(t);
    const body = multipartBody([{ name: 'comment', data: 'no file here' }]);
    const res = await injectUpload(t, accessToken, body.payload, body.contentType);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGES.avatarMissing, code: 'AVATAR_MISSING' });
  });

  it('answers 415 to a body that is not multipart/form-data', async () => {
    const { accessToken } = await createSignedInUser(t);
    for (const [payload, type] of [
      ['{"file":"x"}', 'application/json'],
      [await pngWithMetadata(), 'image/png'],
    ] as const) {
      const res = await injectUpload(t, accessToken, Buffer.from(payload), type);
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ message: MESSAGES.avatarNotMultipart, code: 'AVATAR_NOT_MULTIPART' });
    }
  });

  it('answers 401 to an anonymous caller and stores nothing', async () => {
    const before = storedUploads(t);
    const res = await uploadAvatar(t, undefined, { data: await pngWithMetadata() });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: MESSAGES.notSignedIn, code: 'AUTH_REQUIRED' });
    expect(storedUploads(t)).toEqual(before);
  });

  it('answers 401 to a user whose deletion was requested', async () => {
    const { accessToken } = await createSignedInUser(t);
    await post(t, '/user/schedule_delete', {}, { token: accessToken });
    const res = await uploadAvatar(t, accessToken, { data: await pngWithMetadata() });
    expect(res.status).toBe(401);
  });

  it('limits each user to 20 uploads an hour (429)', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    const picture = await webpPicture();
    for (let i = 0; i < 20; i += 1) {
      expect((await uploadAvatar(t, accessToken, { data: picture, filename: 'a.webp' })).status).toBe(200);
    }
    const limited = await uploadAvatar(t, accessToken, { data: picture, filename: 'a.webp' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: MESSAGES.tooManyAttempts, code: 'RATE_LIMITED' });
    clock.advance(HOUR_MS);
    // A new session: access tokens last 15 minutes.
    const later = await signIn(t, user.email, user.password);
    expect((await uploadAvatar(t, later.accessToken, { data: picture, filename: 'a.webp' })).status).toBe(200);
  });
});

describe('/user/remove_avatar', () => {
  it('removes the picture and its file; the initial letter shows again', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    const uploaded = await uploadAvatar(t, accessToken, { data: await pngWithMetadata() });
    const res = await post(t, '/user/remove_avatar', {}, { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: user.id, avatarUrl: null });
    expect((await getAvatar(uploaded.body.avatarUrl)).statusCode).toBe(404);
    expect(storedUploads(t).filter((f) => f.startsWith(`avatars/${user.id}/`))).toEqual([]);
    // Removing again is harmless.
    expect((await post(t, '/user/remove_avatar', {}, { token: accessToken })).status).toBe(200);
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await post(t, '/user/remove_avatar', {});
    expect(res.status).toBe(401);
  });
});

describe('GET /api/avatars/:user_id/:file', () => {
  it('serves the picture without a bearer token (an <img> cannot send one) at its unguessable address', async () => {
    const { accessToken } = await createSignedInUser(t);
    const { body } = await uploadAvatar(t, accessToken, { data: await pngWithMetadata() });
    const res = await expectStoredPicture(body.avatarUrl);
    // A picture is no page: the API's policy, which allows nothing to run in it.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("answers 404 to a wrong file name, another user's id, a user without a picture and nonsense", async () => {
    const owner = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const { body } = await uploadAvatar(t, owner.accessToken, { data: await pngWithMetadata() });
    const file = body.avatarUrl.split('/').at(-1);
    for (const url of [
      `/api/avatars/${owner.user.id}/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.webp`,
      `/api/avatars/${other.user.id}/${file}`,
      `/api/avatars/${other.user.id}/anything.webp`,
      `/api/avatars/999999/${file}`,
      `/api/avatars/abc/${file}`,
      `/api/avatars/${owner.user.id}/..%2F..%2Fjwt-secret`,
      `/api/avatars/${owner.user.id}/${'x'.repeat(80)}.webp`,
    ]) {
      const res = await getAvatar(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Picture not found.', code: 'AVATAR_NOT_FOUND' });
    }
    // Beyond the router's limit for a path segment: 414, still a client error and never a 500.
    expect((await getAvatar(`/api/avatars/${owner.user.id}/${'x'.repeat(500)}.webp`)).statusCode).toBe(414);
  });

  it('stops serving the picture as soon as deletion is requested, and the job deletes the file after 24 hours', async () => {
    const { user, accessToken } = await createSignedInUser(t);
    const { body } = await uploadAvatar(t, accessToken, { data: await pngWithMetadata() });
    expect((await post(t, '/user/schedule_delete', {}, { token: accessToken })).status).toBe(200);
    expect((await getAvatar(body.avatarUrl)).statusCode).toBe(404);
    expect(storedUploads(t)).toContain(body.avatarUrl.replace('/api/', ''));
    // What a failed clean-up may leave behind goes too.
    await t.deps.files.put(`avatars/${user.id}/leftover-from-before.webp`, Buffer.from('old'), 'image/webp');

    clock.advance(24 * HOUR_MS);
    await eraseAccountsJob.run(t.deps);
    expect(storedUploads(t).filter((f) => f.startsWith(`avatars/${user.id}/`))).toEqual([]);
    expect((await findUserRow(t, user.id))!.avatarKey).toBeNull();
  });
});
