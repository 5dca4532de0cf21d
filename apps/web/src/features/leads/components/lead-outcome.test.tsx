import { OUTCOME_MESSAGES } from '@leadcircle/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerCalls, bodiesSentTo } from '../../../test/fake-server';
import { renderInApp, seedCurrentUser, testUser } from '../../../test/render-in-app';
import { LeadOutcome } from './lead-outcome';
import { testLead } from './test-lead';

beforeEach(() => seedCurrentUser());

const othersLead = { ...testLead, isOwner: false, createdBy: 3, ownerName: 'Olive Rivera' };
const emptyTimeline = { leadId: othersLead.leadId, outcome: null, canRecord: false, steps: [] };
const won = {
  leadId: othersLead.leadId,
  outcome: { stage: 'WON', at: '2026-11-25T10:00:00.000Z', amountCents: 1_200_000, lostReason: null },
  canRecord: true,
  steps: [
    {
      stepId: 1,
      stage: 'MEETING',
      amountCents: null,
      lostReason: null,
      note: 'Demo on Tuesday.',
      userId: testUser.userId,
      userName: 'Dana Rivera',
      createdAt: '2026-11-24T10:00:00.000Z',
    },
    {
      stepId: 2,
      stage: 'WON',
      amountCents: 1_200_000,
      lostReason: null,
      note: null,
      userId: testUser.userId,
      userName: 'Dana Rivera',
      createdAt: '2026-11-25T10:00:00.000Z',
    },
  ],
};

describe("a lead's Outcome", () => {
  it('shows the timeline oldest first and the outcome; RECORD PROGRESS only when the caller may record', async () => {
    answerCalls({ '/api/lead/outcome/list': { status: 200, body: won } });
    renderInApp(
      <LeadOutcome lead={{ ...othersLead, assignedTo: { userId: testUser.userId, fullName: 'Dana Rivera' } }} />,
    );
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Meeting', 'Won: $12,000.00']);
    expect(items[0]).toHaveTextContent('Demo on Tuesday.');
    expect(screen.getByLabelText('Outcome: Won: $12,000.00')).toBeInTheDocument();
    expect(screen.getByText('Assigned to Dana Rivera')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'RECORD PROGRESS' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'TAKE THIS LEAD' })).not.toBeInTheDocument();
  });

  it('lets a member take an unassigned lead; taken meanwhile, it says so and reads the lead again', async () => {
    const calls = answerCalls({
      '/api/lead/outcome/list': { status: 200, body: emptyTimeline },
      '/api/lead/assign': {
        status: 409,
        body: { message: OUTCOME_MESSAGES.alreadyAssigned, code: 'LEAD_ALREADY_ASSIGNED' },
      },
      '/api/lead/get': { status: 200, body: { ...othersLead, assignedTo: { userId: 5, fullName: 'Milo Rivera' } } },
    });
    renderInApp(<LeadOutcome lead={othersLead} />);
    expect(await screen.findByText('No progress recorded yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'RECORD PROGRESS' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'TAKE THIS LEAD' }));
    expect(await screen.findByText(OUTCOME_MESSAGES.alreadyAssigned)).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/lead/assign')).toEqual([
      { group_id: othersLead.groupId, lead_id: othersLead.leadId, user_id: testUser.userId },
    ]);
    await waitFor(() => expect(bodiesSentTo(calls, '/api/lead/get')).toEqual([{ lead_id: othersLead.leadId }]));
  });

  it('offers no TAKE THIS LEAD to the member who submitted it', async () => {
    answerCalls({ '/api/lead/outcome/list': { status: 200, body: { ...emptyTimeline, canRecord: true } } });
    renderInApp(<LeadOutcome lead={testLead} />);
    expect(await screen.findByRole('button', { name: 'RECORD PROGRESS' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'TAKE THIS LEAD' })).not.toBeInTheDocument();
  });
});
