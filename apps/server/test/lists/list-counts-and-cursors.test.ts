import { LEAD_MESSAGES } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { insertLead, leadPayload, notMember } from '../leads.js';
import { createContact, createOpportunity, createSharedOpportunity } from '../opportunities/support.js';
import { createTestApp, createTestClock, type TestApp } from '../test-app.js';

const clock = createTestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

type Page = {
  leads: { leadId: number }[];
  totalCount: number;
  nextCursor: string | null;
  previousCursor: string | null;
};
const ids = (page: Page) => page.leads.map((l) => l.leadId);

describe('/lead/list cursors', () => {
  it('pages on and back by cursor exactly as start_position does, leads with the same activity time included', async () => {
    const ctx = await createGroupWithMembers(t);
    // 25 leads, two by two at the same activity time.
    for (let i = 0; i < 25; i += 1) {
      const at = clock.now();
      await insertLead(t, { groupId: ctx.group.groupId, createdBy: ctx.owner.user.id, lastActivityAt: at });
      if (i % 2 === 1) clock.advance(60_000);
    }
    const list = async (body: Record<string, unknown>) => {
      const res = await post(
        t,
        '/lead/list',
        { group_id: ctx.group.groupId, get_next: 10, ...body },
        { token: ctx.member.token },
      );
      expect(res.status).toBe(200);
      return res.body as Page;
    };
    const byOffset = [
      await list({ start_position: 0 }),
      await list({ start_position: 10 }),
      await list({ start_position: 20 }),
    ];
    expect(byOffset.map((p) => p.leads.length)).toEqual([10, 10, 5]);

    const second = await list({ start_position: 10, cursor: byOffset[0]!.nextCursor });
    expect(ids(second)).toEqual(ids(byOffset[1]!));
    const third = await list({ start_position: 20, cursor: second.nextCursor });
    expect(ids(third)).toEqual(ids(byOffset[2]!));
    expect(third.totalCount).toBe(25);
    const backToSecond = await list({ start_position: 10, cursor: third.previousCursor });
    expect(ids(backToSecond)).toEqual(ids(byOffset[1]!));
    const backToFirst = await list({ start_position: 0, cursor: backToSecond.previousCursor });
    expect(ids(backToFirst)).toEqual(ids(byOffset[0]!));
    // Past either end: an empty page without cursors.
    expect(await list({ cursor: backToFirst.previousCursor })).toMatchObject({
      leads: [],
      nextCursor: null,
      previousCursor: null,
    });
  });

  it('refuses a cursor it did not write with 400 and its message, and a non-member with 403', async () => {
    const ctx = await createGroupWithMembers(t);
    const body = { group_id: ctx.group.groupId };
    const forged = Buffer.from(JSON.stringify(['n', '2026-02-31 10:00:00+00', 1])).toString('base64url');
    for (const cursor of ['not a cursor', 'bm90IGpzb24', forged, 'x'.repeat(201)]) {
      const res = await post(t, '/lead/list', { ...body, cursor }, { token: ctx.owner.token });
      expect(res.status, cursor).toBe(400);
      expect((res.body as { message: string }).message).toBe(LEAD_MESSAGES.cursorInvalid);
    }
    const res = await post(t, '/lead/list', { ...body, cursor: forged }, { token: ctx.stranger.token });
    expect(res).toMatchObject({ status: 403, body: notMember });
  });
});

