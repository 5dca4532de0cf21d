import { OPPORTUNITY_MESSAGES, type Opportunity, PAGE_SIZE } from '@leadcircle/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentAddress, renderWithAddress } from '../../../test/current-address';
import { answerCalls, bodiesSentTo, type FakeAnswer, holdAnswers } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { seedCurrentUser } from '../../../test/render-in-app';
import { rowOf } from '../../../test/table';
import { testOpportunity } from '../../../test/test-opportunity';
import { OpportunitiesPage } from './opportunities-page';

waitPatientlyForScreens();

beforeEach(() => seedCurrentUser());

const shared: Opportunity = {
  ...testOpportunity,
  opportunityId: 10,
  name: 'Warehouse fit-out',
  notes: 'Racking for two bays.',
  createdBy: 3,
  createdByName: 'Olive Rivera',
  sharedCount: 4,
  isOwner: false,
};
// A lead as /lead/get answers it, cut to what the dialog starts from.
const lead = {
  leadId: 31,
  fullName: 'Avery Buyer',
  company: 'Acme Corp',
  notes: 'Met at the expo.',
  address: {
    ...testOpportunity.address,
    streetOne: '350 Fifth Avenue',
    city: 'New York',
    stateAbbrv: 'NY',
    postal: '10118',
  },
};
const listOf = (opportunities: Opportunity[], totalCount = opportunities.length): FakeAnswer => ({
  status: 200,
  body: { opportunities, totalCount },
});

const renderList = (at = '/opportunities') => renderWithAddress(<OpportunitiesPage />, at);

