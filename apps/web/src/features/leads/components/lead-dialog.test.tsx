import { LEAD_MESSAGES, LEAD_NOTES_MAX } from '@leadcircle/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, bodiesSentTo, type FakeAnswer } from '../../../test/fake-server';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { LeadDialog } from './lead-dialog';
import { testLead as lead } from './test-lead';

beforeEach(() => seedCurrentUser());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const blur = (label: string) => fireEvent.blur(screen.getByLabelText(label));
const submit = (name: string) => screen.getByRole('button', { name });

/** Everything but a valid ZIP code: not five digits yet, so no lookup is made. */
function fillLeadButZip() {
  type('First Name', 'Avery');
  type('Last Name', 'Buyer');
  type('Position', 'VP Sales');
  type('Company', 'Acme Corp');
  type('Email', 'avery@acme.example');
  type('Street', '350 Fifth Avenue');
  type('City', 'New York');
  fireEvent.change(screen.getByLabelText('State'), { target: { value: 'NY' } });
  type('ZIP code', '1011');
}

// The ZIP lookup's answer for the address typed by hand above.
const zipAnswer: FakeAnswer = {
  status: 200,
  body: { postal: '10118', city: 'New York', stateAbbrv: 'NY', latitude: 40.7484, longitude: -73.9857 },
};

/** A complete form; its five-digit ZIP code is looked up (answered by zipAnswer). */
async function fillValidLead() {
  fillLeadButZip();
  type('ZIP code', '10118');
  await waitFor(() => expect(submit('Create')).toBeEnabled());
}

// The dialog's form rules load on first use; on a busy machine a test's first render can take seconds.
const DIALOG_TEST = { timeout: 20_000 };

