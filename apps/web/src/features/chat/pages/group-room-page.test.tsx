import { type ChatMessage, type ChatRoom, PAGE_SIZE, ROUTES } from '@leadcircle/shared';
import { screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { store } from '../../../core/store';
import { answerCalls, bodiesSentTo, type FakeAnswer } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { testGroup } from '../../../test/test-group';
import { loadGroupRoom } from '../group-room-data';
import { GroupRoomPage } from './group-room-page';

waitPatientlyForScreens();
beforeEach(() => seedCurrentUser());

const ok = (body: unknown): FakeAnswer => ({ status: 200, body });
const author = { userId: 2, firstName: 'Olive', lastName: 'Rivera', avatarUrl: null };
const message = (seq: number): ChatMessage => ({
  messageId: 500 + seq,
  roomId: 31,
  seq,
  version: seq,
  message: `Visit ${seq} is booked`,
  user: author,
  createdAt: new Date(2026, 10, 20, 9, seq).toISOString(),
  editedAt: null,
  deleted: false,
  clientMessageId: null,
  attachment: null,
});
const room = (unread: { unreadCount: number; lastReadSeq: number }): ChatRoom => ({
  roomId: 31,
  kind: 'GROUP',
  name: testGroup.name,
  avatarUrl: null,
  groupId: testGroup.groupId,
  businessId: null,
  opportunityId: null,
  leadId: null,
  otherUser: null,
  lastMessage: message(3),
  lastActivityAt: message(3).createdAt,
  muted: false,
  lastSeq: 3,
  lastVersion: 3,
  ...unread,
});
const roomList = (listed: ChatRoom) => ok({ rooms: [listed], totalCount: 1 });
const messagePage = (seqs: number[]) =>
  ok({ roomId: 31, messages: seqs.map(message).reverse(), totalCount: 3, hasMore: false, lastVersion: 3 });

function renderGroupRoom() {
  renderInApp(<Outlet context={testGroup} />, {
    path: ROUTES.group,
    initialEntry: `/groups/${testGroup.groupId}/messages`,
    children: [{ path: ROUTES.groupMessages, element: <GroupRoomPage /> }],
  });
}

// The timeout: the page's first render loads its parts; on a busy machine it can take seconds.
describe("a group's Messages tab", { timeout: 20_000 }, () => {
  it('opens the room the list names without asking for the room again: its messages come next', async () => {
    const calls = answerCalls({
      '/api/chat/room/list': roomList(room({ unreadCount: 0, lastReadSeq: 3 })),
      '/api/chat/message/list': messagePage([1, 2, 3]),
      '/api/chat/room/read': ok({ roomId: 31, unreadCount: 0, unreadTotal: 0 }),
    });
    renderGroupRoom();
    expect(await screen.findByText('Visit 3 is booked')).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/chat/room/list')).toEqual([
      { grouping_level: 'GROUP', grouping_level_id: testGroup.groupId, limit: PAGE_SIZE, offset: 0 },
    ]);
    expect(calls.filter((call) => call.path === '/api/chat/room/get')).toEqual([]);
    expect(bodiesSentTo(calls, '/api/chat/message/list')).toEqual([
      { room_id: 31, list_message_type: 'LATEST', limit: PAGE_SIZE },
    ]);
  });

  it("starts at the first unread message the list's entry tells of", async () => {
    const calls = answerCalls({
      '/api/chat/room/list': roomList(room({ unreadCount: 2, lastReadSeq: 1 })),
      '/api/chat/message/list': messagePage([2, 3]),
      '/api/chat/room/read': ok({ roomId: 31, unreadCount: 0, unreadTotal: 0 }),
    });
    renderGroupRoom();
    expect(await screen.findByText('Visit 2 is booked')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/chat/room/get')).toEqual([]);
    expect(bodiesSentTo(calls, '/api/chat/message/list')[0]).toEqual({
      room_id: 31,
      list_message_type: 'LATEST',
      after_seq: 1,
      limit: PAGE_SIZE,
    });
  });

  it('opened as the first page, shows the room and its messages asked for before it rendered, asking again for neither', async () => {
    const calls = answerCalls({
      '/api/chat/room/list': roomList(room({ unreadCount: 2, lastReadSeq: 1 })),
      '/api/chat/message/list': messagePage([2, 3]),
      '/api/chat/room/read': ok({ roomId: 31, unreadCount: 0, unreadTotal: 0 }),
    });
    await loadGroupRoom(store.dispatch, testGroup.groupId);
    expect(bodiesSentTo(calls, '/api/chat/message/list')).toEqual([
      { room_id: 31, list_message_type: 'LATEST', after_seq: 1, limit: PAGE_SIZE },
    ]);
    renderGroupRoom();
    // In the first render: no spinner, no second request.
    expect(screen.getByText('Visit 2 is booked')).toBeInTheDocument();
    expect(screen.getByText('Visit 3 is booked')).toBeInTheDocument();
    expect(calls.map((call) => call.path).filter((path) => path !== '/api/chat/room/read')).toEqual([
      '/api/chat/room/list',
      '/api/chat/message/list',
    ]);
  });

  it('opened as the first page whose early messages call failed, asks for them itself and shows them', async () => {
    const calls = answerCalls({
      '/api/chat/room/list': roomList(room({ unreadCount: 0, lastReadSeq: 3 })),
      '/api/chat/message/list': [{ status: 500, body: { message: 'Something went wrong.' } }, messagePage([1, 2, 3])],
      '/api/chat/room/read': ok({ roomId: 31, unreadCount: 0, unreadTotal: 0 }),
    });
    await loadGroupRoom(store.dispatch, testGroup.groupId);
    renderGroupRoom();
    expect(await screen.findByText('Visit 3 is booked')).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/chat/message/list')).toEqual([
      { room_id: 31, list_message_type: 'LATEST', limit: PAGE_SIZE },
      { room_id: 31, list_message_type: 'LATEST', limit: PAGE_SIZE },
    ]);
    expect(calls.filter((call) => call.path === '/api/chat/room/get')).toEqual([]);
  });
});
