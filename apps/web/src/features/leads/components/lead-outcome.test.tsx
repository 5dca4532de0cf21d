import { OUTCOME_MESSAGES } from '@leadcircle/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerCalls, bodiesSentTo } from '../../../test/fake-server';
import { renderInApp, seedCurrentUser, testUser } from '../../../test/render-in-app';
import { LeadOutcome } from './lead-outcome';
import { testLead } from './test-lead';

beforeEach(() => seedCurrentUser());

const othersLead = { ...testLead, isOwner: false, createdBy: 3, ownerName: 'Olive Rivera' };
const emptyTimeline = { leadId: othersLead.leadId, outcome: null, canRecord: false, canConfirm: false, steps: [] };
const byAssignee = { reportedBySubmitter: false, confirmedBy: null, confirmedAt: null };
const won = {
  leadId: othersLead.leadId,
  outcome: {
    stage: 'WON',
    at: '2026-11-25T10:00:00.000Z',
    amountCents: 1_200_000,
    lostReason: null,
    unconfirmed: false,
  },
  canRecord: true,
  canConfirm: false,
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
      ...byAssignee,
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
      ...byAssignee,
    },
  ],
};

// The submitter reported Won on a lead nobody took; the group's owner (the caller) may confirm it.
const reportedStep = {
  stepId: 3,
  stage: 'WON',
  amountCents: 500_000,
  lostReason: null,
  note: null,
  userId: 3,
  userName: 'Olive Rivera',
  createdAt: '2026-11-25T10:00:00.000Z',
  reportedBySubmitter: true,
  confirmedBy: null,
  confirmedAt: null,
};
const reported = {
  leadId: othersLead.leadId,
  outcome: { stage: 'WON', at: reportedStep.createdAt, amountCents: 500_000, lostReason: null, unconfirmed: true },
  canRecord: false,
  canConfirm: true,
  steps: [reportedStep],
};
const confirmed = {
  ...reported,
  outcome: { ...reported.outcome, unconfirmed: false },
  canConfirm: false,
  steps: [
    {
      ...reportedStep,
      confirmedBy: { userId: testUser.userId, userName: 'Dana Rivera' },
      confirmedAt: '2026-11-26T09:00:00.000Z',
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

  it('labels a step reported by the submitter, not yet confirmed; CONFIRM confirms it for whoever may', async () => {
    const calls = answerCalls({
      '/api/lead/outcome/list': { status: 200, body: reported },
      '/api/lead/outcome/confirm': { status: 200, body: confirmed },
    });
    renderInApp(<LeadOutcome lead={othersLead} />);
    const [step] = await screen.findAllByRole('listitem');
    expect(step).toHaveTextContent('reported by the submitter');
    expect(step).toHaveTextContent('Not yet confirmed');
    expect(screen.queryByRole('button', { name: 'RECORD PROGRESS' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'CONFIRM' }));
    await waitFor(() =>
      expect(bodiesSentTo(calls, '/api/lead/outcome/confirm')).toEqual([{ lead_id: othersLead.leadId }]),
    );
    await waitFor(() => expect(screen.queryByText('Not yet confirmed')).not.toBeInTheDocument());
    const [after] = screen.getAllByRole('listitem');
    expect(after).toHaveTextContent('reported by the submitter');
    expect(after).toHaveTextContent('confirmed by Dana Rivera');
    expect(screen.queryByRole('button', { name: 'CONFIRM' })).not.toBeInTheDocument();
  });

  it('shows the submitter of an assigned lead the timeline without RECORD PROGRESS or CONFIRM', async () => {
    answerCalls({ '/api/lead/outcome/list': { status: 200, body: { ...won, canRecord: false } } });
    renderInApp(<LeadOutcome lead={{ ...testLead, assignedTo: { userId: 5, fullName: 'Milo Rivera' } }} />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'RECORD PROGRESS' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'CONFIRM' })).not.toBeInTheDocument();
    expect(screen.queryByText('reported by the submitter')).not.toBeInTheDocument();
  });

  it('says why a confirmation failed', async () => {
    answerCalls({
      '/api/lead/outcome/list': { status: 200, body: reported },
      '/api/lead/outcome/confirm': {
        status: 409,
        body: { message: OUTCOME_MESSAGES.nothingToConfirm, code: 'LEAD_OUTCOME_NOTHING_TO_CONFIRM' },
      },
    });
    renderInApp(<LeadOutcome lead={othersLead} />);
    fireEvent.click(await screen.findByRole('button', { name: 'CONFIRM' }));
    expect(await screen.findByText(OUTCOME_MESSAGES.nothingToConfirm)).toBeInTheDocument();
  });
});
