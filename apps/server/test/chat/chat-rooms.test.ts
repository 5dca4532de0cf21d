import { SERVER_EVENTS } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessRoom, chatRoomChannel, groupRoom, userRoom } from '../../src/realtime/rooms.js';
import { createAdmin, createMember, subscribe } from '../billing.js';
import { createGroup, createPayingUser } from '../groups.js';
import { latestLinkTo, post } from '../helpers.js';
import { address, createSharedOpportunity } from '../opportunities/support.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { createChatWorld, send } from './chat.js';

// What a room is called (what it is about, read at every call, told to its members when it changes),
// and which rooms are listed at all (a business's only once someone else is in it).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Kind = 'DIRECT' | 'GROUP' | 'OPPORTUNITY' | 'BUSINESS';
const listRooms = (token: string, kind: Kind) => post(t, '/chat/room/list', { grouping_level: kind }, { token });
const roomNames = async (token: string, kind: Kind) =>
  (await listRooms(token, kind)).body.rooms.map((room: { name: string }) => room.name);
const roomChanged = (room: string, roomId: number, kind: Kind) =>
  expect(t.realtime.to(room)).toContainEqual({
    rooms: [room],
    event: SERVER_EVENTS.chatRoomChanged,
    data: { roomId, kind },
  });

describe('room names', () => {
  it("names an opportunity's room after the opportunity, for its owner and for the person it is shared with", async () => {
    const x = await createSharedOpportunity(t);
    for (const who of [x.owner, x.shared]) {
      expect(await roomNames(who.token, 'OPPORTUNITY')).toEqual([x.opportunity.name]);
      const room = await post(t, '/chat/room/get', { room_id: x.opportunity.roomId }, { token: who.token });
      expect(room.body).toMatchObject({ kind: 'OPPORTUNITY', name: x.opportunity.name });
    }
  });

  it("gives a renamed opportunity's room its new name, and tells its members at once", async () => {
    const x = await createSharedOpportunity(t);
    const renamed = await post(
      t,
      '/opportunity/update',
      {
        opportunity_id: x.opportunity.opportunityId,
        name: 'Harbor cold storage',
        notes: 'Three sites, racking and forklifts.',
        address,
      },
      { token: x.owner.token },
    );
    expect(renamed.status).toBe(200);
    expect(await roomNames(x.shared.token, 'OPPORTUNITY')).toEqual(['Harbor cold storage']);
    expect(await roomNames(x.owner.token, 'OPPORTUNITY')).toEqual(['Harbor cold storage']);
    roomChanged(chatRoomChannel(x.opportunity.roomId), x.opportunity.roomId, 'OPPORTUNITY');
  });

  it("gives a renamed group's room its new name, and tells its members at once", async () => {
    const w = await createChatWorld(t);
    const name = `Renamed ${Date.now() % 100000}`;
    const renamed = await post(
      t,
      '/group/update',
      { group_id: w.group.groupId, name, description: 'Our circle, renamed.' },
      { token: w.owner.token },
    );
    expect(renamed.status).toBe(200);
    expect(await roomNames(w.member.token, 'GROUP')).toEqual([name]);
    roomChanged(groupRoom(w.group.groupId), w.roomId, 'GROUP');
  });

  it("names a direct room after the other person, and follows that person's new name", async () => {
    const w = await createChatWorld(t);
    const room = await post(t, '/chat/room/direct', { user_id: w.owner.userId }, { token: w.member.token });
    const { firstName, lastName } = w.owner.user;
    expect(await roomNames(w.member.token, 'DIRECT')).toEqual([`${firstName} ${lastName}`]);
    const renamed = await post(
      t,
      '/user/update',
      { user: { first_name: 'Rosa', last_name: 'Renamed' } },
      {
        token: w.owner.token,
      },
    );
    expect(renamed.status).toBe(200);
    expect(await roomNames(w.member.token, 'DIRECT')).toEqual(['Rosa Renamed']);
    roomChanged(userRoom(w.member.userId), room.body.roomId, 'DIRECT');
  });
});

