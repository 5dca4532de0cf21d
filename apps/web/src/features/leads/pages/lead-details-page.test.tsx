import { ROUTES } from '@leadcircle/shared';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { store } from '../../../app/store';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { leadsApi } from '../api';
import { testLead } from '../components/test-lead';
import { LeadDetailsPage } from './lead-details-page';

// The server's answers to /lead/get, one per call, as a real server would give them; comments are empty.
function answerLeadGets(...answers: { status: number; body: unknown }[]) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : String(input);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.endsWith('/api/chat/lead/list')) return json(200, { roomId: testLead.roomId, messages: [], totalCount: 0 });
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    return json(next.status, next.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no origin for Node's Request to resolve '/api/…' against, and Node's Request refuses
  // jsdom's AbortSignal: the app's requests are built against the page's address, without the signal.
  const NodeRequest = globalThis.Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, window.location.href) : input, { ...init, signal: null });
      }
    },
  );
}

async function refetchLead() {
  await act(async () => {
    await store.dispatch(leadsApi.endpoints.getLead.initiate(testLead.leadId, { forceRefetch: true }));
  });
}

afterEach(() => {
  // Unmounted first, so no query of the page runs again once the server is gone.
  cleanup();
  store.dispatch(leadsApi.util.resetApiState());
  vi.unstubAllGlobals();
});

const path = ROUTES.groupLead;
const at = `/groups/${testLead.groupId}/leads/${testLead.leadId}`;

describe('LeadDetailsPage', () => {
  it('keeps the lead on screen when one refresh fails for a moment', async () => {
    await seedCurrentUser();
    answerLeadGets(
      { status: 200, body: testLead },
      { status: 503, body: { message: 'The database is not reachable.', code: 'NOT_READY' } },
    );
    renderInApp(<LeadDetailsPage />, { path, initialEntry: at });
    expect(await screen.findByRole('heading', { level: 1, name: 'Avery Buyer' })).toBeInTheDocument();
    await refetchLead();
    expect(screen.getByRole('heading', { level: 1, name: 'Avery Buyer' })).toBeInTheDocument();
    expect(screen.queryByText('The database is not reachable.')).not.toBeInTheDocument();
  });

  it('says so when the lead is deleted while it is open', async () => {
    await seedCurrentUser();
    answerLeadGets(
      { status: 200, body: testLead },
      { status: 404, body: { message: 'This lead does not exist.', code: 'LEAD_NOT_FOUND' } },
    );
    renderInApp(<LeadDetailsPage />, { path, initialEntry: at });
    expect(await screen.findByRole('heading', { level: 1, name: 'Avery Buyer' })).toBeInTheDocument();
    await refetchLead();
    expect(await screen.findByText('This lead does not exist.')).toBeInTheDocument();
  });
});
