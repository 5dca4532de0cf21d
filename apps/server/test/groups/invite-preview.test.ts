import { GROUP_MESSAGES } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../src/lib/clock.js';
import { createGroupWithMembers } from '../groups.js';
import { latestLinkTo, post } from '../helpers.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

// /group/invite_preview: the invite link's holder learns, before signing in, who invites them to
// which group; nothing for a wrong, used or expired code.

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

async function inviteLink(token: string, groupId: number, email: string) {
  const res = await post(t, '/group/invite', { email, group_id: groupId }, { token });
  expect(res.status).toBe(200);
  const link = await latestLinkTo(t, email);
  return { group_id: groupId, invite_code: link.searchParams.get('invite_code')! };
}

describe('/group/invite_preview', () => {
  it('names the inviter and the group to anyone holding the link, signed in or not', async () => {
    const { owner, group } = await createGroupWithMembers(t);
    const invite = await inviteLink(owner.token, group.groupId, 'preview.one@example.com');
    const res = await post(t, '/group/invite_preview', invite);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ groupName: group.name, inviterName: `Pat ${owner.user.lastName}` });
  });

  it('answers 400 and names nothing for a wrong code or another group', async () => {
    const { owner, group } = await createGroupWithMembers(t);
    const other = await createGroupWithMembers(t);
    const invite = await inviteLink(owner.token, group.groupId, 'preview.two@example.com');
    for (const body of [
      { ...invite, invite_code: 'not-the-code' },
      { ...invite, group_id: other.group.groupId },
    ]) {
      const res = await post(t, '/group/invite_preview', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'GROUP_INVITE_INVALID', message: GROUP_MESSAGES.inviteInvalid });
      expect(JSON.stringify(res.body)).not.toContain(group.name);
    }
  });

  it('answers 400 once the invite was used, and when it expired', async () => {
    const { owner, stranger, group } = await createGroupWithMembers(t);
    const used = await inviteLink(owner.token, group.groupId, stranger.user.email);
    // Accepting spends it.
    expect((await post(t, '/group/add_invited', used, { token: stranger.token })).status).toBe(200);
    expect(await post(t, '/group/invite_preview', used)).toMatchObject({
      status: 400,
      body: { code: 'GROUP_INVITE_INVALID' },
    });

    const late = await inviteLink(owner.token, group.groupId, 'preview.late@example.com');
    clock.advance(7 * 24 * HOUR_MS + 1);
    expect(await post(t, '/group/invite_preview', late)).toMatchObject({
      status: 400,
      body: { code: 'GROUP_INVITE_EXPIRED', message: GROUP_MESSAGES.inviteExpired },
    });
  });

  it('answers 400 with a clear message for bad input', async () => {
    for (const body of [{}, { group_id: 'x', invite_code: 'c' }, { group_id: 1 }, { group_id: 1, invite_code: '' }]) {
      const res = await post(t, '/group/invite_preview', body);
      expect(res.status).toBe(400);
      expect(typeof (res.body as { message?: unknown }).message).toBe('string');
    }
  });
});
