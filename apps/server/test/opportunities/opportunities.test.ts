import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRooms, opportunities, opportunityContacts } from '../../src/db/schema/index.js';
import { createGroupWithMembers } from '../groups.js';
import { createSignedInUser, post } from '../helpers.js';
import { insertLead } from '../leads.js';
import { createTestApp, type TestApp } from '../test-app.js';
import {
  address,
  createContact,
  createOpportunity,
  createSharedOpportunity,
  notFoundBody,
  opportunityPayload,
  ownerOnlyBody,
} from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const countRows = async (id: number) =>
  (await t.db.select().from(opportunities).where(eq(opportunities.id, id))).length;

describe('/opportunity/set', () => {
  it('creates an opportunity owned by the caller, with its OPPORTUNITY chat room', async () => {
    const owner = await createSignedInUser(t);
    const res = await post(t, '/opportunity/set', opportunityPayload({ name: '  Warehouse fit-out  ' }), {
      token: owner.accessToken,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Warehouse fit-out',
      notes: 'Three sites, racking and forklifts.',
      address: { streetOne: '1 Market Street', city: 'San Francisco', stateAbbrv: 'CA', postal: '94105' },
      createdBy: owner.userId,
      createdByName: `${owner.user.firstName} ${owner.user.lastName}`,
      sharedCount: 0,
      isOwner: true,
      users: [],
      contactsCount: 0,
      settings: { messages: true },
    });
    const [room] = await t.db.select().from(chatRooms).where(eq(chatRooms.opportunityId, res.body.opportunityId));
    expect(room).toMatchObject({ kind: 'OPPORTUNITY', id: res.body.roomId });
  });

  it('answers 401 without a session and creates nothing', async () => {
    const res = await post(t, '/opportunity/set', opportunityPayload({ name: 'Anonymous attempt' }));
    expect(res.status).toBe(401);
    expect(await t.db.select().from(opportunities).where(eq(opportunities.name, 'Anonymous attempt'))).toHaveLength(0);
  });

  it.each([
    ['name missing', { name: undefined }, 'name', 'Name is required'],
    ['name blank', { name: '    ' }, 'name', 'Name is required'],
    ['name too short once trimmed', { name: '  abcd  ' }, 'name', 'Must be at least 5 characters'],
    ['name over 500', { name: 'n'.repeat(501) }, 'name', 'Must be less than 50 characters'],
    ['description missing', { notes: undefined }, 'notes', 'Description is required'],
    ['description blank', { notes: '' }, 'notes', 'Description is required'],
    ['description too short', { notes: 'abc' }, 'notes', 'Must be at least 5 characters'],
    ['description over 500', { notes: 'd'.repeat(501) }, 'notes', 'Must be less than 300 characters'],
    ['location missing', { address: undefined }, 'address', 'Location is required'],
    ['location null', { address: null }, 'address', 'Location is required'],
    [
      'location without a ZIP code',
      { address: { ...address, postal: '' } },
      'address.postal',
      'ZIP code must be 5 digits',
    ],
  ])('refuses %s with 400 and its message', async (_case, override, path, message) => {
    const owner = await createSignedInUser(t);
    const body = { ...opportunityPayload(), ...override };
    const res = await post(t, '/opportunity/set', body, { token: owner.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
    const list = await post(t, '/opportunity/list', {}, { token: owner.accessToken });
    expect(list.body.totalCount).toBe(0);
  });

  it('accepts a name and a description of exactly 5 and of 500 characters', async () => {
    const owner = await createSignedInUser(t);
    for (const text of ['abcde', 'x'.repeat(500)]) {
      const res = await post(t, '/opportunity/set', opportunityPayload({ name: text, notes: text }), {
        token: owner.accessToken,
      });
      expect(res.status).toBe(200);
    }
  });

  it('with lead_id adds the lead’s person as its first contact (members of the lead’s group)', async () => {
    const { owner, member, group } = await createGroupWithMembers(t);
    const lead = await insertLead(t, {
      groupId: group.groupId,
      createdBy: owner.userId,
      phone: '4155550199',
      linkedin: 'linkedin.com/in/robin',
      notes: 'Budget approved.',
    });
    const res = await post(t, '/opportunity/set', opportunityPayload({ lead_id: lead.id }), { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.contactsCount).toBe(1);
    const contacts = await post(
      t,
      '/opportunity/contact/list',
      { opportunity_id: res.body.opportunityId },
      { token: member.token },
    );
    expect(contacts.body.contacts).toEqual([
      expect.objectContaining({
        firstName: lead.firstName,
        lastName: lead.lastName,
        fullName: `${lead.firstName} ${lead.lastName}`,
        title: lead.title,
        company: lead.company,
        email: lead.email,
        phone: '4155550199',
        linkedin: 'linkedin.com/in/robin',
        notes: 'Budget approved.',
      }),
    ]);
  });

  it('with the lead of a group the caller is not in answers 403 and creates nothing', async () => {
    const { owner, group } = await createGroupWithMembers(t);
    const lead = await insertLead(t, { groupId: group.groupId, createdBy: owner.userId });
    const stranger = await createSignedInUser(t);
    const res = await post(t, '/opportunity/set', opportunityPayload({ lead_id: lead.id }), {
      token: stranger.accessToken,
    });
    expect(res.status).toBe(403);
    const list = await post(t, '/opportunity/list', {}, { token: stranger.accessToken });
    expect(list.body.totalCount).toBe(0);
  });
});

describe('/opportunity/list', () => {
  it('lists what the caller owns or is shared on, newest first, 50 a page, with totalCount', async () => {
    const { owner, shared, stranger, opportunity } = await createSharedOpportunity(t);
    const own = await createOpportunity(t, shared.token, { name: 'Shared user’s own' });
    const sharedList = await post(t, '/opportunity/list', { sort: 'CREATED', data: 1 }, { token: shared.token });
    expect(sharedList.status).toBe(200);
    expect(sharedList.body.totalCount).toBe(2);
    expect(sharedList.body.opportunities.map((o: { opportunityId: number }) => o.opportunityId).sort()).toEqual(
      [opportunity.opportunityId, own.opportunityId].sort(),
    );
    const row = sharedList.body.opportunities.find(
      (o: { opportunityId: number }) => o.opportunityId === opportunity.opportunityId,
    );
    expect(row).toMatchObject({ isOwner: false, sharedCount: 1, createdBy: owner.userId });
    const strangers = await post(t, '/opportunity/list', {}, { token: stranger.token });
    expect(strangers.body).toEqual({ opportunities: [], totalCount: 0 });
  });

  it('pages 50 at a time, newest first', async () => {
    const owner = await createSignedInUser(t);
    const values = Array.from({ length: 52 }, (_, i) => ({
      createdBy: owner.userId,
      name: `Bulk ${i}`,
      notes: 'Bulk notes',
      streetOne: 'x',
      city: 'y',
      stateAbbrv: 'CA',
      postal: '94105',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    }));
    await t.db.insert(opportunities).values(values);
    const first = await post(t, '/opportunity/list', {}, { token: owner.accessToken });
    expect(first.body.totalCount).toBe(52);
    expect(first.body.opportunities).toHaveLength(50);
    expect(first.body.opportunities[0].name).toBe('Bulk 51');
    const second = await post(
      t,
      '/opportunity/list',
      { start_position: 50, get_next: 50 },
      { token: owner.accessToken },
    );
    expect(second.body.opportunities.map((o: { name: string }) => o.name)).toEqual(['Bulk 1', 'Bulk 0']);
  });

  it('refuses another sort, a page over 50 and anonymous callers', async () => {
    const owner = await createSignedInUser(t);
    expect((await post(t, '/opportunity/list', { sort: 'ACTIVITY' }, { token: owner.accessToken })).status).toBe(400);
    expect((await post(t, '/opportunity/list', { get_next: 51 }, { token: owner.accessToken })).status).toBe(400);
    expect((await post(t, '/opportunity/list', {})).status).toBe(401);
  });
});

describe('/opportunity/get', () => {
  it('answers the owner and the shared user with the shared list; a stranger gets 404 as for a missing one', async () => {
    const { owner, shared, stranger, opportunity } = await createSharedOpportunity(t);
    const body = { opportunity_id: opportunity.opportunityId, data: 2 };
    const asOwner = await post(t, '/opportunity/get', body, { token: owner.token });
    expect(asOwner.status).toBe(200);
    expect(asOwner.body).toMatchObject({ isOwner: true, sharedCount: 1 });
    expect(asOwner.body.users).toEqual([expect.objectContaining({ userId: shared.userId, email: shared.user.email })]);
    const asShared = await post(t, '/opportunity/get', body, { token: shared.token });
    expect(asShared).toMatchObject({ status: 200, body: { isOwner: false, sharedCount: 1 } });
    expect(await post(t, '/opportunity/get', body, { token: stranger.token })).toMatchObject({
      status: 404,
      body: notFoundBody,
    });
    expect(
      await post(t, '/opportunity/get', { opportunity_id: 2_000_000_000 }, { token: stranger.token }),
    ).toMatchObject({ status: 404, body: notFoundBody });
    expect((await post(t, '/opportunity/get', body)).status).toBe(401);
    expect((await post(t, '/opportunity/get', { opportunity_id: 'abc' }, { token: owner.token })).status).toBe(400);
  });
});

describe('/opportunity/update', () => {
  it('lets the owner change it; a shared user gets 403, a stranger 404, anonymous 401, and nothing changes', async () => {
    const { owner, shared, stranger, opportunity } = await createSharedOpportunity(t);
    const change = {
      opportunity_id: opportunity.opportunityId,
      ...opportunityPayload({ name: 'Renamed opportunity' }),
    };
    expect(await post(t, '/opportunity/update', change, { token: shared.token })).toMatchObject({
      status: 403,
      body: ownerOnlyBody,
    });
    expect(await post(t, '/opportunity/update', change, { token: stranger.token })).toMatchObject({
      status: 404,
      body: notFoundBody,
    });
    expect((await post(t, '/opportunity/update', change)).status).toBe(401);
    const [before] = await t.db.select().from(opportunities).where(eq(opportunities.id, opportunity.opportunityId));
    expect(before!.name).toBe(opportunity.name);
    const res = await post(t, '/opportunity/update', change, { token: owner.token });
    expect(res).toMatchObject({ status: 200, body: { name: 'Renamed opportunity', sharedCount: 1 } });
  });

  it('checks the form rules on an update too', async () => {
    const owner = await createSignedInUser(t);
    const opportunity = await createOpportunity(t, owner.accessToken);
    const res = await post(
      t,
      '/opportunity/update',
      { opportunity_id: opportunity.opportunityId, name: 'abc', notes: 'd'.repeat(501), address },
      { token: owner.accessToken },
    );
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Must be at least 5 characters' },
        { path: 'notes', message: 'Must be less than 300 characters' },
      ]),
    );
  });
});

