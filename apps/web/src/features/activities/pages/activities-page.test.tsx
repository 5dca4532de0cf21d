import type { ActivityItem, GroupSummary, Opportunity } from '@leadcircle/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { modalClosed, selectActiveModal } from '../../../core/modals-slice';
import { store } from '../../../core/store';
import { currentAddress, renderWithAddress } from '../../../test/current-address';
import { answerCalls, bodiesSentTo, type FakeAnswer, holdAnswers } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { playRealtimeEvents } from '../../../test/realtime-events';
import { seedCurrentUser } from '../../../test/render-in-app';
import { testGroup } from '../../../test/test-group';
import { testOpportunity } from '../../../test/test-opportunity';
import { activitiesApi } from '../api';
import { ActivitiesPage } from './activities-page';

waitPatientlyForScreens();

beforeEach(() => seedCurrentUser());

const newLead: ActivityItem = {
  activityId: 41,
  type: 'NEW_LEAD',
  timestamp: '2026-11-20T10:00:00.000Z',
  actorUserId: 3,
  groupId: 4,
  opportunityId: null,
  data: {
    newLead: {
      activityId: 41,
      groupId: 4,
      leadId: 31,
      groupName: 'Austin Closers',
      leadName: 'Avery Buyer',
      leadCompany: 'Acme Corp',
      userName: 'Olive Rivera',
    },
  },
};
// A deleted group: nowhere to go, so the line is text only.
const groupDeleted: ActivityItem = {
  activityId: 40,
  type: 'GROUP_DELETE',
  timestamp: '2026-11-19T10:00:00.000Z',
  actorUserId: 3,
  groupId: null,
  opportunityId: null,
  data: { groupDelete: { activityId: 40, groupName: 'Old Crew', userName: 'Olive Rivera' } },
};

const ok = (body: unknown): FakeAnswer => ({ status: 200, body });
const feedOf = (activities: ActivityItem[], hasMore = false) => ok({ globalActivities: { activities, hasMore } });
const groupsOf = (groups: GroupSummary[]) => ok({ groups, totalCount: groups.length });
const opportunitiesOf = (opportunities: Opportunity[]) => ok({ opportunities, totalCount: opportunities.length });

function answerHome(
  answers: { feed?: FakeAnswer | FakeAnswer[]; groups?: FakeAnswer; opportunities?: FakeAnswer } = {},
) {
  return answerCalls({
    '/api/activity/global': answers.feed ?? feedOf([newLead, groupDeleted]),
    '/api/group/list': answers.groups ?? groupsOf([testGroup]),
    '/api/opportunity/list': answers.opportunities ?? opportunitiesOf([testOpportunity]),
  });
}

const renderHome = () => renderWithAddress(<ActivitiesPage />, '/activities');

