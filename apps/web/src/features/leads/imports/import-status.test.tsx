import { ROUTES } from '@leadcircle/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerCalls, bodiesSentTo, type FakeAnswer } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { playRealtimeEvents } from '../../../test/realtime-events';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { testGroup } from '../../../test/test-group';
import { testLead } from '../components/test-lead';
import { GroupLeadsPage } from '../pages/group-leads-page';
import { testImport } from './test-import';

waitPatientlyForScreens();
beforeEach(() => seedCurrentUser());

const ok = (body: unknown): FakeAnswer => ({ status: 200, body });
const leadsAnswer = ok({ leads: [testLead], totalCount: 1, nextCursor: null, previousCursor: null });
const running = { ...testImport, status: 'RUNNING' as const, doneRows: 9_000, totalRows: 20_000 };

/** The lead list as the group's Leads tab, its group (`group`, the member's view) from the layout. */
function renderLeadList(group: typeof testGroup | null = testGroup) {
  renderInApp(<Outlet context={group ?? undefined} />, {
    path: ROUTES.group,
    initialEntry: `/groups/${testGroup.groupId}/leads`,
    children: [{ path: ROUTES.groupLeads, element: <GroupLeadsPage /> }],
  });
}

// The timeout: the page's first render loads its parts; on a busy machine it can take seconds.
describe('the lead list while an import of the group runs', { timeout: 20_000 }, () => {
  it('shows IMPORT beside CREATE LEAD, opening the import dialog', async () => {
    answerCalls({ '/api/lead/list': leadsAnswer, '/api/lead/import/list': ok({ imports: [], totalCount: 0 }) });
    renderLeadList();
    fireEvent.click(await screen.findByRole('button', { name: 'IMPORT' }));
    expect(await screen.findByRole('dialog', { name: 'Import leads' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeInTheDocument();
  });

  it('offers no IMPORT before the group has shown the caller a member, and asks for no import', async () => {
    const calls = answerCalls({ '/api/lead/list': leadsAnswer });
    renderLeadList(null);
    expect(await screen.findByText(testLead.fullName)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CREATE LEAD' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'IMPORT' })).not.toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/lead/import/list')).toEqual([]);
  });

  it('shows "Importing 20,000 leads… 45%", moved on by the socket, then refreshes the list when it ends', async () => {
    const sendEvent = playRealtimeEvents();
    const calls = answerCalls({
      '/api/lead/list': leadsAnswer,
      '/api/lead/import/list': [ok({ imports: [running], totalCount: 1 }), ok({ imports: [], totalCount: 1 })],
    });
    renderLeadList();
    expect(await screen.findByText('Importing 20,000 leads… 45%')).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/lead/import/list')[0]).toEqual({
      group_id: testGroup.groupId,
      start_position: 0,
      get_next: 5,
    });

    await sendEvent('lead:import_progress', { groupId: testGroup.groupId, import: { ...running, doneRows: 12_000 } });
    expect(screen.getByText('Importing 20,000 leads… 60%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '60');
    // Another group's import is not this group's.
    await sendEvent('lead:import_progress', { groupId: 99, import: { ...running, doneRows: 19_000 } });
    expect(screen.getByText('Importing 20,000 leads… 60%')).toBeInTheDocument();

    const listCalls = bodiesSentTo(calls, '/api/lead/list').length;
    const done = { ...running, status: 'DONE', doneRows: 20_000, importedCount: 20_000 };
    await sendEvent('lead:import_progress', { groupId: testGroup.groupId, import: done });
    expect(screen.queryByText(/Importing/)).not.toBeInTheDocument();
    await waitFor(() => expect(bodiesSentTo(calls, '/api/lead/list').length).toBeGreaterThan(listCalls));
  });

  it('shows an import started elsewhere as soon as its progress comes', async () => {
    const sendEvent = playRealtimeEvents();
    answerCalls({ '/api/lead/list': leadsAnswer, '/api/lead/import/list': ok({ imports: [], totalCount: 0 }) });
    renderLeadList();
    await screen.findByRole('button', { name: 'IMPORT' });
    await sendEvent('lead:import_progress', { groupId: testGroup.groupId, import: running });
    expect(screen.getByText('Importing 20,000 leads… 45%')).toBeInTheDocument();
  });
});
