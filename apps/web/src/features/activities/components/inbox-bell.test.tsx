import { type ActivityItem, INBOX_UNREAD_COUNT_MAX } from '@leadcircle/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentAddress, renderWithAddress } from '../../../test/current-address';
import { answerCalls, bodiesSentTo, type FakeAnswer, holdAnswers } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { playRealtimeEvents } from '../../../test/realtime-events';
import { seedCurrentUser } from '../../../test/render-in-app';
import { InboxBell } from './inbox-bell';

waitPatientlyForScreens();

beforeEach(() => seedCurrentUser());

const commented: ActivityItem = {
  activityId: 52,
  type: 'CHAT_MESSAGE_LEAD',
  timestamp: '2026-11-20T10:00:00.000Z',
  actorUserId: 3,
  groupId: 4,
  opportunityId: null,
  data: {
    chatMessageLead: {
      activityId: 52,
      groupId: 4,
      leadId: 31,
      groupName: 'Austin Closers',
      leadName: 'Avery Buyer',
      userName: 'Olive Rivera',
    },
  },
};
const joined: ActivityItem = {
  activityId: 51,
  type: 'OPPORTUNITY_NEW_USER',
  timestamp: '2026-11-19T10:00:00.000Z',
  actorUserId: 5,
  groupId: null,
  opportunityId: 9,
  data: {
    opportunityNewUser: { activityId: 51, opportunityId: 9, opportunityName: 'Office move', newUserName: 'Milo Chen' },
  },
};

const inboxOf = (items: { activity: ActivityItem; read: boolean }[]): FakeAnswer => ({
  status: 200,
  body: {
    notifications: items,
    totalCount: items.length,
    unreadCount: items.filter((item) => !item.read).length,
  },
});
const unreadAndRead = inboxOf([
  { activity: commented, read: false },
  { activity: joined, read: true },
]);

const renderBell = () => renderWithAddress(<InboxBell />, '/activities');
const openInbox = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name }));
  // The menu's code loads on first use.
  return within(await screen.findByRole('menu', { name: 'Notifications' }));
};

