import { SERVER_EVENTS } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatRoomChannel, groupRoom, userRoom } from '../../src/realtime/rooms.js';
import { post } from '../helpers.js';
import { address, createSharedOpportunity } from '../opportunities/support.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { createChatWorld } from './chat.js';

// What a room is called: what it is about, read at every call, told to its members when it changes.

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
