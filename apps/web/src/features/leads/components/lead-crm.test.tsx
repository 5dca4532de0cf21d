import { SERVER_EVENTS } from '@leadcircle/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerCalls, bodiesSentTo } from '../../../test/fake-server';
import { playRealtimeEvents } from '../../../test/realtime-events';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { LeadCrm } from './lead-crm';
import { testLead } from './test-lead';

const recordUrl = 'https://acme.my.salesforce.com/lightning/r/Lead/00Q000000000001/view';

describe('LeadCrm', { timeout: 20_000 }, () => {
  it('shows nothing when the business has no CRM', async () => {
    await seedCurrentUser();
    const calls = answerCalls({
      '/api/crm/lead/get': { status: 200, body: { leadId: testLead.leadId, provider: null, push: null } },
    });
    const { container } = renderInApp(<LeadCrm lead={testLead} />);
    await screen.findByText(() => false).catch(() => {});
    expect(bodiesSentTo(calls, '/api/crm/lead/get')).toEqual([{ lead_id: testLead.leadId }]);
    expect(container.querySelector('button')).toBeNull();
  });

  it('SEND TO SALESFORCE shows Sending…, then In Salesforce with the link when the event comes', async () => {
    await seedCurrentUser();
    const play = playRealtimeEvents();
    const sending = {
      leadId: testLead.leadId,
      provider: 'SALESFORCE',
      push: { state: 'SENDING', recordUrl: null, sentAt: null, error: null, updatedAt: '2026-11-22T12:00:00.000Z' },
    };
    // The state is read again after the send's answer (the job may already have finished).
    const calls = answerCalls({
      '/api/crm/lead/get': [
        { status: 200, body: { leadId: testLead.leadId, provider: 'SALESFORCE', push: null } },
        { status: 200, body: sending },
      ],
      '/api/crm/lead/send': { status: 200, body: sending },
    });
    renderInApp(<LeadCrm lead={testLead} />);
    fireEvent.click(await screen.findByRole('button', { name: 'SEND TO SALESFORCE' }));
    expect(await screen.findByText('Sending…')).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/crm/lead/send')).toEqual([{ lead_id: testLead.leadId }]);
    await waitFor(() => expect(bodiesSentTo(calls, '/api/crm/lead/get')).toHaveLength(2));
    await play(SERVER_EVENTS.crmLead, {
      leadId: testLead.leadId,
      provider: 'SALESFORCE',
      push: {
        state: 'SENT',
        recordUrl,
        sentAt: '2026-11-22T12:00:01.000Z',
        error: null,
        updatedAt: '2026-11-22T12:00:01.000Z',
      },
    });
    expect(await screen.findByRole('link', { name: 'In Salesforce' })).toHaveAttribute('href', recordUrl);
    expect(screen.getByRole('button', { name: 'SEND TO SALESFORCE AGAIN' })).toBeEnabled();
  });

  it("shows the CRM's refusal in its own words", async () => {
    await seedCurrentUser();
    answerCalls({
      '/api/crm/lead/get': {
        status: 200,
        body: {
          leadId: testLead.leadId,
          provider: 'HUBSPOT',
          push: {
            state: 'FAILED',
            recordUrl: null,
            sentAt: null,
            error: 'Property values were not valid.',
            updatedAt: '2026-11-22T12:00:00.000Z',
          },
        },
      },
    });
    renderInApp(<LeadCrm lead={testLead} />);
    expect(await screen.findByText('Property values were not valid.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SEND TO HUBSPOT' })).toBeEnabled();
  });
});
