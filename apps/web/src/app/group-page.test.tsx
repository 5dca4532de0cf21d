import { ERRORS, PAGE_SIZE, ROUTES } from '@leadcircle/shared';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { store } from '../core/store';
import { GroupLayout } from '../features/groups/pages/group-layout';
import { fetchFirstLeadsPage } from '../features/leads/api';
import { testLead } from '../features/leads/components/test-lead';
import { GroupLeadsPage } from '../features/leads/pages/group-leads-page';
import { answerCalls } from '../test/fake-server';
import { renderInApp, seedCurrentUser } from '../test/render-in-app';
import { testGroup } from '../test/test-group';

// The lead's group.
const group = { ...testGroup, groupId: testLead.groupId };

/** A group whose /group/get answers (`answer`, the group by default) only when `answerGroup` is called. */
function slowGroup(answer: { status: number; body: unknown } = { status: 200, body: group }) {
  let answerGroup = () => {};
  const answered = new Promise<void>((resolve) => {
    answerGroup = resolve;
  });
  const calls = answerCalls({
    '/api/group/get': { ...answer, after: answered },
    '/api/lead/list': {
      status: 200,
      body: { leads: [testLead], totalCount: 1, nextCursor: null, previousCursor: null },
    },
  });
  return { calls, answerGroup: () => act(async () => answerGroup()) };
}

const children = [
  { path: ROUTES.groupLeads, element: <GroupLeadsPage /> },
  { path: ROUTES.groupUsers, element: <p>The users tab</p> },
];

// A group's page as the router composes it: the layout with the lead list in its outlet.
describe('a group page', () => {
  it('shows its tabs and the lead list before the group has come, asking for both at once', async () => {
    await seedCurrentUser();
    const { calls, answerGroup } = slowGroup();
    renderInApp(<GroupLayout />, { path: ROUTES.group, initialEntry: `/groups/${group.groupId}/leads`, children });

    expect(await screen.findByText(testLead.fullName)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Leads', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Group' })).toBeInTheDocument();
    expect(calls.map((call) => call.path).sort()).toEqual(['/api/group/get', '/api/lead/list']);
    expect(calls.find((call) => call.path === '/api/lead/list')?.body).toEqual({
      group_id: group.groupId,
      start_position: 0,
      get_next: PAGE_SIZE,
    });

    await answerGroup();
    expect(await screen.findByRole('heading', { level: 1, name: group.name })).toBeInTheDocument();
  });

  it('shows the other tabs once the group has come', async () => {
    await seedCurrentUser();
    const { answerGroup } = slowGroup();
    renderInApp(<GroupLayout />, { path: ROUTES.group, initialEntry: `/groups/${group.groupId}/users`, children });

    expect(await screen.findByRole('tab', { name: 'Users', selected: true })).toBeInTheDocument();
    expect(screen.queryByText('The users tab')).not.toBeInTheDocument();
    await answerGroup();
    expect(await screen.findByText('The users tab')).toBeInTheDocument();
  });

  it('puts a non-member off: the list shown before the group gives way to the refusal, with no SETTINGS', async () => {
    await seedCurrentUser();
    const refusal = { message: ERRORS.GROUP_NOT_MEMBER.message, code: 'GROUP_NOT_MEMBER' };
    const { answerGroup } = slowGroup({ status: ERRORS.GROUP_NOT_MEMBER.status, body: refusal });
    renderInApp(<GroupLayout />, { path: ROUTES.group, initialEntry: `/groups/${group.groupId}/leads`, children });

    expect(await screen.findByRole('table', { name: 'Group leads' })).toBeInTheDocument();
    await answerGroup();
    expect(await screen.findByText(refusal.message)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Group leads' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Leads' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'SETTINGS' })).not.toBeInTheDocument();
  });

  it("shows the first page of leads loaded with the page's files without asking for it again", async () => {
    await seedCurrentUser();
    const { calls, answerGroup } = slowGroup();
    // main.tsx loads the first page's data before the first render (loadFirstPageData).
    await store.dispatch(fetchFirstLeadsPage(group.groupId));
    renderInApp(<GroupLayout />, { path: ROUTES.group, initialEntry: `/groups/${group.groupId}/leads`, children });

    expect(await screen.findByText(testLead.fullName)).toBeInTheDocument();
    await answerGroup();
    expect(await screen.findByRole('heading', { level: 1, name: group.name })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/lead/list')).toHaveLength(1);
  });
});