describe('/opportunity/delete', () => {
  it('lets only the owner delete it, with its contacts and room', async () => {
    const { owner, shared, stranger, opportunity } = await createSharedOpportunity(t);
    await createContact(t, owner.token, opportunity.opportunityId);
    const body = { opportunity_id: opportunity.opportunityId };
    expect(await post(t, '/opportunity/delete', body, { token: shared.token })).toMatchObject({
      status: 403,
      body: ownerOnlyBody,
    });
    expect(await post(t, '/opportunity/delete', body, { token: stranger.token })).toMatchObject({
      status: 404,
      body: notFoundBody,
    });
    expect((await post(t, '/opportunity/delete', body)).status).toBe(401);
    expect(await countRows(opportunity.opportunityId)).toBe(1);
    expect(await post(t, '/opportunity/delete', body, { token: owner.token })).toMatchObject({ status: 200 });
    expect(await countRows(opportunity.opportunityId)).toBe(0);
    const contacts = await t.db
      .select()
      .from(opportunityContacts)
      .where(eq(opportunityContacts.opportunityId, opportunity.opportunityId));
    expect(contacts).toHaveLength(0);
    expect(await t.db.select().from(chatRooms).where(eq(chatRooms.id, opportunity.roomId))).toHaveLength(0);
    expect(await post(t, '/opportunity/get', body, { token: shared.token })).toMatchObject({ status: 404 });
  });
});

describe('/opportunity/settings/update', () => {
  it('keeps each person’s Messages toggle apart; a stranger gets 404', async () => {
    const { owner, shared, stranger, opportunity } = await createSharedOpportunity(t);
    const off = { opportunity_id: opportunity.opportunityId, messages: false };
    const res = await post(t, '/opportunity/settings/update', off, { token: shared.token });
    expect(res).toMatchObject({ status: 200, body: { settings: { messages: false } } });
    const ownerView = await post(
      t,
      '/opportunity/get',
      { opportunity_id: opportunity.opportunityId },
      { token: owner.token },
    );
    expect(ownerView.body.settings).toEqual({ messages: true });
    expect(await post(t, '/opportunity/settings/update', off, { token: stranger.token })).toMatchObject({
      status: 404,
    });
    expect((await post(t, '/opportunity/settings/update', off)).status).toBe(401);
    expect(
      (await post(t, '/opportunity/settings/update', { ...off, messages: 'no' }, { token: owner.token })).status,
    ).toBe(400);
  });
});
