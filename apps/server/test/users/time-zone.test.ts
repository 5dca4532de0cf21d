import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, findUserRow, post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const setZone = (token: string | undefined, body: unknown) =>
  post(t, '/user/update_time_zone', body, token ? { token } : {});

describe('/user/update_time_zone', () => {
  it('keeps the chosen zone; /user/get answers it', async () => {
    const me = await createSignedInUser(t);
    const before = await post(t, '/user/get', {}, { token: me.accessToken });
    expect(before.body.timeZone).toBe('UTC');
    const res = await setZone(me.accessToken, { time_zone: 'America/Los_Angeles' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userId: me.user.id, timeZone: 'America/Los_Angeles' });
    const after = await post(t, '/user/get', {}, { token: me.accessToken });
    expect(after.body.timeZone).toBe('America/Los_Angeles');
  });

  it('stores a chosen UTC as Etc/UTC: the default UTC means the person never chose', async () => {
    const me = await createSignedInUser(t);
    const res = await setZone(me.accessToken, { time_zone: 'UTC' });
    expect(res.body.timeZone).toBe('Etc/UTC');
  });

  it('refuses an unknown zone, an offset, a missing or non-text one with 400 and a clear message', async () => {
    const me = await createSignedInUser(t);
    for (const time_zone of ['Mars/Olympus', '+05:30', '', 'x'.repeat(200), 42]) {
      const res = await setZone(me.accessToken, { time_zone });
      expect(res.status, String(time_zone)).toBe(400);
      expect(JSON.stringify(res.body)).toContain('time_zone must be a time zone such as America/Los_Angeles');
    }
    expect((await setZone(me.accessToken, {})).status).toBe(400);
    expect((await findUserRow(t, me.user.id))?.timeZone).toBe('UTC');
  });

  it('answers 401 without a session, and changes only the caller', async () => {
    const me = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    expect((await setZone(undefined, { time_zone: 'Asia/Kolkata' })).status).toBe(401);
    const extra = await setZone(me.accessToken, { time_zone: 'Asia/Kolkata', user_id: other.user.id });
    expect(extra.status).toBe(400);
    expect((await findUserRow(t, other.user.id))?.timeZone).toBe('UTC');
  });
});
