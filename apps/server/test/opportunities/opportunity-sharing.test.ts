import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opportunityInvites, opportunityShares } from '../../src/db/schema/index.js';
import { eraseAccountsJob } from '../../src/jobs/jobs.js';
import { HOUR_MS } from '../../src/lib/clock.js';
import { createSignedInUser, latestLinkTo, mailsTo, post, signIn, useEmailLink } from '../helpers.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';
import { createOpportunity, createSharedOpportunity, invite, notFoundBody, ownerOnlyBody } from './support.js';

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const sharesOf = async (opportunityId: number) =>
  (await t.db.select().from(opportunityShares).where(eq(opportunityShares.opportunityId, opportunityId))).map(
    (s) => s.userId,
  );
const accept = (token: string, opportunityId: number, code: string | null) =>
  post(t, '/opportunity/user/invite_accept', { opportunity_id: opportunityId, invite_code: code }, { token });

describe('/opportunity/user/invite', () => {
  it('e-mails the /opportunity/user_invited link with the invitee’s account id, and stores only a hash of the code', async () => {
    const owner = await createSignedInUser(t);
    const invitee = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    const link = await invite(t, owner.accessToken, opportunity.opportunityId, invitee.user.email.toUpperCase());
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/opportunity/user_invited');
    expect(link.searchParams.get('action')).toBe('OPPORTUNITY_INVITE');
    expect(link.searchParams.get('user_id')).toBe(String(invitee.userId));
    expect(link.searchParams.get('opportunity_id')).toBe(String(opportunity.opportunityId));
    expect(link.searchParams.get('email')).toBe(invitee.user.email);
    const code = link.searchParams.get('invite_code')!;
    expect(code.length).toBeGreaterThanOrEqual(20);
    const [mail] = await mailsTo(t, invitee.user.email);
    expect(mail?.subject).toContain(opportunity.name);
    const rows = await t.db
      .select()
      .from(opportunityInvites)
      .where(eq(opportunityInvites.opportunityId, opportunity.opportunityId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.expiresAt.getTime() - clock.now().getTime()).toBe(7 * 24 * HOUR_MS);
  });

  it('puts user_id 0 in the link for an address without an account', async () => {
    const owner = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    const link = await invite(t, owner.accessToken, opportunity.opportunityId, 'newcomer.one@example.com');
    expect(link.searchParams.get('user_id')).toBe('0');
  });

  it('refuses the shared user (403), a stranger (404) and anonymous (401), sending nothing', async () => {
    const { shared, stranger, opportunity } = await createSharedOpportunity(t);
    const body = { opportunity_id: opportunity.opportunityId, email: 'someone.else@example.com' };
    expect(await post(t, '/opportunity/user/invite', body, { token: shared.token })).toMatchObject({
      status: 403,
      body: ownerOnlyBody,
    });
    expect(await post(t, '/opportunity/user/invite', body, { token: stranger.token })).toMatchObject({
      status: 404,
      body: notFoundBody,
    });
    expect((await post(t, '/opportunity/user/invite', body)).status).toBe(401);
    expect(await mailsTo(t, 'someone.else@example.com')).toHaveLength(0);
  });

  it('refuses inviting yourself and someone who already has it (409)', async () => {
    const { owner, shared, opportunity } = await createSharedOpportunity(t);
    const self = await post(
      t,
      '/opportunity/user/invite',
      { opportunity_id: opportunity.opportunityId, email: owner.user.email },
      { token: owner.token },
    );
    expect(self).toMatchObject({
      status: 409,
      body: { code: 'OPPORTUNITY_INVITE_SELF', message: 'You cannot invite yourself.' },
    });
    const again = await post(
      t,
      '/opportunity/user/invite',
      { opportunity_id: opportunity.opportunityId, email: shared.user.email },
      { token: owner.token },
    );
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'OPPORTUNITY_ALREADY_SHARED', message: 'This person already has access to this opportunity.' },
    });
  });

  it.each([
    ['missing', {}, 'Email is required'],
    ['blank', { email: '  ' }, 'Email is required'],
    ['not an address', { email: 'nobody' }, 'Must be a valid email'],
  ])('refuses an e-mail %s with 400', async (_case, override, message) => {
    const owner = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    const res = await post(
      t,
      '/opportunity/user/invite',
      { opportunity_id: opportunity.opportunityId, ...override },
      { token: owner.accessToken },
    );
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path: 'email', message });
  });
});

