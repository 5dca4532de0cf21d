import { ROUTES } from '@leadcircle/shared';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { store } from '../../../core/store';
import { answerCalls, type FakeAnswer } from '../../../test/fake-server';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { leadsApi } from '../api';
import { testLead } from '../components/test-lead';
import { LeadDetailsPage } from './lead-details-page';

// The server's answers to /lead/get, one per call, as a real server would give them; comments are empty.
function answerLeadGets(...answers: FakeAnswer[]) {
  answerCalls({
    '/api/lead/get': answers,
    '/api/chat/lead/list': { status: 200, body: { roomId: testLead.roomId, messages: [], totalCount: 0 } },
  });
}

async function refetchLead() {
  await act(async () => {
    await store.dispatch(leadsApi.endpoints.getLead.initiate(testLead.leadId, { forceRefetch: true }));
  });
}

const path = ROUTES.groupLead;
const at = `/groups/${testLead.groupId}/leads/${testLead.leadId}`;
const title = { level: 1, name: 'Avery Buyer' } as const;

describe('LeadDetailsPage', () => {
  it('keeps the lead on screen when one refresh fails for a moment', async () => {
    await seedCurrentUser();
    answerLeadGets(
      { status: 200, body: testLead },
      { status: 503, body: { message: 'The database is not reachable.', code: 'NOT_READY' } },
    );
    renderInApp(<LeadDetailsPage />, { path, initialEntry: at });
    expect(await screen.findByRole('heading', title)).toBeInTheDocument();
    await refetchLead();
    expect(screen.getByRole('heading', title)).toBeInTheDocument();
    expect(screen.queryByText('The database is not reachable.')).not.toBeInTheDocument();
  });

  it('says so when the lead is deleted while it is open', async () => {
    await seedCurrentUser();
    answerLeadGets(
      { status: 200, body: testLead },
      { status: 404, body: { message: 'This lead does not exist.', code: 'LEAD_NOT_FOUND' } },
    );
    renderInApp(<LeadDetailsPage />, { path, initialEntry: at });
    expect(await screen.findByRole('region', { name: 'Lead' })).toBeInTheDocument();
    await refetchLead();
    expect(await screen.findByText('This lead does not exist.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lead' })).not.toBeInTheDocument();
  });

  it('says so when the caller leaves the group while the lead is open', async () => {
    await seedCurrentUser();
    answerLeadGets(
      { status: 200, body: testLead },
      { status: 403, body: { message: 'You are not a member of this group.', code: 'GROUP_NOT_MEMBER' } },
    );
    renderInApp(<LeadDetailsPage />, { path, initialEntry: at });
    expect(await screen.findByRole('region', { name: 'Lead' })).toBeInTheDocument();
    await refetchLead();
    expect(await screen.findByText('You are not a member of this group.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lead' })).not.toBeInTheDocument();
  });

  it('offers EDIT to the lead owner', async () => {
    await seedCurrentUser();
    answerLeadGets({ status: 200, body: testLead });
    renderInApp(<LeadDetailsPage />, { path, initialEntry: at });
    expect(await screen.findByRole('heading', title)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'EDIT' })).toBeInTheDocument();
  });

  it('does not offer EDIT to the other members', async () => {
    await seedCurrentUser();
    answerLeadGets({ status: 200, body: { ...testLead, isOwner: false, createdBy: 8, ownerName: 'Sam Lee' } });
    renderInApp(<LeadDetailsPage />, { path, initialEntry: at });
    expect(await screen.findByRole('heading', title)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CREATE OPPORTUNITY' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'EDIT' })).not.toBeInTheDocument();
  });
});
