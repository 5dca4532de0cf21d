import { TERRITORY_MESSAGES } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMember, subscribe } from '../billing.js';
import { createGroup, createPayingUser, GROUP_CODE } from '../groups.js';
import { createSignedInUser, post } from '../helpers.js';
import { insertLead, leadPayload } from '../leads.js';
import { createTestApp, type TestApp } from '../test-app.js';

// Territories: an admin names US states or 3-digit ZIP prefixes and assigns users; a person sees the
// leads of their groups inside their territories.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ADMIN_ONLY = { code: 'BUSINESS_ADMIN_ONLY' };

async function setup() {
  const owner = await createAdmin(t, 'Territory Co');
  expect((await subscribe(t, owner.token)).status).toBe(200);
  const seller = await createMember(t, owner.businessId);
  const stranger = await createAdmin(t, 'Other Co');
  return { ...owner, seller, stranger };
}

const create = (token: string, body: Record<string, unknown>) => post(t, '/territory/create', body, { token });

describe('territory administration', () => {
  it('lets only an admin of the business list, create, update and delete', async () => {
    const { businessId, token, seller, stranger } = await setup();
    const body = {
      business_id: businessId,
      name: 'West',
      states: ['CA', 'OR'],
      zip_prefixes: ['981'],
      user_ids: [seller.user.id],
    };
    expect((await post(t, '/territory/create', body)).status).toBe(401);
    expect(await create(seller.token, body)).toMatchObject({ status: 403, body: ADMIN_ONLY });
    expect(await create(stranger.token, body)).toMatchObject({ status: 403, body: ADMIN_ONLY });

    const made = await create(token, body);
    expect(made.status).toBe(200);
    expect(made.body).toEqual({
      territoryId: expect.any(Number),
      name: 'West',
      states: ['CA', 'OR'],
      zipPrefixes: ['981'],
      users: [{ userId: seller.user.id, firstName: seller.user.firstName, lastName: seller.user.lastName }],
    });
    const id = made.body.territoryId;
    for (const caller of [seller.token, stranger.token]) {
      expect((await post(t, '/territory/list', { business_id: businessId }, { token: caller })).status).toBe(403);
      expect(
        (await post(t, '/territory/delete', { business_id: businessId, territory_id: id }, { token: caller })).status,
      ).toBe(403);
    }
    const updated = await post(
      t,
      '/territory/update',
      { ...body, territory_id: id, name: 'West Coast', user_ids: [] },
      { token },
    );
    expect(updated.body).toMatchObject({ name: 'West Coast', users: [] });
    const list = await post(t, '/territory/list', { business_id: businessId }, { token });
    expect(list.body.territories.map((x: { name: string }) => x.name)).toEqual(['West Coast']);
    // Another business's territory id is not found from here.
    const elsewhere = await post(
      t,
      '/territory/delete',
      { business_id: stranger.businessId, territory_id: id },
      { token: stranger.token },
    );
    expect(elsewhere.status).toBe(404);
    expect((await post(t, '/territory/delete', { business_id: businessId, territory_id: id }, { token })).status).toBe(
      200,
    );
    expect((await post(t, '/territory/list', { business_id: businessId }, { token })).body.territories).toEqual([]);
  });

  it('refuses an empty area, bad states or prefixes, a taken name and users of another business', async () => {
    const { businessId, token, stranger } = await setup();
    const base = { business_id: businessId, name: 'North' };
    expect((await create(token, base)).body).toMatchObject({ message: TERRITORY_MESSAGES.areaRequired });
    expect((await create(token, { ...base, states: ['XX'] })).body).toMatchObject({
      message: TERRITORY_MESSAGES.stateInvalid,
    });
    expect((await create(token, { ...base, zip_prefixes: ['12'] })).body).toMatchObject({
      message: TERRITORY_MESSAGES.zipPrefixInvalid,
    });
    expect((await create(token, { ...base, name: ' ', states: ['ND'] })).body).toMatchObject({
      message: TERRITORY_MESSAGES.nameRequired,
    });
    const outsider = await create(token, { ...base, states: ['ND'], user_ids: [stranger.admin.id] });
    expect(outsider).toMatchObject({ status: 400, body: { code: 'TERRITORY_USER_NOT_IN_BUSINESS' } });
    expect((await create(token, { ...base, states: ['ND'] })).status).toBe(200);
    expect(await create(token, { ...base, name: 'north', states: ['SD'] })).toMatchObject({
      status: 409,
      body: { message: TERRITORY_MESSAGES.nameTaken },
    });
  });
});

describe('the current user', () => {
  it('says whether they cover a territory of their business (the menu shows My territory)', async () => {
    const { businessId, token, seller } = await setup();
    const covers = async (who: string) => (await post(t, '/user/get', {}, { token: who })).body.hasTerritory;
    expect(await covers(seller.token)).toBe(false);
    const made = await create(token, {
      business_id: businessId,
      name: 'South',
      states: ['TX'],
      user_ids: [seller.user.id],
    });
    expect(made.status).toBe(200);
    expect(await covers(seller.token)).toBe(true);
    // The admin who made it does not cover it.
    expect(await covers(token)).toBe(false);
    // Nor does anyone once it is gone.
    const removed = await post(
      t,
      '/territory/delete',
      { business_id: businessId, territory_id: made.body.territoryId },
      { token },
    );
    expect(removed.status).toBe(200);
    expect(await covers(seller.token)).toBe(false);
    // Someone without a business covers none.
    expect(await covers((await createSignedInUser(t)).accessToken)).toBe(false);
  });
});