describe("LeadDialog in add mode: the lead form's rules, messages and contact kinds", DIALOG_TEST, () => {
  it('keeps submit disabled until the form is valid', async () => {
    renderInApp(<LeadDialog groupId={4} onClose={() => {}} onSuccess={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Create Lead' })).toBeInTheDocument();
    expect(submit('Create')).toBeDisabled();
    const calls = answerCalls({ '/api/address/zip': zipAnswer });
    fillLeadButZip();
    // The ZIP code's message shows once the field is left.
    blur('ZIP code');
    expect(await screen.findByText(LEAD_MESSAGES.postalInvalid)).toBeInTheDocument();
    expect(submit('Create')).toBeDisabled();
    expect(bodiesSentTo(calls, '/api/address/zip')).toEqual([]);

    // The last missing part: the form is valid.
    type('ZIP code', '10118');
    await waitFor(() => expect(submit('Create')).toBeEnabled());
    expect(screen.queryByText(LEAD_MESSAGES.postalInvalid)).not.toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveValue('New York');
    expect(screen.getByLabelText('State')).toHaveValue('NY');
  });

  it('enables Create when the ZIP code, typed last, fills city and state itself', async () => {
    answerCalls({ '/api/address/zip': zipAnswer });
    renderInApp(<LeadDialog groupId={4} onClose={() => {}} onSuccess={() => {}} />);
    type('Notes', 'Met at the expo.');
    type('First Name', 'Avery');
    type('Last Name', 'Buyer');
    type('Position', 'VP Sales');
    type('Company', 'Acme Corp');
    type('Email', 'avery@acme.example');
    type('Street', '350 Fifth Avenue');
    for (const typed of ['1', '10', '101', '1011', '10118']) type('ZIP code', typed);
    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('New York'));
    expect(screen.getByLabelText('State')).toHaveValue('NY');
    await waitFor(() => expect(submit('Create')).toBeEnabled());
  });

  it("shows the server's message when the lead cannot be created, and stays open", async () => {
    const calls = answerCalls({
      '/api/address/zip': zipAnswer,
      '/api/lead/create': { status: 503, body: { message: 'The database is not reachable.', code: 'NOT_READY' } },
    });
    const onSuccess = vi.fn();
    renderInApp(<LeadDialog groupId={4} onClose={() => {}} onSuccess={onSuccess} />);
    await fillValidLead();
    fireEvent.click(submit('Create'));

    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not reachable.');
    expect(screen.getByRole('dialog', { name: 'Create Lead' })).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    // The kinds not chosen (phone, LinkedIn) are sent empty.
    expect(bodiesSentTo(calls, '/api/lead/create')).toEqual([
      {
        group_id: 4,
        lead: expect.objectContaining({
          lead_id: 0,
          first_name: 'Avery',
          last_name: 'Buyer',
          title: 'VP Sales',
          company: 'Acme Corp',
          email: 'avery@acme.example',
          phone: '',
          linkedin: '',
          address: expect.objectContaining({
            street_one: '350 Fifth Avenue',
            city: 'New York',
            state_abbrv: 'NY',
            postal: '10118',
          }),
        }),
      },
    ]);
  });

  it("falls back to the spec's message when the failure says nothing", async () => {
    answerCalls({ '/api/address/zip': zipAnswer, '/api/lead/create': { status: 500, body: {} } });
    renderInApp(<LeadDialog groupId={4} onClose={() => {}} onSuccess={() => {}} />);
    await fillValidLead();
    fireEvent.click(submit('Create'));

    expect(await screen.findByRole('alert')).toHaveTextContent(LEAD_MESSAGES.createFailed);
    expect(screen.getByRole('dialog', { name: 'Create Lead' })).toBeInTheDocument();
  });

  it("shows the spec's messages", async () => {
    renderInApp(<LeadDialog groupId={4} onClose={() => {}} onSuccess={() => {}} />);
    type('First Name', 'A');
    type('First Name', '');
    expect(await screen.findByText(LEAD_MESSAGES.firstNameRequired)).toBeInTheDocument();

    // The only chosen kind emptied.
    type('Email', 'a@b.example');
    type('Email', '');
    expect(await screen.findByText(LEAD_MESSAGES.contactRequired)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'ADD CONTACT INFO' }));
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'LinkedIn' }));
    type('LinkedIn', 'https://example.com/avery');
    expect(await screen.findByText(LEAD_MESSAGES.linkedinFormat)).toBeInTheDocument();
    type('LinkedIn', 'linkedin.com/in/avery');
    await waitFor(() => expect(screen.queryByText(LEAD_MESSAGES.linkedinFormat)).not.toBeInTheDocument());
    // A LinkedIn profile is enough contact info.
    await waitFor(() => expect(screen.queryByText(LEAD_MESSAGES.contactRequired)).not.toBeInTheDocument());

    type('Street', 'x');
    type('Street', '');
    blur('Street');
    expect(await screen.findByText(LEAD_MESSAGES.addressRequired)).toBeInTheDocument();

    type('Notes', 'n'.repeat(LEAD_NOTES_MAX + 1));
    expect(await screen.findByText(LEAD_MESSAGES.tooLong(LEAD_NOTES_MAX))).toBeInTheDocument();
  });

  it('offers each contact-info kind once, up to three, and never removes the last one', async () => {
    renderInApp(<LeadDialog groupId={4} onClose={() => {}} onSuccess={() => {}} />);
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Email' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'ADD CONTACT INFO' }));
    const menu = within(screen.getByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Phone', 'LinkedIn']);
    fireEvent.click(menu.getByRole('menuitem', { name: 'Phone' }));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'ADD CONTACT INFO' }));
    const second = within(screen.getByRole('menu'));
    expect(second.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['LinkedIn']);
    fireEvent.click(second.getByRole('menuitem', { name: 'LinkedIn' }));

    // Three chosen: no fourth.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'ADD CONTACT INFO' })).not.toBeInTheDocument());
    expect(screen.getByLabelText('Phone')).toBeInTheDocument();
    expect(screen.getByLabelText('LinkedIn')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Email' }));
    await waitFor(() => expect(screen.queryByLabelText('Email')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'ADD CONTACT INFO' })).toBeInTheDocument();
  });

  it('takes a phone number written the usual ways', async () => {
    renderInApp(<LeadDialog groupId={4} onClose={() => {}} onSuccess={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'ADD CONTACT INFO' }));
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Phone' }));
    type('Phone', '555');
    expect(await screen.findByText(LEAD_MESSAGES.phoneInvalid)).toBeInTheDocument();
    type('Phone', '(212) 555-0147');
    await waitFor(() => expect(screen.queryByText(LEAD_MESSAGES.phoneInvalid)).not.toBeInTheDocument());
  });
});