describe('OpportunitiesPage', { timeout: 20_000 }, () => {
  it('lists the newest 50 with the columns of the spec; edit and remove only on the caller’s own', async () => {
    const calls = answerCalls({ '/api/opportunity/list': listOf([testOpportunity, shared]) });
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Opportunities' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Opportunities' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Opportunity Name', 'Owner', 'Description', 'Shared With', 'Actions']);

    await screen.findByText('Office move');
    expect(
      within(rowOf('Office move'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Office move', 'Dana Rivera', 'Two floors of desks and a server room.', '1', '']);
    expect(screen.getByRole('button', { name: 'Edit Office move' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Office move' })).toBeInTheDocument();
    expect(within(rowOf('Warehouse fit-out')).getByText('Olive Rivera')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Warehouse fit-out' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove Warehouse fit-out' })).not.toBeInTheDocument();

    expect(bodiesSentTo(calls, '/api/opportunity/list')).toEqual([
      { sort: 'CREATED', data: 1, start_position: 0, get_next: PAGE_SIZE },
    ]);
  });

  it('opens an opportunity’s information on a row click', async () => {
    answerCalls({ '/api/opportunity/list': listOf([testOpportunity]) });
    renderList();
    fireEvent.click(await screen.findByText('Office move'));
    expect(currentAddress()).toHaveTextContent('/opportunities/9/information');
  });

  it('asks for the next 50 on the next page', async () => {
    const calls = answerCalls({ '/api/opportunity/list': listOf([testOpportunity], PAGE_SIZE + 1) });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(bodiesSentTo(calls, '/api/opportunity/list')).toContainEqual({
        sort: 'CREATED',
        data: 1,
        start_position: PAGE_SIZE,
        get_next: PAGE_SIZE,
      }),
    );
  });

  it('says what to do when there is none yet', async () => {
    answerCalls({ '/api/opportunity/list': listOf([]) });
    renderList();
    expect(
      await screen.findByText(
        'You have no opportunities yet: create one, or open a lead and choose CREATE OPPORTUNITY.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's message when the list fails, or the spec's when it has none", async () => {
    answerCalls({ '/api/opportunity/list': { status: 503, body: { message: 'The database is not reachable.' } } });
    const { unmount } = renderList();
    expect(await screen.findByText('The database is not reachable.')).toBeInTheDocument();
    unmount();

    answerCalls({ '/api/opportunity/list': { status: 500, body: {} } });
    renderList();
    expect(await screen.findByText(OPPORTUNITY_MESSAGES.listFailed)).toBeInTheDocument();
  });

  it('shows a spinner while the list loads', async () => {
    const { held, release } = holdAnswers();
    answerCalls({ '/api/opportunity/list': { ...listOf([testOpportunity]), after: held } });
    renderList();
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    await release();
    expect(await screen.findByText('Office move')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('opens the create dialog on CREATE OPPORTUNITY, and from the home screen’s ?new=1', async () => {
    answerCalls({ '/api/opportunity/list': listOf([]) });
    const { unmount } = renderList();
    fireEvent.click(screen.getByRole('button', { name: 'CREATE OPPORTUNITY' }));
    expect(screen.getByRole('dialog', { name: 'Create Opportunity' })).toBeInTheDocument();
    unmount();

    renderList('/opportunities?new=1');
    expect(screen.getByRole('dialog', { name: 'Create Opportunity' })).toBeInTheDocument();
  });

  it('opens the edit dialog with the opportunity’s values', async () => {
    answerCalls({ '/api/opportunity/list': listOf([testOpportunity]) });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Office move' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Opportunity' }));
    expect(dialog.getByLabelText('Name')).toHaveValue('Office move');
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('from a lead (?lead_id=) starts the dialog with the lead’s company and name; created, it says so', async () => {
    const calls = answerCalls({
      '/api/opportunity/list': listOf([]),
      '/api/lead/get': { status: 200, body: lead },
      '/api/opportunity/set': { status: 200, body: { ...testOpportunity, opportunityId: 11 } },
    });
    renderList(`/opportunities?lead_id=${lead.leadId}`);
    const dialog = await screen.findByRole('dialog', { name: 'Create Opportunity' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Acme Corp - Avery Buyer');
    expect(within(dialog).getByText("The lead's person becomes the opportunity's first contact.")).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/lead/get')).toEqual([{ lead_id: lead.leadId }]);

    const create = within(dialog).getByRole('button', { name: 'Create' });
    await waitFor(() => expect(create).toBeEnabled());
    fireEvent.click(create);
    expect(await screen.findByText(OPPORTUNITY_MESSAGES.created)).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/opportunity/set')).toEqual([
      expect.objectContaining({ name: 'Acme Corp - Avery Buyer', notes: 'Met at the expo.', lead_id: lead.leadId }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentAddress()).toHaveTextContent(/^\/opportunities$/);
  });

  it('asks before deleting, then sends the opportunity’s id', async () => {
    const calls = answerCalls({
      '/api/opportunity/list': listOf([testOpportunity]),
      '/api/opportunity/delete': { status: 200, body: { message: OPPORTUNITY_MESSAGES.deleted } },
    });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Office move' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Delete Office move?' }));
    expect(
      confirm.getByText('This operation cannot be undone: its contacts and messages are deleted with it.'),
    ).toBeInTheDocument();
    fireEvent.click(confirm.getByRole('button', { name: 'DELETE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo(calls, '/api/opportunity/delete')).toEqual([{ opportunity_id: 9 }]);
  });

  it("says why a delete failed, in the server's words or the spec's", async () => {
    answerCalls({
      '/api/opportunity/list': listOf([testOpportunity]),
      '/api/opportunity/delete': [
        { status: 403, body: { message: OPPORTUNITY_MESSAGES.ownerOnly, code: 'OPPORTUNITY_OWNER_ONLY' } },
        { status: 500, body: {} },
      ],
    });
    renderList();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Office move' }));
    fireEvent.click(screen.getByRole('button', { name: 'DELETE' }));
    expect(await screen.findByText(OPPORTUNITY_MESSAGES.ownerOnly)).toBeInTheDocument();
    // The question stays open to try again.
    fireEvent.click(screen.getByRole('button', { name: 'DELETE' }));
    expect(await screen.findByText(OPPORTUNITY_MESSAGES.deleteFailed)).toBeInTheDocument();
  });
});