describe('rooms made with what they are about', () => {
  it("lists a new group's room to its owner at once, before anyone writes in it", async () => {
    const owner = await createPayingUser(t);
    const group = await createGroup(t, owner.token);
    const listed = await listRooms(owner.token, 'GROUP');
    expect(listed.body.totalCount).toBe(1);
    expect(listed.body.rooms).toEqual([expect.objectContaining({ kind: 'GROUP', name: group.name, unreadCount: 0 })]);
  });

  it('makes a business its room with it, so listing makes no room', async () => {
    const admin = await createAdmin(t, 'Made With Co');
    const { rows } = await t.pool.query(
      "select count(*)::int as n from chat_rooms where kind = 'BUSINESS' and business_id = $1",
      [admin.businessId],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });
});

describe("a business's room", () => {
  it('is not listed to a user alone in their business, and nothing of it counts as unread', async () => {
    const alone = await createPayingUser(t);
    expect((await listRooms(alone.token, 'BUSINESS')).body).toEqual({ rooms: [], totalCount: 0 });
    const unread = await post(t, '/chat/unread/total', {}, { token: alone.token });
    expect(unread.body).toMatchObject({ total: 0, byKind: { BUSINESS: 0 } });
  });

  it("is listed, under the business's name, to both people once a second one joins, who are told at once", async () => {
    const { businessId, token } = await createAdmin(t, 'Harbor Freight Brokers');
    expect((await subscribe(t, token)).status).toBe(200);
    expect((await listRooms(token, 'BUSINESS')).body).toEqual({ rooms: [], totalCount: 0 });
    const email = `second.${Date.now()}@example.com`;
    const person = { first_name: 'Sam', last_name: 'Second', email, role: 'SALES', status: 'INVITED' };
    expect((await post(t, '/business/invite_user', { business_id: businessId, ...person }, { token })).status).toBe(
      200,
    );
    const link = await latestLinkTo(t, email);
    const accepted = await post(t, '/business/accept_invite', {
      token: link.searchParams.get('token'),
      email,
      password: 'a long enough password 1',
    });
    expect(accepted.status).toBe(200);
    const second = accepted.body.session.accessToken as string;

    const admins = (await listRooms(token, 'BUSINESS')).body;
    expect(admins).toMatchObject({ rooms: [{ kind: 'BUSINESS', name: 'Harbor Freight Brokers' }], totalCount: 1 });
    const seconds = (await listRooms(second, 'BUSINESS')).body;
    expect(seconds.rooms.map((room: { roomId: number }) => room.roomId)).toEqual([admins.rooms[0].roomId]);
    expect(t.realtime.to(businessRoom(businessId))).toContainEqual({
      rooms: [businessRoom(businessId)],
      event: SERVER_EVENTS.chatRoomAdded,
      data: { roomId: admins.rooms[0].roomId, kind: 'BUSINESS' },
    });
  });

  it('leaves the list, and the unread total, when the other member leaves', async () => {
    const { businessId, token } = await createAdmin(t, 'Lone Harbor Agency');
    const member = await createMember(t, businessId);
    const [room] = (await listRooms(token, 'BUSINESS')).body.rooms;
    expect(room).toMatchObject({ kind: 'BUSINESS', name: 'Lone Harbor Agency' });
    expect((await send(t, member.token, room.roomId, 'Morning, all')).status).toBe(200);
    const before = await post(t, '/chat/unread/total', {}, { token });
    expect(before.body).toMatchObject({ total: 1, byKind: { BUSINESS: 1 } });

    const removed = await post(
      t,
      '/business/remove_user',
      { business_id: businessId, user_id: member.user.id },
      { token },
    );
    expect(removed.status).toBe(200);
    expect((await listRooms(token, 'BUSINESS')).body).toEqual({ rooms: [], totalCount: 0 });
    const after = await post(t, '/chat/unread/total', {}, { token });
    expect(after.body).toMatchObject({ total: 0, byKind: { BUSINESS: 0 } });
  });
});