describe('/territory/mine', () => {
  it("shows a person's territories and the leads of their groups inside them, by state or ZIP prefix", async () => {
    const { businessId, token, seller } = await setup();
    const group = await createGroup(t, seller.token);
    const outsider = await createPayingUser(t);
    const otherGroup = await createGroup(t, outsider.token);
    const inState = await insertLead(t, {
      groupId: group.groupId,
      createdBy: seller.user.id,
      stateAbbrv: 'CA',
      postal: '94105',
    });
    const inPrefix = await insertLead(t, {
      groupId: group.groupId,
      createdBy: seller.user.id,
      stateAbbrv: 'WA',
      postal: '98101',
    });
    await insertLead(t, { groupId: group.groupId, createdBy: seller.user.id, stateAbbrv: 'NY', postal: '10118' });
    // Inside the area, but in a group the seller is not in.
    await insertLead(t, {
      groupId: otherGroup.groupId,
      createdBy: outsider.user.id,
      stateAbbrv: 'CA',
      postal: '94105',
    });

    const west = await create(token, {
      business_id: businessId,
      name: 'West',
      states: ['CA'],
      zip_prefixes: ['981'],
      user_ids: [seller.user.id],
    });
    await create(token, { business_id: businessId, name: 'Unassigned', states: ['NY'] });

    const mine = await post(t, '/territory/mine', {}, { token: seller.token });
    expect(mine.status).toBe(200);
    expect(mine.body.territories.map((x: { name: string }) => x.name)).toEqual(['West']);
    expect(mine.body.leads.map((l: { leadId: number }) => l.leadId).sort()).toEqual([inState.id, inPrefix.id].sort());
    expect(mine.body.leads[0]).toMatchObject({ territoryIds: [west.body.territoryId], latitude: expect.any(Number) });

    // Someone without territories sees none; anonymous is refused.
    const loner = await createSignedInUser(t);
    expect((await post(t, '/territory/mine', {}, { token: loner.accessToken })).body).toEqual({
      territories: [],
      leads: [],
    });
    expect((await post(t, '/territory/mine', {})).status).toBe(401);
  });
});

describe('a new lead in a territory', () => {
  it("lands in the inbox of the group's members whose territory holds it, saying so; nobody else learns who holds it", async () => {
    const { businessId, token, seller } = await setup();
    const group = await createGroup(t, seller.token);
    const giver = await createPayingUser(t);
    const joined = await post(
      t,
      '/group/add',
      { groupName: group.name, privateCode: GROUP_CODE },
      { token: giver.token },
    );
    expect(joined.status).toBe(200);
    await create(token, { business_id: businessId, name: 'East', states: ['NY'], user_ids: [seller.user.id] });

    const inNewYork = await post(
      t,
      '/lead/create',
      { group_id: group.groupId, lead: leadPayload() },
      { token: giver.token },
    );
    expect(inNewYork.status).toBe(200);
    const elsewhere = leadPayload({
      address: { street_one: '1 Market St', city: 'San Francisco', state_abbrv: 'CA', postal: '94105' },
    });
    expect(
      (await post(t, '/lead/create', { group_id: group.groupId, lead: elsewhere }, { token: giver.token })).status,
    ).toBe(200);

    const inbox = await post(t, '/notification/list', { start_position: 0, get_next: 50 }, { token: seller.token });
    expect(inbox.status).toBe(200);
    const newLeads = inbox.body.notifications
      .map((n: { activity: { type: string; data: { newLead: Record<string, unknown> } } }) => n.activity)
      .filter((a: { type: string }) => a.type === 'NEW_LEAD')
      .map((a: { data: { newLead: Record<string, unknown> } }) => a.data.newLead);
    expect(newLeads).toHaveLength(2);
    const byLead = new Map(newLeads.map((d: Record<string, unknown>) => [d.leadId, d]));
    expect(byLead.get(inNewYork.body.leadId)).toMatchObject({ inYourTerritory: true });
    expect(byLead.get(inNewYork.body.leadId)).not.toHaveProperty('territoryUserIds');
    expect(
      byLead.get(inNewYork.body.leadId === newLeads[0].leadId ? newLeads[1].leadId : newLeads[0].leadId),
    ).not.toHaveProperty('inYourTerritory');

    // The giver sees the lead they gave in the group feed, not who holds its territory.
    const feed = await post(
      t,
      '/activity/group',
      { group_id: group.groupId, start_position: 0, get_next: 50 },
      { token: giver.token },
    );
    const mine = feed.body.activities.find(
      (a: { type: string; data: { newLead?: { leadId: number } } }) => a.data.newLead?.leadId === inNewYork.body.leadId,
    );
    expect(mine.data.newLead).toMatchObject({ inYourTerritory: false });
    expect(mine.data.newLead).not.toHaveProperty('territoryUserIds');
  });
});