describe('list counts stay in step with the rows', () => {
  it('totalCount follows leads created and deleted, and members who join or hide their account', async () => {
    const ctx = await createGroupWithMembers(t);
    const g = ctx.group.groupId;
    const total = async (path: string, body: Record<string, unknown>, token = ctx.owner.token) =>
      ((await post(t, path, body, { token })).body as { totalCount: number }).totalCount;

    expect(await total('/lead/list', { group_id: g })).toBe(0);
    const created: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await post(t, '/lead/create', { group_id: g, lead: leadPayload() }, { token: ctx.member.token });
      created.push((res.body as { leadId: number }).leadId);
    }
    expect(await total('/lead/list', { group_id: g })).toBe(3);
    await post(t, '/lead/delete', { lead_id: created[0] }, { token: ctx.member.token });
    expect(await total('/lead/list', { group_id: g })).toBe(2);
    expect(await total('/group/list', {})).toBe(1);

    expect(await total('/user/get_users_by_group', { group_id: g })).toBe(2);
    await post(t, '/user/schedule_delete', {}, { token: ctx.member.token });
    expect(await total('/user/get_users_by_group', { group_id: g })).toBe(1);
    // The hidden member's leads stay in the group.
    expect(await total('/lead/list', { group_id: g })).toBe(2);
  });

  it('a comment counts in its lead’s comment list', async () => {
    const ctx = await createGroupWithMembers(t);
    const lead = await insertLead(t, { groupId: ctx.group.groupId, createdBy: ctx.owner.user.id });
    const comments = () => post(t, '/chat/lead/list', { id: lead.id }, { token: ctx.member.token });
    const first = await comments();
    expect(first.body).toMatchObject({ totalCount: 0 });
    const roomId = (first.body as { roomId: number }).roomId;
    const sent = await post(
      t,
      '/chat/message/send',
      { room_id: roomId, message: 'Called them today' },
      { token: ctx.member.token },
    );
    expect(sent.status).toBe(200);
    expect((await comments()).body).toMatchObject({ totalCount: 1 });
  });

  it('an opportunity list counts what one owns and what is shared with one; a contact list its contacts', async () => {
    const { owner, shared, opportunity } = await createSharedOpportunity(t);
    const total = async (path: string, body: Record<string, unknown>, token: string) =>
      ((await post(t, path, body, { token })).body as { totalCount: number }).totalCount;
    const opportunitiesOf = (token: string) => total('/opportunity/list', {}, token);
    const contactsOf = (id: number) => total('/opportunity/contact/list', { opportunity_id: id }, owner.token);

    expect([await opportunitiesOf(owner.token), await opportunitiesOf(shared.token)]).toEqual([1, 1]);
    clock.advance(60_000);
    const own = await createOpportunity(t, shared.token);
    expect(await opportunitiesOf(shared.token)).toBe(2);
    // Newest first, own and shared mixed by when each opportunity was made.
    const page = await post(t, '/opportunity/list', {}, { token: shared.token });
    expect(page.body.opportunities.map((o: { opportunityId: number }) => o.opportunityId)).toEqual([
      own.opportunityId,
      opportunity.opportunityId,
    ]);
    const second = await post(t, '/opportunity/list', { start_position: 1, get_next: 1 }, { token: shared.token });
    expect(second.body.opportunities.map((o: { opportunityId: number }) => o.opportunityId)).toEqual([
      opportunity.opportunityId,
    ]);

    const contacts = [
      await createContact(t, owner.token, opportunity.opportunityId),
      await createContact(t, owner.token, opportunity.opportunityId),
    ];
    expect(await contactsOf(opportunity.opportunityId)).toBe(2);
    await post(
      t,
      '/opportunity/contact/delete',
      { opportunity_id: opportunity.opportunityId, contact_id: contacts[0]!.contactId },
      { token: owner.token },
    );
    expect(await contactsOf(opportunity.opportunityId)).toBe(1);

    const removed = await post(
      t,
      '/opportunity/user/remove',
      { opportunity_id: opportunity.opportunityId, user_id: shared.user.id },
      { token: owner.token },
    );
    expect(removed.status).toBe(200);
    expect(await opportunitiesOf(shared.token)).toBe(1);
    await post(t, '/opportunity/delete', { opportunity_id: own.opportunityId }, { token: shared.token });
    expect(await opportunitiesOf(shared.token)).toBe(0);
    expect(await opportunitiesOf(owner.token)).toBe(1);
  });
});
