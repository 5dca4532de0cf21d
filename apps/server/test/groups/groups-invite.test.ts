import crypto from 'node:crypto';
import { GROUP_MESSAGES } from '@leadcircle/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupInvites, groupMembers } from '../../src/db/schema/index.js';
import { eraseAccountsJob } from '../../src/jobs/jobs.js';
import { HOUR_MS } from '../../src/lib/clock.js';
import { createGroupWithMembers } from '../groups.js';
import { createSignedInUser, latestLinkTo, mailsTo, post, signIn, useEmailLink } from '../helpers.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const isMember = async (groupId: number, userId: number) =>
  (
    await t.db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
  ).length === 1;

async function invite(token: string, groupId: number, email: string) {
  const res = await post(t, '/group/invite', { email, role: 'MEMBER', group_id: groupId }, { token });
  expect(res).toMatchObject({ status: 200, body: { message: 'You have sent the invitation link successfully.' } });
  return latestLinkTo(t, email);
}

describe('/group/invite', () => {
  it('e-mails the /group/user_invited link with the account id of a known address, and stores only a hash', async () => {
    const { owner, group } = await createGroupWithMembers(t);
    const { user } = await createSignedInUser(t);
    const link = await invite(owner.token, group.groupId, user.email.toUpperCase());
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/group/user_invited');
    expect(link.searchParams.get('action')).toBe('GROUP_INVITE');
    expect(link.searchParams.get('user_id')).toBe(String(user.id));
    expect(link.searchParams.get('group_id')).toBe(String(group.groupId));
    expect(link.searchParams.get('email')).toBe(user.email);
    const code = link.searchParams.get('invite_code')!;
    expect(code.length).toBeGreaterThanOrEqual(20);
    const [mail] = await mailsTo(t, user.email);
    expect(mail?.subject).toContain(group.name);
    const rows = await t.db.select().from(groupInvites).where(eq(groupInvites.groupId, group.groupId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.expiresAt.getTime() - clock.now().getTime()).toBe(7 * 24 * HOUR_MS);
  });

  it('puts user_id 0 in the link for an address without an account', async () => {
    const { owner, group } = await createGroupWithMembers(t);
    const link = await invite(owner.token, group.groupId, 'new.colleague@example.com');
    expect(link.searchParams.get('user_id')).toBe('0');
  });

  it("answers 'Email is required', 'Must be a valid email' and 409 for someone already in the group", async () => {
    const { owner, member, group } = await createGroupWithMembers(t);
    const missing = await post(t, '/group/invite', { email: '', group_id: group.groupId }, { token: owner.token });
    expect(missing).toMatchObject({ status: 400, body: { message: 'Email is required' } });
    const invalid = await post(
      t,
      '/group/invite',
      { email: 'not-an-email', group_id: group.groupId },
      { token: owner.token },
    );
    expect(invalid).toMatchObject({ status: 400, body: { message: 'Must be a valid email' } });
    const already = await post(
      t,
      '/group/invite',
      { email: member.user.email, group_id: group.groupId },
      { token: owner.token },
    );
    expect(already).toMatchObject({
      status: 409,
      body: { code: 'GROUP_INVITEE_ALREADY_MEMBER', message: GROUP_MESSAGES.inviteeAlreadyMember },
    });
  });
});

describe('/group/add_invited', () => {
  it('lets the invited account join as MEMBER without a payment method, once', async () => {
    const { owner, group } = await createGroupWithMembers(t);
    const invitee = await createSignedInUser(t);
    const link = await invite(owner.token, group.groupId, invitee.user.email);
    const body = { group_id: link.searchParams.get('group_id'), invite_code: link.searchParams.get('invite_code') };
    // The web app sends the ids it read from the link, as text.
    const res = await post(t, '/group/add_invited', body, { token: invitee.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ groupId: group.groupId, userRole: 'MEMBER', isOwner: false, usersCount: 3 });
    expect(await isMember(group.groupId, invitee.user.id)).toBe(true);
    const again = await post(t, '/group/add_invited', body, { token: invitee.accessToken });
    expect(again).toMatchObject({
      status: 400,
      body: { code: 'GROUP_INVITE_INVALID', message: GROUP_MESSAGES.inviteInvalid },
    });
  });

  it('refuses a wrong code, a code of another group, another address and an expired invite', async () => {
    const { owner, stranger, group } = await createGroupWithMembers(t);
    const other = await createGroupWithMembers(t);
    const invitee = await createSignedInUser(t);
    const link = await invite(owner.token, group.groupId, invitee.user.email);
    const code = link.searchParams.get('invite_code')!;
    const wrong = await post(
      t,
      '/group/add_invited',
      { group_id: group.groupId, invite_code: 'not-the-code' },
      { token: invitee.accessToken },
    );
    expect(wrong).toMatchObject({ status: 400, body: { code: 'GROUP_INVITE_INVALID' } });
    const otherGroup = await post(
      t,
      '/group/add_invited',
      { group_id: other.group.groupId, invite_code: code },
      { token: invitee.accessToken },
    );
    expect(otherGroup).toMatchObject({ status: 400, body: { code: 'GROUP_INVITE_INVALID' } });
    const otherAddress = await post(
      t,
      '/group/add_invited',
      { group_id: group.groupId, invite_code: code },
      { token: stranger.token },
    );
    expect(otherAddress).toMatchObject({
      status: 403,
      body: { code: 'GROUP_INVITE_OTHER_ADDRESS', message: GROUP_MESSAGES.inviteOtherAddress },
    });
    expect(await isMember(group.groupId, stranger.user.id)).toBe(false);
    expect((await post(t, '/group/add_invited', { group_id: group.groupId, invite_code: code })).status).toBe(401);

    clock.advance(7 * 24 * HOUR_MS + 1);
    const { accessToken } = await signIn(t, invitee.user.email);
    const expired = await post(
      t,
      '/group/add_invited',
      { group_id: group.groupId, invite_code: code },
      { token: accessToken },
    );
    expect(expired).toMatchObject({
      status: 400,
      body: { code: 'GROUP_INVITE_EXPIRED', message: GROUP_MESSAGES.inviteExpired },
    });
    expect(await isMember(group.groupId, invitee.user.id)).toBe(false);
  });

  it('lets only one of two acceptances of one code at once join; the other is told the code is invalid', async () => {
    const { owner, group } = await createGroupWithMembers(t);
    const invitee = await createSignedInUser(t);
    const link = await invite(owner.token, group.groupId, invitee.user.email);
    const body = { group_id: group.groupId, invite_code: link.searchParams.get('invite_code') };
    const both = await Promise.all([
      post(t, '/group/add_invited', body, { token: invitee.accessToken }),
      post(t, '/group/add_invited', body, { token: invitee.accessToken }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)?.body).toMatchObject({ code: 'GROUP_INVITE_INVALID' });
    expect(await isMember(group.groupId, invitee.user.id)).toBe(true);
  });

  it('accepts a code e-mailed before codes grew to 256 bits (24 random bytes, stored as its SHA-256 hex)', async () => {
    const { owner, group } = await createGroupWithMembers(t);
    const invitee = await createSignedInUser(t);
    const oldCode = crypto.randomBytes(24).toString('base64url');
    await t.db.insert(groupInvites).values({
      groupId: group.groupId,
      email: invitee.user.email,
      codeHash: crypto.createHash('sha256').update(oldCode).digest('hex'),
      invitedBy: owner.user.id,
      expiresAt: new Date(clock.now().getTime() + 7 * 24 * HOUR_MS),
    });
    const body = { group_id: group.groupId, invite_code: oldCode };
    expect(await post(t, '/group/invite_preview', body)).toMatchObject({
      status: 200,
      body: { groupName: group.name },
    });
    const res = await post(t, '/group/add_invited', body, { token: invitee.accessToken });
    expect(res).toMatchObject({ status: 200, body: { groupId: group.groupId, userRole: 'MEMBER' } });
  });

  it('a new address signs up with the invite, confirms, signs in and joins the group', async () => {
    const { owner, group } = await createGroupWithMembers(t);
    const email = `fresh.${Date.now()}@example.com`;
    const link = await invite(owner.token, group.groupId, email);
    const groupId = Number(link.searchParams.get('group_id'));
    const inviteCode = link.searchParams.get('invite_code')!;
    const signup = await post(t, '/user/email_signup', {
      first_name: 'Nia',
      last_name: 'Newcomer',
      email,
      password: 'Fresh-Password-1',
      group_invite_code: inviteCode,
      group_id: groupId,
    });
    expect(signup.status).toBe(200);
    // The confirmation link carries the invite back to the web app …
    const confirmation = await latestLinkTo(t, email);
    expect(confirmation.searchParams.get('group_id')).toBe(String(groupId));
    expect(confirmation.searchParams.get('group_invite_code')).toBe(inviteCode);
    const confirmed = await useEmailLink(t, confirmation);
    expect(confirmed.status).toBe(200);
    // … which accepts it once the new account is signed in.
    const res = await post(
      t,
      '/group/add_invited',
      {
        group_id: confirmation.searchParams.get('group_id'),
        invite_code: confirmation.searchParams.get('group_invite_code'),
      },
      { token: confirmed.body.accessToken },
    );
    expect(res).toMatchObject({ status: 200, body: { groupId, userRole: 'MEMBER' } });
    const users = await post(t, '/user/get_users_by_group', { group_id: groupId }, { token: owner.token });
    expect(users.body.users.map((u: { fullName: string }) => u.fullName)).toContain('Nia Newcomer');
  });
});

describe('account erasure', () => {
  it("deletes the invitations to the erased account's address", async () => {
    const { owner, group } = await createGroupWithMembers(t);
    const invitee = await createSignedInUser(t);
    await invite(owner.token, group.groupId, invitee.user.email);
    const invitesTo = () => t.db.select().from(groupInvites).where(eq(groupInvites.email, invitee.user.email));
    expect(await invitesTo()).toHaveLength(1);
    const scheduled = await post(t, '/user/schedule_delete', {}, { token: invitee.accessToken });
    expect(scheduled.status).toBe(200);
    clock.advance(24 * HOUR_MS + 1);
    await eraseAccountsJob.run(t.deps);
    expect(await invitesTo()).toEqual([]);
  });
});