describe('/opportunity/user/invite_accept', () => {
  it('shares the opportunity with the invited address, once', async () => {
    const owner = await createSignedInUser(t);
    const invitee = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    const link = await invite(t, owner.accessToken, opportunity.opportunityId, invitee.user.email);
    const code = link.searchParams.get('invite_code');
    const res = await accept(invitee.accessToken, opportunity.opportunityId, code);
    expect(res).toMatchObject({ status: 200, body: { opportunityId: opportunity.opportunityId, isOwner: false } });
    expect(await sharesOf(opportunity.opportunityId)).toEqual([invitee.userId]);
    const list = await post(t, '/opportunity/list', {}, { token: invitee.accessToken });
    expect(list.body.totalCount).toBe(1);
    const twice = await accept(invitee.accessToken, opportunity.opportunityId, code);
    expect(twice).toMatchObject({
      status: 400,
      body: { code: 'OPPORTUNITY_INVITE_INVALID', message: 'This invitation is invalid or has already been used.' },
    });
  });

  it('shares it once when the same code is accepted twice at once; the other acceptance is told it is invalid', async () => {
    const owner = await createSignedInUser(t);
    const invitee = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    const link = await invite(t, owner.accessToken, opportunity.opportunityId, invitee.user.email);
    const code = link.searchParams.get('invite_code');
    const both = await Promise.all([
      accept(invitee.accessToken, opportunity.opportunityId, code),
      accept(invitee.accessToken, opportunity.opportunityId, code),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)?.body).toMatchObject({ code: 'OPPORTUNITY_INVITE_INVALID' });
    expect(await sharesOf(opportunity.opportunityId)).toEqual([invitee.userId]);
  });

  it('refuses another address (403), a wrong code or opportunity (400), an expired code (400) and anonymous (401)', async () => {
    const owner = await createSignedInUser(t);
    const invitee = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    const otherOpportunity = await createOpportunity(t, owner.accessToken);
    const link = await invite(t, owner.accessToken, opportunity.opportunityId, invitee.user.email);
    const code = link.searchParams.get('invite_code');
    expect(await accept(other.accessToken, opportunity.opportunityId, code)).toMatchObject({
      status: 403,
      body: { code: 'OPPORTUNITY_INVITE_OTHER_ADDRESS' },
    });
    expect(await accept(invitee.accessToken, otherOpportunity.opportunityId, code)).toMatchObject({
      status: 400,
      body: { code: 'OPPORTUNITY_INVITE_INVALID' },
    });
    expect(await accept(invitee.accessToken, opportunity.opportunityId, 'not-the-code')).toMatchObject({
      status: 400,
      body: { code: 'OPPORTUNITY_INVITE_INVALID' },
    });
    expect(
      (
        await post(t, '/opportunity/user/invite_accept', {
          opportunity_id: opportunity.opportunityId,
          invite_code: code,
        })
      ).status,
    ).toBe(401);
    expect(await sharesOf(opportunity.opportunityId)).toEqual([]);
    clock.advance(7 * 24 * HOUR_MS + 1000);
    // A fresh session: the old access token has expired with the clock.
    const fresh = await signIn(t, invitee.user.email);
    expect(await accept(fresh.accessToken, opportunity.opportunityId, code)).toMatchObject({
      status: 400,
      body: { code: 'OPPORTUNITY_INVITE_EXPIRED', message: 'This invitation has expired. Ask for a new one.' },
    });
    expect(await sharesOf(opportunity.opportunityId)).toEqual([]);
  });

  it('lets a person without an account sign up from the e-mail: the confirmation link carries the invite', async () => {
    const owner = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    const email = `fresh.${Date.now()}@example.com`;
    const inviteLink = await invite(t, owner.accessToken, opportunity.opportunityId, email);
    const code = inviteLink.searchParams.get('invite_code')!;
    const signup = await post(t, '/user/email_signup', {
      first_name: 'Fresh',
      last_name: 'Invitee',
      email,
      password: 'Correct-Horse-9',
      opportunity_id: opportunity.opportunityId,
      opportunity_invite_code: code,
    });
    expect(signup.status).toBe(200);
    const confirmation = await latestLinkTo(t, email);
    expect(confirmation.searchParams.get('opportunity_id')).toBe(String(opportunity.opportunityId));
    expect(confirmation.searchParams.get('opportunity_invite_code')).toBe(code);
    const confirmed = await useEmailLink(t, confirmation);
    expect(confirmed.status).toBe(200);
    const tokens = await signIn(t, email, 'Correct-Horse-9');
    expect((await accept(tokens.accessToken, opportunity.opportunityId, code)).status).toBe(200);
    expect(await sharesOf(opportunity.opportunityId)).toEqual([tokens.userId]);
  });
});