describe('ActivitiesPage', { timeout: 20_000 }, () => {
  it('shows the latest 50 activities, each linked to where it happened, and the 5 newest groups and opportunities', async () => {
    const calls = answerHome();
    renderHome();
    expect(screen.getByRole('heading', { level: 1, name: 'Activities' })).toBeInTheDocument();

    const feed = within(await screen.findByRole('list', { name: 'Activities' }));
    const lead = await feed.findByRole('link', {
      name: 'Olive Rivera submitted the lead Avery Buyer (Acme Corp) in Austin Closers',
    });
    expect(lead).toHaveAttribute('href', '/groups/4/leads/31');
    expect(feed.getByText('Olive Rivera deleted Old Crew')).toBeInTheDocument();
    expect(feed.queryByRole('link', { name: 'Olive Rivera deleted Old Crew' })).not.toBeInTheDocument();
    expect(feed.getAllByRole('listitem')).toHaveLength(2);

    const groups = within(screen.getByRole('list', { name: 'Recent groups' }));
    expect(await groups.findByRole('link', { name: 'Austin Closers' })).toHaveAttribute('href', '/groups/4/leads');
    const opportunities = within(screen.getByRole('list', { name: 'Recent opportunities' }));
    expect(await opportunities.findByRole('link', { name: 'Office move' })).toHaveAttribute(
      'href',
      `/opportunities/${testOpportunity.opportunityId}/information`,
    );
    expect(screen.queryByText('Welcome to LeadCircle')).not.toBeInTheDocument();

    expect(bodiesSentTo(calls, '/api/activity/global')).toEqual([
      { response_type: 'LIST', start_position: 0, get_next: 50 },
    ]);
    expect(bodiesSentTo(calls, '/api/group/list')).toEqual([{ start_position: 0, get_next: 5 }]);
    expect(bodiesSentTo(calls, '/api/opportunity/list')).toEqual([
      { sort: 'CREATED', data: 1, start_position: 0, get_next: 5 },
    ]);
  });

  it('reads the lists again when the server says an activity was recorded', async () => {
    const send = playRealtimeEvents();
    const calls = answerHome({ feed: [feedOf([groupDeleted]), feedOf([newLead, groupDeleted])] });
    renderHome();
    expect(await screen.findByText('Olive Rivera deleted Old Crew')).toBeInTheDocument();
    await send('activity:new', { activityId: newLead.activityId });
    expect(
      await screen.findByRole('link', { name: /Olive Rivera submitted the lead Avery Buyer/ }),
    ).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/activity/global')).toHaveLength(2);
  });

  it('reads the lists again for a room message that carries its activity, not for one that does not', async () => {
    const send = playRealtimeEvents();
    const calls = answerHome({ feed: [feedOf([groupDeleted]), feedOf([newLead, groupDeleted])] });
    renderHome();
    expect(await screen.findByText('Olive Rivera deleted Old Crew')).toBeInTheDocument();
    const message = { messageId: 1, roomId: 2, seq: 1, version: 1, message: 'hi' };
    await send('chat:message', { roomId: 2, kind: 'GROUP', message });
    expect(bodiesSentTo(calls, '/api/activity/global')).toHaveLength(1);
    await send('chat:message', { roomId: 2, kind: 'GROUP', message, activityId: newLead.activityId });
    expect(
      await screen.findByRole('link', { name: /Olive Rivera submitted the lead Avery Buyer/ }),
    ).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/activity/global')).toHaveLength(2);
  });

  it('shows older activities, 50 at a time from the last one shown, while there are more', async () => {
    const calls = answerHome({ feed: [feedOf([newLead], true), feedOf([groupDeleted])] });
    renderHome();
    const feed = within(await screen.findByRole('list', { name: 'Activities' }));
    expect(await feed.findByRole('link', { name: /submitted the lead Avery Buyer/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'SHOW OLDER ACTIVITIES' }));
    expect(await feed.findByText('Olive Rivera deleted Old Crew')).toBeInTheDocument();
    expect(feed.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'SHOW OLDER ACTIVITIES' })).not.toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/activity/global')).toEqual([
      { response_type: 'LIST', start_position: 0, get_next: 50 },
      { response_type: 'LIST', get_next: 50, before_id: newLead.activityId },
    ]);
  });

  it('keeps what it shows when older activities fail, says so in place, and tries again from the same button', async () => {
    const failed: FakeAnswer = { status: 500, body: { error: 'Internal Server Error' } };
    const calls = answerHome({ feed: [feedOf([newLead], true), failed, feedOf([groupDeleted])] });
    renderHome();
    const feed = within(await screen.findByRole('list', { name: 'Activities' }));
    expect(await feed.findByRole('link', { name: /submitted the lead Avery Buyer/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'SHOW OLDER ACTIVITIES' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Older activities could not be loaded.');
    expect(screen.queryByText('Activities could not be loaded.')).not.toBeInTheDocument();
    expect(feed.getAllByRole('listitem')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'SHOW OLDER ACTIVITIES' }));
    expect(await feed.findByText('Olive Rivera deleted Old Crew')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/activity/global').slice(1)).toEqual([
      { response_type: 'LIST', get_next: 50, before_id: newLead.activityId },
      { response_type: 'LIST', get_next: 50, before_id: newLead.activityId },
    ]);
  });

  it('reads every page shown again on a new activity, each from the one before, so none goes missing', async () => {
    const send = playRealtimeEvents();
    const newer: ActivityItem = {
      ...newLead,
      activityId: 42,
      data: { newLead: { ...newLead.data.newLead!, activityId: 42, leadName: 'Blake Newer' } },
    };
    const calls = answerHome({
      feed: [feedOf([newLead], true), feedOf([groupDeleted]), feedOf([newer], true), feedOf([newLead, groupDeleted])],
    });
    renderHome();
    expect(await screen.findByRole('link', { name: /Avery Buyer/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'SHOW OLDER ACTIVITIES' }));
    expect(await screen.findByText('Olive Rivera deleted Old Crew')).toBeInTheDocument();
    await send('activity:new', { activityId: newer.activityId });
    expect(await screen.findByRole('link', { name: /Blake Newer/ })).toBeInTheDocument();
    const feed = within(await screen.findByRole('list', { name: 'Activities' }));
    await vi.waitFor(() => expect(feed.getAllByRole('listitem')).toHaveLength(3));
    expect(bodiesSentTo(calls, '/api/activity/global').slice(2)).toEqual([
      { response_type: 'LIST', start_position: 0, get_next: 50 },
      { response_type: 'LIST', get_next: 50, before_id: newer.activityId },
    ]);
  });

  it('welcomes a new person, with nothing in any list, and leads them to the groups', async () => {
    answerHome({ feed: feedOf([]), groups: groupsOf([]), opportunities: opportunitiesOf([]) });
    renderHome();
    expect(await screen.findByText('Welcome to LeadCircle')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to groups' })).toHaveAttribute('href', '/groups');
    expect(screen.getByText('Nothing has happened yet.')).toBeInTheDocument();
    expect(screen.getByText('No groups yet.')).toBeInTheDocument();
    expect(await screen.findByText('No opportunities yet.')).toBeInTheDocument();
  });

  it('does not welcome someone who is in a group, though nothing has happened yet', async () => {
    answerHome({ feed: feedOf([]), opportunities: opportunitiesOf([]) });
    renderHome();
    expect(await screen.findByText('Nothing has happened yet.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Austin Closers' })).toBeInTheDocument();
    expect(screen.queryByText('Welcome to LeadCircle')).not.toBeInTheDocument();
  });

  it('says when the activities could not be loaded, and still shows the groups and opportunities', async () => {
    answerHome({ feed: { status: 500, body: { message: 'Something went wrong.' } } });
    renderHome();
    expect(await screen.findByText('Activities could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByText('Nothing has happened yet.')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Austin Closers' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Office move' })).toBeInTheDocument();
    expect(screen.queryByText('Welcome to LeadCircle')).not.toBeInTheDocument();
  });

  it('shows the feed and the opportunities when the recent groups could not be loaded', async () => {
    answerHome({ groups: { status: 500, body: { message: 'Something went wrong.' } } });
    renderHome();
    expect(
      await screen.findByRole('link', { name: /Olive Rivera submitted the lead Avery Buyer/ }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Office move' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Recent groups' })).toBeEmptyDOMElement();
    expect(screen.queryByText('No groups yet.')).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('says nothing is empty while the lists load', async () => {
    const { held, release } = holdAnswers();
    answerHome({
      feed: { ...feedOf([]), after: held },
      groups: { ...groupsOf([]), after: held },
      opportunities: { ...opportunitiesOf([]), after: held },
    });
    renderHome();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('Nothing has happened yet.')).not.toBeInTheDocument();
    expect(screen.queryByText('No groups yet.')).not.toBeInTheDocument();
    expect(screen.queryByText('No opportunities yet.')).not.toBeInTheDocument();
    expect(screen.queryByText('Welcome to LeadCircle')).not.toBeInTheDocument();
    await release();
    expect(await screen.findByText('Welcome to LeadCircle')).toBeInTheDocument();
  });

  it('shows its sections together once the feed and the recent groups are in, so none moves another', async () => {
    const { held, release } = holdAnswers();
    answerHome({ feed: { ...feedOf([newLead]), after: held } });
    renderHome();
    // The recent groups are in; the feed is not: on a phone it would come above them and push them down.
    await waitFor(() => expect(activitiesApi.endpoints.recentGroups.select()(store.getState()).isSuccess).toBe(true));
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'RECENT GROUPS' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'ACTIVITIES' })).not.toBeInTheDocument();
    await release();
    expect(
      await screen.findByRole('link', { name: /Olive Rivera submitted the lead Avery Buyer/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'RECENT GROUPS' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('opens the create group wizard on NEW GROUP, and the opportunity dialog on NEW OPPORTUNITY', async () => {
    answerHome();
    onTestFinished(() => void store.dispatch(modalClosed('createGroup')));
    renderHome();
    fireEvent.click(screen.getByRole('button', { name: 'NEW GROUP' }));
    expect(selectActiveModal(store.getState())).toBe('createGroup');

    fireEvent.click(screen.getByRole('button', { name: 'NEW OPPORTUNITY' }));
    expect(currentAddress()).toHaveTextContent('/opportunities?new=1');
  });
});
