import { OPPORTUNITY_MESSAGES, ROUTES } from '@leadcircle/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerCalls, bodiesSentTo, type FakeAnswer, holdAnswers } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { sharedOpportunityDetail, testOpportunityDetail } from '../../../test/test-opportunity';
import { OpportunityInformationPage } from './opportunity-information-page';
import { OpportunityLayout } from './opportunity-layout';
import { OpportunityMessagesPage } from './opportunity-messages-page';

waitPatientlyForScreens();

beforeEach(() => seedCurrentUser());

// The room as the chat area would draw it: its empty state above a message field.
const children = [
  { path: ROUTES.opportunityInformation, element: <OpportunityInformationPage /> },
  {
    path: ROUTES.opportunityMessages,
    element: (
      <OpportunityMessagesPage
        renderRoom={(roomId, emptyState) => (
          <>
            <p>Room {roomId}</p>
            {emptyState}
            <textarea aria-label="Message" />
          </>
        )}
      />
    ),
  },
];

const renderOpportunity = (tab: 'information' | 'messages' = 'information', id: number | string = 9) =>
  renderInApp(<OpportunityLayout />, {
    path: ROUTES.opportunity,
    initialEntry: `/opportunities/${id}/${tab}`,
    children,
  });
const answerGet = (answer: FakeAnswer) => answerCalls({ '/api/opportunity/get': answer });
const title = { level: 1, name: 'Office move' } as const;

describe('an opportunity’s page', { timeout: 20_000 }, () => {
  it('shows its name, SHARE and Settings to the owner, and the three tabs, Information open', async () => {
    const calls = answerGet({ status: 200, body: testOpportunityDetail });
    renderOpportunity();
    expect(await screen.findByRole('heading', title)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to opportunities' })).toHaveAttribute('href', '/opportunities');
    expect(screen.getByRole('button', { name: 'SHARE' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/opportunities/9/settings');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Information', 'Messages', 'Contacts']);
    expect(screen.getByRole('tab', { name: 'Information', selected: true })).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/opportunity/get')).toEqual([{ opportunity_id: 9 }]);
  });

  it('shows a person it is shared with Settings but no SHARE', async () => {
    answerGet({ status: 200, body: sharedOpportunityDetail });
    renderOpportunity();
    expect(await screen.findByRole('heading', title)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SHARE' })).not.toBeInTheDocument();
  });

  it('opens the share dialog on SHARE', async () => {
    answerGet({ status: 200, body: testOpportunityDetail });
    renderOpportunity();
    fireEvent.click(await screen.findByRole('button', { name: 'SHARE' }));
    expect(screen.getByRole('dialog', { name: 'Share opportunity' })).toBeInTheDocument();
  });

  it('shows a spinner until the opportunity has come', async () => {
    const { held, release } = holdAnswers();
    answerGet({ status: 200, body: testOpportunityDetail, after: held });
    renderOpportunity();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Opportunity' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await release();
    expect(await screen.findByRole('heading', title)).toBeInTheDocument();
  });

  it("says the server's reason when it cannot be opened, with no tabs", async () => {
    answerGet({ status: 404, body: { message: OPPORTUNITY_MESSAGES.notFound, code: 'OPPORTUNITY_NOT_FOUND' } });
    renderOpportunity();
    expect(await screen.findByRole('alert')).toHaveTextContent(OPPORTUNITY_MESSAGES.notFound);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('says it does not exist, without asking, when the address holds no id', async () => {
    const calls = answerCalls({});
    renderOpportunity('information', 'abc');
    expect(screen.getByRole('alert')).toHaveTextContent(OPPORTUNITY_MESSAGES.notFound);
    expect(calls).toEqual([]);
  });
});

describe('the Information tab', { timeout: 20_000 }, () => {
  it('shows the description, the location with its map, the owner and who it is shared with', async () => {
    answerGet({ status: 200, body: testOpportunityDetail });
    renderOpportunity();
    expect(await screen.findByText('Two floors of desks and a server room.')).toBeInTheDocument();
    expect(screen.getByText('1 Market Street, San Francisco, CA 94105')).toBeInTheDocument();
    expect(screen.getByText('Dana Rivera')).toBeInTheDocument();
    const sharedWith = within(screen.getByRole('region', { name: 'Shared With' }));
    expect(sharedWith.getByRole('heading', { name: 'Shared With (1)' })).toBeInTheDocument();
    expect(sharedWith.getByText('Sam Lee')).toBeInTheDocument();
    // Reading only: taking a share back is on the settings page.
    expect(sharedWith.queryByRole('button', { name: 'Remove Sam Lee' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Map' })).toBeInTheDocument();
    expect(screen.queryByText('There is no map for this address.')).not.toBeInTheDocument();
  });

  it('says there is no map for an address without coordinates', async () => {
    const address = { ...testOpportunityDetail.address, latitude: null, longitude: null };
    answerGet({ status: 200, body: { ...testOpportunityDetail, address } });
    renderOpportunity();
    expect(await screen.findByText('There is no map for this address.')).toBeInTheDocument();
  });
});

describe('the Messages tab', { timeout: 20_000 }, () => {
  it('shows the opportunity’s room with the spec’s empty state; START A NEW CONVERSATION goes to the message field', async () => {
    answerGet({ status: 200, body: testOpportunityDetail });
    renderOpportunity('messages');
    const messages = await screen.findByRole('region', { name: 'Messages' });
    expect(screen.getByRole('tab', { name: 'Messages', selected: true })).toBeInTheDocument();
    expect(within(messages).getByText(`Room ${testOpportunityDetail.roomId}`)).toBeInTheDocument();
    expect(within(messages).getByText(OPPORTUNITY_MESSAGES.messagesEmpty)).toBeInTheDocument();
    fireEvent.click(within(messages).getByRole('button', { name: OPPORTUNITY_MESSAGES.startConversation }));
    expect(within(messages).getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });
});