describe('LeadDialog in edit mode: starts from the lead, submits only a change', DIALOG_TEST, () => {
  it('starts from the lead and enables submit only after a change', async () => {
    renderInApp(<LeadDialog groupId={4} lead={lead} onClose={() => {}} onSuccess={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Edit Lead' })).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('Avery');
    expect(screen.getByLabelText('Position')).toHaveValue('VP Sales');
    // The kinds the lead has, email first.
    expect(screen.getByLabelText('Email')).toHaveValue('avery@acme.example');
    expect(screen.getByLabelText('Phone')).toHaveValue('(212) 555-0147');
    expect(screen.queryByLabelText('LinkedIn')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Street')).toHaveValue('350 Fifth Avenue');
    expect(screen.getByLabelText('ZIP code')).toHaveValue('10118');
    expect(screen.getByLabelText('State')).toHaveValue('NY');
    expect(submit('Save')).toBeDisabled();

    type('Position', 'Chief Revenue Officer');
    await waitFor(() => expect(submit('Save')).toBeEnabled());
    type('Position', 'VP Sales');
    await waitFor(() => expect(submit('Save')).toBeDisabled());
  });
});

describe('LeadDialog duplicate check', DIALOG_TEST, () => {
  const earlier = {
    leadId: 12,
    fullName: 'Avery Buyer',
    company: 'Acme Corp',
    createdBy: 3,
    ownerName: 'Olive Rivera',
    createdAt: '2026-11-20T10:00:00.000Z',
    matchedOn: ['EMAIL'],
  };

  it('asks after a pause with the fields typed so far, in any order, and names the match with Submit anyway', async () => {
    const calls = answerCalls({
      '/api/lead/duplicates': [
        { status: 200, body: { duplicates: [] } },
        { status: 200, body: { duplicates: [earlier] } },
      ],
    });
    renderInApp(<LeadDialog groupId={4} onClose={() => {}} onSuccess={() => {}} />);
    type('Company', 'Acme Corp');
    type('Last Name', 'Buyer');
    type('First Name', 'Avery');
    await waitFor(() => expect(bodiesSentTo(calls, '/api/lead/duplicates')).toHaveLength(1));
    expect(bodiesSentTo(calls, '/api/lead/duplicates')[0]).toEqual({
      group_id: 4,
      first_name: 'Avery',
      last_name: 'Buyer',
      company: 'Acme Corp',
    });
    expect(screen.queryByRole('status', { name: 'Possible duplicate' })).not.toBeInTheDocument();

    type('Email', ' AVERY@acme.example ');
    const warning = await screen.findByRole('status', { name: 'Possible duplicate' }, { timeout: 3000 });
    expect(within(warning).getByText('Avery Buyer (Acme Corp)')).toBeInTheDocument();
    expect(warning).toHaveTextContent('Submitted by Olive Rivera on');
    expect(warning).toHaveTextContent('same E-mail');
    expect(within(warning).getByRole('link', { name: 'Open it: Avery Buyer' })).toHaveAttribute(
      'href',
      '/groups/4/leads/12',
    );
    expect(bodiesSentTo(calls, '/api/lead/duplicates')[1]).toMatchObject({ email: 'AVERY@acme.example' });
    expect(screen.getByRole('button', { name: 'Submit anyway' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  });

  it('leaves the lead being edited out of its own check', async () => {
    const calls = answerCalls({ '/api/lead/duplicates': { status: 200, body: { duplicates: [] } } });
    renderInApp(<LeadDialog groupId={4} lead={lead} onClose={() => {}} onSuccess={() => {}} />);
    await waitFor(() => expect(bodiesSentTo(calls, '/api/lead/duplicates')).toHaveLength(1));
    expect(bodiesSentTo(calls, '/api/lead/duplicates')[0]).toMatchObject({ group_id: 4, lead_id: lead.leadId });
  });
});
