import { OPPORTUNITY_MESSAGES } from '@leadcircle/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, bodiesSentTo } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { testOpportunity } from '../../../test/test-opportunity';
import { OpportunityDialog } from './opportunity-dialog';

waitPatientlyForScreens();

beforeEach(() => seedCurrentUser());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name: string) => screen.getByRole('button', { name });
const address = { street_one: '1 Market Street', city: 'San Francisco', state_abbrv: 'CA' as const, postal: '94105' };
// A valid form from the start: CREATE OPPORTUNITY on a lead.
const fromLead = { leadId: 12, values: { name: 'Acme - Avery Buyer', notes: 'Budget approved.', address } };

describe('OpportunityDialog', () => {
  it('shows the spec’s messages, the mismatched too-long ones included', { timeout: 20_000 }, async () => {
    renderInApp(<OpportunityDialog onClose={() => {}} onSuccess={() => {}} />);
    type('Name', 'abc');
    expect(await screen.findByText(OPPORTUNITY_MESSAGES.tooShort)).toBeInTheDocument();
    type('Name', 'n'.repeat(501));
    expect(await screen.findByText('Must be less than 50 characters')).toBeInTheDocument();
    type('Name', '');
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    type('Description', 'd'.repeat(501));
    expect(await screen.findByText('Must be less than 300 characters')).toBeInTheDocument();
    type('Description', '');
    expect(await screen.findByText('Description is required')).toBeInTheDocument();
    expect(submit('Create')).toBeDisabled();
  });

  it('names its address part Location, with the spec’s message', { timeout: 20_000 }, async () => {
    renderInApp(<OpportunityDialog onClose={() => {}} onSuccess={() => {}} />);
    expect(screen.getByRole('group', { name: 'Location' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Address' })).toBeNull();
    type('Street', '1 Market Street');
    type('Street', '');
    expect(await screen.findByText(OPPORTUNITY_MESSAGES.locationRequired)).toBeInTheDocument();
  });

  it('from a lead starts with its values and sends lead_id', { timeout: 20_000 }, async () => {
    const calls = answerCalls({ '/api/opportunity/set': { status: 200, body: { opportunityId: 4 } } });
    const onSuccess = vi.fn();
    renderInApp(<OpportunityDialog fromLead={fromLead} onClose={() => {}} onSuccess={onSuccess} />);
    expect(screen.getByLabelText('Name')).toHaveValue('Acme - Avery Buyer');
    await waitFor(() => expect(submit('Create')).toBeEnabled());
    fireEvent.click(submit('Create'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(bodiesSentTo(calls, '/api/opportunity/set')[0]).toMatchObject({
      name: 'Acme - Avery Buyer',
      notes: 'Budget approved.',
      lead_id: 12,
      address: { street_one: '1 Market Street', postal: '94105' },
    });
  });

  it("shows the server's refusal in the dialog, or the spec's message when it gives none, and stays open", {
    timeout: 20_000,
  }, async () => {
    answerCalls({
      '/api/opportunity/set': [
        { status: 422, body: { message: 'You have too many opportunities.', code: 'X' } },
        { status: 500, body: {} },
      ],
    });
    const onSuccess = vi.fn();
    renderInApp(<OpportunityDialog fromLead={fromLead} onClose={() => {}} onSuccess={onSuccess} />);
    await waitFor(() => expect(submit('Create')).toBeEnabled());
    fireEvent.click(submit('Create'));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have too many opportunities.');
    fireEvent.click(submit('Create'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(OPPORTUNITY_MESSAGES.createFailed));
    expect(screen.getByRole('dialog', { name: 'Create Opportunity' })).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });
});

describe('OpportunityDialog in edit mode', () => {
  it('starts from the opportunity, enables Save only after a change, and sends the update', {
    timeout: 20_000,
  }, async () => {
    const calls = answerCalls({
      '/api/opportunity/update': { status: 200, body: { ...testOpportunity, notes: 'Three floors.' } },
    });
    const onSuccess = vi.fn();
    renderInApp(<OpportunityDialog opportunity={testOpportunity} onClose={() => {}} onSuccess={onSuccess} />);
    expect(screen.getByRole('dialog', { name: 'Edit Opportunity' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Office move');
    expect(screen.getByLabelText('Description')).toHaveValue(testOpportunity.notes);
    expect(screen.getByLabelText('Street')).toHaveValue('1 Market Street');
    expect(submit('Save')).toBeDisabled();

    type('Description', 'Three floors.');
    await waitFor(() => expect(submit('Save')).toBeEnabled());
    fireEvent.click(submit('Save'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(bodiesSentTo(calls, '/api/opportunity/update')).toEqual([
      expect.objectContaining({
        opportunity_id: 9,
        name: 'Office move',
        notes: 'Three floors.',
        address: expect.objectContaining({ street_one: '1 Market Street', city: 'San Francisco', postal: '94105' }),
      }),
    ]);
  });

  it("falls back to the spec's message when an update fails without one", { timeout: 20_000 }, async () => {
    answerCalls({ '/api/opportunity/update': { status: 500, body: {} } });
    renderInApp(<OpportunityDialog opportunity={testOpportunity} onClose={() => {}} onSuccess={() => {}} />);
    type('Name', 'Office move, phase two');
    await waitFor(() => expect(submit('Save')).toBeEnabled());
    fireEvent.click(submit('Save'));
    expect(await screen.findByRole('alert')).toHaveTextContent(OPPORTUNITY_MESSAGES.updateFailed);
    expect(screen.getByRole('dialog', { name: 'Edit Opportunity' })).toBeInTheDocument();
  });
});
