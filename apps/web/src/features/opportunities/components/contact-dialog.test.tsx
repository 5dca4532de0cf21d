import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, bodiesSentTo } from '../../../test/fake-server';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { ContactDialog } from './contact-dialog';

beforeEach(() => seedCurrentUser());

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name: string) => screen.getByRole('button', { name });

const contact = {
  contactId: 5,
  opportunityId: 3,
  firstName: 'Lee',
  lastName: 'Chen',
  fullName: 'Lee Chen',
  title: 'Store Manager',
  company: 'Bay Stores',
  phone: null,
  email: 'lee@bay.example',
  linkedin: null,
  notes: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('ContactDialog', () => {
  it('adds a contact once the names, company, title and one contact info are given, in any order', {
    timeout: 20_000,
  }, async () => {
    const calls = answerCalls({ '/api/opportunity/contact/set': { status: 200, body: contact } });
    const onSuccess = vi.fn();
    renderInApp(<ContactDialog opportunityId={3} onClose={() => {}} onSuccess={onSuccess} />);
    type('Email', 'x');
    type('Email', '');
    expect(await screen.findAllByText('You must have one of phone, email or linkedin')).not.toHaveLength(0);
    type('First Name', 'Lee');
    type('Last Name', 'Chen');
    type('Position', 'Store Manager');
    type('Company', 'Bay Stores');
    expect(submit('Create')).toBeDisabled();
    type('Email', 'lee@bay.example');
    await waitFor(() => expect(submit('Create')).toBeEnabled());
    fireEvent.click(submit('Create'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(bodiesSentTo(calls, '/api/opportunity/contact/set')[0]).toMatchObject({
      opportunity_id: 3,
      contact_id: 0,
      first_name: 'Lee',
      email: 'lee@bay.example',
      phone: '',
    });
  });

  it('keeps the names, company and title read-only and the contact kinds it has in edit mode', async () => {
    renderInApp(<ContactDialog opportunityId={3} contact={contact} onClose={() => {}} onSuccess={() => {}} />);
    expect(screen.getByLabelText('First Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Company')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Remove Email' })).not.toBeInTheDocument();
    expect(submit('Save')).toBeDisabled();
  });
});
