import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatRooms } from '../../src/db/schema/index.js';
import { type ClientSocket, connect, connected, record, sleep, until } from '../chat/socket-client.js';
import { createGroupWithMembers } from '../groups.js';
import { post } from '../helpers.js';
import { insertLead } from '../leads.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { contactNotFoundBody, createContact, createSharedOpportunity, opportunityPayload } from './support.js';

// A contact's comments are its chat room: stored as chat messages, sent idempotently with a client id,
// delivered live to whoever may read the opportunity, and kept out of chat's room lists and unread totals.

let t: TestApp;
let baseUrl: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

// Long enough for an event that is coming to arrive on this machine.
const SETTLE_MS = 300;

async function open(token: string) {
  const socket = connect(baseUrl, token);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

const sendComment = (token: string, contactId: number, message: string, clientId?: string) =>
  post(
    t,
    '/opportunity/contact/comment/send',
    { contact_id: contactId, message, ...(clientId === undefined ? {} : { client_message_id: clientId }) },
    { token },
  );
const listComments = (token: string, contactId: number) =>
  post(t, '/opportunity/contact/comment/list', { contact_id: contactId }, { token });

async function contactRoomOf(contactId: number) {
  const [room] = await t.db
    .select()
    .from(chatRooms)
    .where(and(eq(chatRooms.kind, 'CONTACT'), eq(chatRooms.contactId, contactId)));
  return room;
}

async function world() {
  const w = await createSharedOpportunity(t);
  const contact = await createContact(t, w.owner.token, w.opportunity.opportunityId);
  return { ...w, contact };
}

describe('a contact’s comments room', () => {
  it('is made with the contact, names its opportunity, and goes when the contact is deleted', async () => {
    const { owner, opportunity, contact } = await world();
    const room = await contactRoomOf(contact.contactId);
    expect(room).toMatchObject({ kind: 'CONTACT', opportunityId: opportunity.opportunityId });
    const deleted = await post(
      t,
      '/opportunity/contact/delete',
      { contact_id: contact.contactId, opportunity_id: opportunity.opportunityId },
      { token: owner.token },
    );
    expect(deleted.status).toBe(200);
    expect(await contactRoomOf(contact.contactId)).toBeUndefined();
  });

  it('is made for the contact an opportunity takes from a lead, and takes comments', async () => {
    const { owner, member, group } = await createGroupWithMembers(t);
    const lead = await insertLead(t, { groupId: group.groupId, createdBy: owner.userId });
    const made = await post(t, '/opportunity/set', opportunityPayload({ lead_id: lead.id }), { token: member.token });
    expect(made.status).toBe(200);
    const contacts = await post(
      t,
      '/opportunity/contact/list',
      { opportunity_id: made.body.opportunityId },
      { token: member.token },
    );
    const [contact] = contacts.body.contacts as { contactId: number }[];
    expect(await contactRoomOf(contact!.contactId)).toMatchObject({ opportunityId: made.body.opportunityId });
    expect((await sendComment(member.token, contact!.contactId, 'From the lead')).status).toBe(200);
  });

  it('stores comments as the room’s messages, seq 1, 2, 3 …, listed newest first with the room’s id', async () => {
    const { owner, shared, contact } = await world();
    for (const [token, text] of [
      [owner.token, 'one'],
      [shared.token, 'two'],
      [owner.token, 'three'],
    ] as const) {
      expect((await sendComment(token, contact.contactId, text)).status).toBe(200);
    }
    const room = (await contactRoomOf(contact.contactId))!;
    const rows = await t.db
      .select({ seq: chatMessages.seq, message: chatMessages.message })
      .from(chatMessages)
      .where(eq(chatMessages.roomId, room.id))
      .orderBy(asc(chatMessages.seq));
    expect(rows).toEqual([
      { seq: 1, message: 'one' },
      { seq: 2, message: 'two' },
      { seq: 3, message: 'three' },
    ]);
    const list = await listComments(shared.token, contact.contactId);
    expect(list.status).toBe(200);
    expect(list.body.totalCount).toBe(3);
    expect(list.body.comments.map((c: { message: string }) => c.message)).toEqual(['three', 'two', 'one']);
    expect(list.body.comments.every((c: { roomId: number }) => c.roomId === room.id)).toBe(true);
  });

  it('stores one comment for a client message id sent twice, and answers it both times', async () => {
    const { owner, contact } = await world();
    const first = await sendComment(owner.token, contact.contactId, 'Called them', 'contact-send-1');
    const again = await sendComment(owner.token, contact.contactId, 'Called them', 'contact-send-1');
    expect(first).toMatchObject({ status: 200, body: { clientMessageId: 'contact-send-1' } });
    expect(again).toMatchObject({ status: 200, body: first.body });
    const list = await listComments(owner.token, contact.contactId);
    expect(list.body.totalCount).toBe(1);
  });

  it('refuses a stranger and a person whose share was removed (404), at once', async () => {
    const { owner, shared, stranger, opportunity, contact } = await world();
    expect((await sendComment(shared.token, contact.contactId, 'Before')).status).toBe(200);
    const removed = await post(
      t,
      '/opportunity/user/remove',
      { opportunity_id: opportunity.opportunityId, user_id: shared.userId },
      { token: owner.token },
    );
    expect(removed.status).toBe(200);
    for (const token of [stranger.token, shared.token]) {
      expect(await sendComment(token, contact.contactId, 'Hello?')).toMatchObject({
        status: 404,
        body: contactNotFoundBody,
      });
      expect(await listComments(token, contact.contactId)).toMatchObject({ status: 404, body: contactNotFoundBody });
    }
    const room = (await contactRoomOf(contact.contactId))!;
    // Nor through chat's own calls.
    for (const token of [stranger.token, shared.token]) {
      const res = await post(t, '/chat/message/send', { room_id: room.id, message: 'Hello?' }, { token });
      expect(res).toMatchObject({ status: 404, body: { code: 'CHAT_ROOM_NOT_FOUND' } });
    }
    expect((await listComments(owner.token, contact.contactId)).body.totalCount).toBe(1);
  });

  it('is left out of chat’s room lists and unread totals', async () => {
    const { owner, shared, contact } = await world();
    expect((await sendComment(owner.token, contact.contactId, 'For the team')).status).toBe(200);
    const room = (await contactRoomOf(contact.contactId))!;
    for (const grouping_level of ['OPPORTUNITY', 'GROUP', 'DIRECT', 'BUSINESS']) {
      const list = await post(t, '/chat/room/list', { grouping_level }, { token: shared.token });
      expect(list.status).toBe(200);
      expect(list.body.rooms.map((r: { roomId: number }) => r.roomId)).not.toContain(room.id);
    }
    const unread = await post(t, '/chat/unread/total', {}, { token: shared.token });
    expect(unread).toMatchObject({ status: 200, body: { total: 0 } });
  });
});

describe('live delivery', () => {
  it('delivers a new contact comment to the opportunity’s other reader, not to a stranger', async () => {
    const { owner, shared, stranger, opportunity, contact } = await world();
    const [sharedSocket, strangerSocket] = await Promise.all([open(shared.token), open(stranger.token)]);
    const got = record(sharedSocket, 'contact:comment');
    const strangerGot = record(strangerSocket, 'contact:comment');
    const sent = await sendComment(owner.token, contact.contactId, 'Meeting on Friday', 'live-1');
    expect(sent.status).toBe(200);
    await until(() => got.length === 1, 5000, 'contact comment');
    expect(got[0]).toMatchObject({
      contactId: contact.contactId,
      opportunityId: opportunity.opportunityId,
      message: { messageId: sent.body.messageId, message: 'Meeting on Friday', clientMessageId: 'live-1' },
    });
    await sleep(SETTLE_MS);
    expect(strangerGot).toEqual([]);
  });

  it('stops delivering to a person whose share is removed, on the socket already open', async () => {
    const { owner, shared, opportunity, contact } = await world();
    const sharedSocket = await open(shared.token);
    const got = record(sharedSocket, 'contact:comment');
    expect((await sendComment(owner.token, contact.contactId, 'Before')).status).toBe(200);
    await until(() => got.length === 1, 5000, 'first contact comment');
    const removed = await post(
      t,
      '/opportunity/user/remove',
      { opportunity_id: opportunity.opportunityId, user_id: shared.userId },
      { token: owner.token },
    );
    expect(removed.status).toBe(200);
    await sleep(SETTLE_MS);
    expect((await sendComment(owner.token, contact.contactId, 'After')).status).toBe(200);
    await sleep(SETTLE_MS);
    expect(got.map((e) => e.message.message)).toEqual(['Before']);
  });
});