describe('/opportunity/user/remove', () => {
  it('lets the owner take a share back: the user loses the opportunity', async () => {
    const { owner, shared, opportunity } = await createSharedOpportunity(t);
    const body = { opportunity_id: opportunity.opportunityId, user_id: shared.userId };
    expect(await post(t, '/opportunity/user/remove', body, { token: owner.token })).toMatchObject({ status: 200 });
    expect(await sharesOf(opportunity.opportunityId)).toEqual([]);
    expect(
      await post(t, '/opportunity/get', { opportunity_id: opportunity.opportunityId }, { token: shared.token }),
    ).toMatchObject({ status: 404, body: notFoundBody });
    expect((await post(t, '/opportunity/list', {}, { token: shared.token })).body.totalCount).toBe(0);
    expect(await post(t, '/opportunity/user/remove', body, { token: owner.token })).toMatchObject({
      status: 404,
      body: { code: 'OPPORTUNITY_SHARE_NOT_FOUND' },
    });
  });

  it('lets a shared user leave but not remove others; a stranger gets 404, anonymous 401', async () => {
    const { owner, shared, stranger, opportunity } = await createSharedOpportunity(t);
    const second = await createSignedInUser(t);
    const link = await invite(t, owner.token, opportunity.opportunityId, second.user.email);
    await accept(second.accessToken, opportunity.opportunityId, link.searchParams.get('invite_code'));
    const removeSecond = { opportunity_id: opportunity.opportunityId, user_id: second.userId };
    expect(await post(t, '/opportunity/user/remove', removeSecond, { token: shared.token })).toMatchObject({
      status: 403,
      body: ownerOnlyBody,
    });
    expect(await post(t, '/opportunity/user/remove', removeSecond, { token: stranger.token })).toMatchObject({
      status: 404,
      body: notFoundBody,
    });
    expect((await post(t, '/opportunity/user/remove', removeSecond)).status).toBe(401);
    expect((await sharesOf(opportunity.opportunityId)).sort()).toEqual([shared.userId, second.userId].sort());
    const leave = { opportunity_id: opportunity.opportunityId, user_id: shared.userId };
    expect(await post(t, '/opportunity/user/remove', leave, { token: shared.token })).toMatchObject({ status: 200 });
    expect(await sharesOf(opportunity.opportunityId)).toEqual([second.userId]);
  });
});

describe('account erasure', () => {
  it('forgets the invitations sent to the erased address', async () => {
    const owner = await createSignedInUser(t);
    const invitee = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    await invite(t, owner.accessToken, opportunity.opportunityId, invitee.user.email);
    expect((await post(t, '/user/schedule_delete', {}, { token: invitee.accessToken })).status).toBe(200);
    clock.advance(25 * HOUR_MS);
    await eraseAccountsJob.run(t.deps);
    const rows = await t.db.select().from(opportunityInvites).where(eq(opportunityInvites.email, invitee.user.email));
    expect(rows).toHaveLength(0);
  });
});
