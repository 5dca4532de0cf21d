import { BUSINESS_MESSAGES, MESSAGES } from '@leadcircle/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, bodiesSentTo } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { businessUser } from '../test-business';
import { BusinessUserDialog, seatChangeText } from './business-user-dialog';

waitPatientlyForScreens();

beforeEach(() => seedCurrentUser());

describe('seatChangeText', () => {
  it('says what adding a user costs from the next invoice', () => {
    expect(seatChangeText({ activeUsers: 1, pricePerUser: 49.99 }, 1)).toBe(
      'When they accept, your subscription grows to 2 users: $99.98 a month (+$49.99) from your next invoice.',
    );
  });

  it('says what making a user inactive saves, in the singular for one user', () => {
    expect(seatChangeText({ activeUsers: 2, pricePerUser: 49.99 }, -1)).toBe(
      'Your subscription goes down to 1 user: $49.99 a month (−$49.99) from your next invoice.',
    );
  });
});

const milo = businessUser(9, 'Milo', 'Chen', 'ACTIVE');
const seats = { activeUsers: 2, pricePerUser: 49.99 };

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('BusinessUserDialog adding a user', { timeout: 20_000 }, () => {
  it('invites the person as INVITED with the role chosen, says so and closes', async () => {
    const calls = answerCalls({ '/api/business/invite_user': { status: 200, body: {} } });
    const onClose = vi.fn();
    renderInApp(<BusinessUserDialog businessId={5} user={null} seats={seats} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Add user' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('INVITED');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('note', { name: 'Cost change' })).toHaveTextContent(seatChangeText(seats, 1));
    type('First Name', 'Ivy');
    type('Last Name', 'Stone');
    type('Email', 'ivy@northwind.example');
    choose('Role', 'ADMIN');
    submit('ADD USER');
    expect(await screen.findByText('We have sent an invitation to ivy@northwind.example.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(bodiesSentTo(calls, '/api/business/invite_user')).toEqual([
      {
        business_id: 5,
        first_name: 'Ivy',
        last_name: 'Stone',
        email: 'ivy@northwind.example',
        role: 'ADMIN',
        status: 'INVITED',
      },
    ]);
  });

  it("shows the form's messages and sends nothing until the names and a valid e-mail are given", async () => {
    const calls = answerCalls({});
    renderInApp(<BusinessUserDialog businessId={5} user={null} seats={null} onClose={() => {}} />);
    expect(screen.queryByRole('note', { name: 'Cost change' })).not.toBeInTheDocument();
    submit('ADD USER');
    expect(await screen.findByText(MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.lastNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.emailRequired)).toBeInTheDocument();
    type('Email', 'ivy');
    submit('ADD USER');
    expect(await screen.findByText(BUSINESS_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's message in the dialog and in a toast, or the spec's messages when it gives none", async () => {
    answerCalls({
      '/api/business/invite_user': [
        { status: 409, body: { message: 'This person is already in your business.', code: 'X' } },
        { status: 500, body: {} },
      ],
    });
    const onClose = vi.fn();
    renderInApp(<BusinessUserDialog businessId={5} user={null} seats={null} onClose={onClose} />);
    type('First Name', 'Ivy');
    type('Last Name', 'Stone');
    type('Email', 'ivy@northwind.example');
    submit('ADD USER');
    await waitFor(() =>
      expect(screen.getAllByText('This person is already in your business.').length).toBeGreaterThanOrEqual(2),
    );
    submit('ADD USER');
    expect(await screen.findByText(BUSINESS_MESSAGES.inviteFailed)).toBeInTheDocument();
    const dialog = within(screen.getByRole('dialog', { name: 'Add user' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(BUSINESS_MESSAGES.dialogFailed);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('BusinessUserDialog editing a user', { timeout: 20_000 }, () => {
  it('keeps the names and e-mail read-only and sends a changed role', async () => {
    const calls = answerCalls({ '/api/business/update_user': { status: 200, body: {} } });
    const onClose = vi.fn();
    renderInApp(<BusinessUserDialog businessId={5} user={milo} seats={seats} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Edit user' })).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Last Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.queryByRole('note', { name: 'Cost change' })).not.toBeInTheDocument();
    choose('Role', 'ADMIN');
    submit('SAVE');
    expect(await screen.findByText('The user has been updated.')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(bodiesSentTo(calls, '/api/business/update_user')).toEqual([{ business_id: 5, user_id: 9, role: 'ADMIN' }]);
  });

  it('sends nothing when the role is unchanged', async () => {
    const calls = answerCalls({});
    const onClose = vi.fn();
    renderInApp(<BusinessUserDialog businessId={5} user={milo} seats={seats} onClose={onClose} />);
    submit('SAVE');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([]);
  });

  it('offers ACTIVE and INACTIVE; INACTIVE says what it saves and removes the user from the business', async () => {
    const calls = answerCalls({ '/api/business/remove_user': { status: 200, body: {} } });
    renderInApp(<BusinessUserDialog businessId={5} user={milo} seats={seats} onClose={() => {}} />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['ACTIVE', 'INACTIVE']);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'INACTIVE' }));
    expect(await screen.findByRole('note', { name: 'Cost change' })).toHaveTextContent(seatChangeText(seats, -1));
    submit('SAVE');
    expect(await screen.findByText('Milo Chen is now inactive.')).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/business/remove_user')).toEqual([{ business_id: 5, user_id: 9 }]);
    expect(bodiesSentTo(calls, '/api/business/update_user')).toEqual([]);
  });

  it("toasts the spec's message for a failed update or removal", async () => {
    answerCalls({
      '/api/business/update_user': { status: 500, body: {} },
      '/api/business/remove_user': { status: 500, body: {} },
    });
    renderInApp(<BusinessUserDialog businessId={5} user={milo} seats={seats} onClose={() => {}} />);
    choose('Role', 'ADMIN');
    submit('SAVE');
    expect(await screen.findByText(BUSINESS_MESSAGES.updateFailed)).toBeInTheDocument();
    choose('Status', 'INACTIVE');
    submit('SAVE');
    expect(await screen.findByText(BUSINESS_MESSAGES.removeFailed)).toBeInTheDocument();
  });

  it('fixes the status of an invited person', () => {
    renderInApp(
      <BusinessUserDialog businessId={5} user={{ ...milo, status: 'INVITED' }} seats={seats} onClose={() => {}} />,
    );
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveAttribute('aria-disabled', 'true');
  });
});