describe('InboxBell', { timeout: 20_000 }, () => {
  it("says 99+ unread from the server's cap on, in its name as on its badge", async () => {
    answerCalls({
      '/api/notification/list': {
        status: 200,
        body: { notifications: [], hasMore: false, unreadCount: INBOX_UNREAD_COUNT_MAX },
      },
    });
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 99+ unread' });
    expect(within(bell).getByText('99+')).toBeInTheDocument();
  });

  it('counts the unread in its name and lists the latest 50, newest first', async () => {
    const calls = answerCalls({ '/api/notification/list': unreadAndRead });
    renderBell();
    const inbox = await openInbox('Notifications, 1 unread');
    const items = inbox.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Mark all read',
      expect.stringContaining('Olive Rivera commented on the lead Avery Buyer in Austin Closers'),
      expect.stringContaining('Milo Chen joined the opportunity Office move'),
    ]);
    expect(items[0]).not.toHaveAttribute('aria-disabled');
    expect(bodiesSentTo(calls, '/api/notification/list')).toEqual([{ start_position: 0, get_next: 50 }]);
  });

  it('counts an activity that is news to the person from its event, asking nothing, and reads the list on opening', async () => {
    const send = playRealtimeEvents();
    const calls = answerCalls({ '/api/notification/list': [inboxOf([]), unreadAndRead] });
    renderBell();
    await waitFor(() => expect(bodiesSentTo(calls, '/api/notification/list')).toHaveLength(1));
    await send('activity:new', { activityId: commented.activityId, type: commented.type, inbox: true });
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    // Told of one that is not news to them (their own): nothing changes.
    await send('activity:new', { activityId: 53, type: 'NEW_LEAD', inbox: false });
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toEqual(['/api/notification/list']);
    // Opened, the list is read once to show the new item.
    const inbox = await openInbox('Notifications, 1 unread');
    expect(await inbox.findByRole('menuitem', { name: /Olive Rivera commented/ })).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/notification/list')).toHaveLength(2);
  });

  it('counts again after losing a room (its activities may leave the inbox)', async () => {
    const send = playRealtimeEvents();
    const calls = answerCalls({ '/api/notification/list': [unreadAndRead, inboxOf([])] });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await send('chat:room_removed', { roomId: 7, kind: 'GROUP' });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/notification/list')).toHaveLength(2);
  });

  it('opens an unread item where it happened, marks it read and reads the inbox again', async () => {
    const calls = answerCalls({
      '/api/notification/list': [unreadAndRead, inboxOf([{ activity: commented, read: true }])],
      '/api/notification/read': { status: 200, body: { unreadCount: 0 } },
    });
    renderBell();
    const inbox = await openInbox('Notifications, 1 unread');
    fireEvent.click(inbox.getByRole('menuitem', { name: /Olive Rivera commented/ }));

    expect(currentAddress()).toHaveTextContent('/groups/4/leads/31');
    await waitFor(() => expect(bodiesSentTo(calls, '/api/notification/read')).toEqual([{ activity_id: 52 }]));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/notification/list')).toHaveLength(2);
  });

  it('opens a read item without marking it again', async () => {
    const calls = answerCalls({
      '/api/notification/list': unreadAndRead,
      '/api/notification/read': { status: 200, body: { unreadCount: 0 } },
    });
    renderBell();
    const inbox = await openInbox('Notifications, 1 unread');
    fireEvent.click(inbox.getByRole('menuitem', { name: /Milo Chen joined/ }));
    expect(currentAddress()).toHaveTextContent('/opportunities/9/information');
    // Then the unread one: its mark is the only one sent.
    const again = await openInbox('Notifications, 1 unread');
    fireEvent.click(again.getByRole('menuitem', { name: /Olive Rivera commented/ }));
    await waitFor(() => expect(bodiesSentTo(calls, '/api/notification/read')).toHaveLength(1));
    expect(bodiesSentTo(calls, '/api/notification/read')).toEqual([{ activity_id: 52 }]);
  });

  it('marks everything read on Mark all read, and stays open with nothing left to mark', async () => {
    const calls = answerCalls({
      '/api/notification/list': [unreadAndRead, inboxOf([{ activity: commented, read: true }])],
      '/api/notification/read_all': { status: 200, body: { unreadCount: 0 } },
    });
    renderBell();
    const inbox = await openInbox('Notifications, 1 unread');
    fireEvent.click(inbox.getByRole('menuitem', { name: 'Mark all read' }));
    await waitFor(() => expect(bodiesSentTo(calls, '/api/notification/read_all')).toEqual([{}]));
    await waitFor(() =>
      expect(inbox.getByRole('menuitem', { name: 'Mark all read' })).toHaveAttribute('aria-disabled', 'true'),
    );
    expect(bodiesSentTo(calls, '/api/notification/list')).toHaveLength(2);
  });

  it('says Nothing new when the inbox is empty, with Mark all read disabled', async () => {
    answerCalls({ '/api/notification/list': inboxOf([]) });
    renderBell();
    const inbox = await openInbox('Notifications');
    expect(inbox.getByText('Nothing new.')).toBeInTheDocument();
    expect(inbox.getByRole('menuitem', { name: 'Mark all read' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('says the inbox could not be loaded when its call fails, never that nothing is new', async () => {
    answerCalls({ '/api/notification/list': { status: 500, body: { message: 'Something went wrong.' } } });
    renderBell();
    const inbox = await openInbox('Notifications');
    expect(await inbox.findByText('Notifications could not be loaded.')).toBeInTheDocument();
    expect(inbox.queryByText('Nothing new.')).not.toBeInTheDocument();
  });

  it('says nothing while the inbox loads', async () => {
    const { held, release } = holdAnswers();
    answerCalls({ '/api/notification/list': { ...inboxOf([]), after: held } });
    renderBell();
    const inbox = await openInbox('Notifications');
    expect(inbox.queryByText('Nothing new.')).not.toBeInTheDocument();
    await release();
    expect(await inbox.findByText('Nothing new.')).toBeInTheDocument();
  });
});
