import { OPPORTUNITY_MESSAGES, ROUTES } from '@leadcircle/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerCalls, bodiesSentTo, holdAnswers } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { sharedOpportunityDetail, testOpportunityDetail } from '../../../test/test-opportunity';
import { OpportunitySettingsPage } from './opportunity-settings-page';

waitPatientlyForScreens();

beforeEach(() => seedCurrentUser());

// Opened directly: going back means the opportunity's information.
const renderSettings = (id: number | string = 9) =>
  renderInApp(<Outlet />, {
    path: ROUTES.opportunity,
    initialEntry: `/opportunities/${id}/settings`,
    children: [
      { path: ROUTES.opportunitySettings, element: <OpportunitySettingsPage /> },
      { path: ROUTES.opportunityInformation, element: <p>The information tab</p> },
    ],
  });
const messagesSwitch = () => screen.getByRole('switch', { name: 'Messages' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));

describe('OpportunitySettingsPage', { timeout: 20_000 }, () => {
  it('shows the owner SHARE, the people it is shared with, the Messages switch as stored, Cancel and SAVE', async () => {
    const calls = answerCalls({ '/api/opportunity/get': { status: 200, body: testOpportunityDetail } });
    renderSettings();
    expect(screen.getByRole('heading', { level: 1, name: 'Opportunity settings' })).toBeInTheDocument();
    expect(await screen.findByText('Office move')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SHARE' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Shared With (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Sam Lee' })).toBeInTheDocument();
    expect(messagesSwitch()).toBeChecked();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/opportunity/get')).toEqual([{ opportunity_id: 9 }]);
  });

  it('shows a person it is shared with their switch, and neither SHARE nor taking shares back', async () => {
    answerCalls({
      '/api/opportunity/get': { status: 200, body: { ...sharedOpportunityDetail, settings: { messages: false } } },
    });
    renderSettings();
    expect(await screen.findByText('Office move')).toBeInTheDocument();
    expect(messagesSwitch()).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'SHARE' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Sam Lee' })).not.toBeInTheDocument();
  });

  it('saves the switch, says so and goes back to the opportunity', async () => {
    const calls = answerCalls({
      '/api/opportunity/get': { status: 200, body: testOpportunityDetail },
      '/api/opportunity/settings/update': {
        status: 200,
        body: { ...testOpportunityDetail, settings: { messages: false } },
      },
    });
    renderSettings();
    await screen.findByText('Office move');
    fireEvent.click(messagesSwitch());
    save();
    expect(await screen.findByText(OPPORTUNITY_MESSAGES.settingsUpdated)).toBeInTheDocument();
    expect(await screen.findByText('The information tab')).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/opportunity/settings/update')).toEqual([{ opportunity_id: 9, messages: false }]);
  });

  it('goes back on Cancel without saving', async () => {
    const calls = answerCalls({ '/api/opportunity/get': { status: 200, body: testOpportunityDetail } });
    renderSettings();
    await screen.findByText('Office move');
    fireEvent.click(messagesSwitch());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The information tab')).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/opportunity/settings/update')).toEqual([]);
  });

  it("stays with the server's reason when the save fails, or the spec's message when it gives none", async () => {
    answerCalls({
      '/api/opportunity/get': { status: 200, body: testOpportunityDetail },
      '/api/opportunity/settings/update': [
        { status: 503, body: { message: 'The database is not reachable.' } },
        { status: 500, body: {} },
      ],
    });
    renderSettings();
    await screen.findByText('Office move');
    save();
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not reachable.');
    save();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(OPPORTUNITY_MESSAGES.settingsFailed));
    expect(screen.queryByText('The information tab')).not.toBeInTheDocument();
  });

  it('asks before taking a share back, then sends who, and reads the opportunity again', async () => {
    const calls = answerCalls({
      '/api/opportunity/get': [
        { status: 200, body: testOpportunityDetail },
        { status: 200, body: { ...testOpportunityDetail, sharedCount: 0, users: [] } },
      ],
      '/api/opportunity/user/remove': { status: 200, body: { message: 'Removed.' } },
    });
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Sam Lee' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Stop sharing with Sam Lee?' }));
    expect(
      confirm.getByText('They lose access to this opportunity, its contacts and its messages.'),
    ).toBeInTheDocument();
    fireEvent.click(confirm.getByRole('button', { name: 'REMOVE' }));
    expect(await screen.findByText('Nobody yet.')).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/opportunity/user/remove')).toEqual([{ opportunity_id: 9, user_id: 8 }]);
  });

  it("says why a share could not be taken back, in the server's words or the spec's", async () => {
    answerCalls({
      '/api/opportunity/get': { status: 200, body: testOpportunityDetail },
      '/api/opportunity/user/remove': { status: 500, body: {} },
    });
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Sam Lee' }));
    fireEvent.click(screen.getByRole('button', { name: 'REMOVE' }));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        OPPORTUNITY_MESSAGES.shareRemoveFailed,
      ),
    );
    expect(screen.getByText('Sam Lee')).toBeInTheDocument();
  });

  it('opens the share dialog on SHARE', async () => {
    answerCalls({ '/api/opportunity/get': { status: 200, body: testOpportunityDetail } });
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'SHARE' }));
    expect(screen.getByRole('dialog', { name: 'Share opportunity' })).toBeInTheDocument();
  });

  it('shows a spinner until the opportunity has come, and the reason when it cannot be opened', async () => {
    const { held, release } = holdAnswers();
    answerCalls({
      '/api/opportunity/get': {
        status: 404,
        body: { message: OPPORTUNITY_MESSAGES.notFound, code: 'OPPORTUNITY_NOT_FOUND' },
        after: held,
      },
    });
    renderSettings();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await release();
    expect(await screen.findByRole('alert')).toHaveTextContent(OPPORTUNITY_MESSAGES.notFound);
    expect(screen.queryByRole('button', { name: 'SAVE' })).not.toBeInTheDocument();
  });
});
