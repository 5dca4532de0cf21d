import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { endSession, selectIsSignedIn, startSession } from '../../../core/session-slice';
import { store } from '../../../core/store';
import { readStoredSession } from '../../../lib/session-storage';
import { answerCalls, bodiesSentTo, type FakeAnswer, holdAnswers } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { renderInApp, seedCurrentUser, testUser } from '../../../test/render-in-app';
import { BusinessInviteAcceptance } from './business-invite-acceptance';

waitPatientlyForScreens();

afterEach(() => void store.dispatch(endSession()));

const token = 'inv-token-1';
const email = 'ivy@northwind.example';
const invite = (hasAccount: boolean): FakeAnswer => ({
  status: 200,
  body: { businessName: 'Northwind', email, firstName: 'Ivy', lastName: 'Stone', hasAccount },
});
const joined = (session: unknown = null): FakeAnswer => ({
  status: 200,
  body: { message: 'You have joined Northwind.', session },
});
const tokens = { accessToken: 'access-1', refreshToken: 'refresh-1', userId: 21 };

const renderInvitation = () => renderInApp(<BusinessInviteAcceptance token={token} email={email} />);
const section = () => within(screen.getByRole('region', { name: 'Your invitation' }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('BusinessInviteAcceptance', { timeout: 20_000 }, () => {
  it('checks the link first, then lets a new person choose a password, join and go on signed in', async () => {
    const { held, release } = holdAnswers();
    const calls = answerCalls({
      '/api/business/get_invite': { ...invite(false), after: held },
      '/api/business/accept_invite': joined(tokens),
    });
    renderInvitation();
    expect(section().getByText('Checking your invitation…')).toBeInTheDocument();
    await release();
    expect(
      await section().findByText((_text, element) =>
        element?.tagName === 'P'
          ? element.textContent === `Welcome, Ivy. Choose a password to join Northwind as ${email}.`
          : false,
      ),
    ).toBeInTheDocument();

    type('Password', 'secret123');
    type('Confirm password', 'secret124');
    fireEvent.click(section().getByRole('button', { name: 'ACCEPT INVITATION' }));
    expect(await section().findByText('Password must match')).toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/business/accept_invite')).toEqual([]);

    type('Confirm password', 'secret123');
    fireEvent.click(section().getByRole('button', { name: 'ACCEPT INVITATION' }));
    expect(await section().findByText('You have joined Northwind.')).toBeInTheDocument();
    expect(section().getByRole('link', { name: 'Continue in the browser' })).toHaveAttribute('href', '/redirect');
    expect(selectIsSignedIn(store.getState())).toBe(true);
    expect(readStoredSession().accessToken).toBe('access-1');
    expect(bodiesSentTo(calls, '/api/business/get_invite')).toEqual([{ token, email }]);
    expect(bodiesSentTo(calls, '/api/business/accept_invite')).toEqual([{ token, email, password: 'secret123' }]);
  });

  it('joins someone with an account in one click, without a password, then asks them to sign in', async () => {
    const calls = answerCalls({ '/api/business/get_invite': invite(true), '/api/business/accept_invite': joined() });
    renderInvitation();
    fireEvent.click(await section().findByRole('button', { name: 'JOIN Northwind' }));
    expect(await section().findByText('You have joined Northwind.')).toBeInTheDocument();
    expect(section().getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(section().queryByLabelText('Password')).not.toBeInTheDocument();
    expect(bodiesSentTo(calls, '/api/business/accept_invite')).toEqual([{ token, email }]);
  });

  it('lets the invitee, signed in already, continue in the browser', async () => {
    store.dispatch(startSession(tokens));
    await seedCurrentUser({ ...testUser, email: 'IVY@northwind.example' });
    answerCalls({ '/api/business/get_invite': invite(true), '/api/business/accept_invite': joined() });
    renderInvitation();
    fireEvent.click(await section().findByRole('button', { name: 'JOIN Northwind' }));
    expect(await section().findByRole('link', { name: 'Continue in the browser' })).toHaveAttribute(
      'href',
      '/redirect',
    );
  });

  it('sends someone signed in as another account to sign out, then in', async () => {
    store.dispatch(startSession(tokens));
    await seedCurrentUser(testUser);
    answerCalls({ '/api/business/get_invite': invite(true), '/api/business/accept_invite': joined() });
    renderInvitation();
    fireEvent.click(await section().findByRole('button', { name: 'JOIN Northwind' }));
    expect(await section().findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signout');
  });

  it("says why the link cannot be used, in the server's words or its own", async () => {
    answerCalls({
      '/api/business/get_invite': {
        status: 404,
        body: { message: 'This link is invalid or has already been used.', code: 'X' },
      },
    });
    const { unmount } = renderInvitation();
    expect(await section().findByRole('alert')).toHaveTextContent('This link is invalid or has already been used.');
    unmount();

    answerCalls({ '/api/business/get_invite': { status: 500, body: {} } });
    renderInvitation();
    expect(await section().findByRole('alert')).toHaveTextContent('This invitation link cannot be used.');
  });

  it('says why joining failed, and keeps the invitation to try again', async () => {
    answerCalls({
      '/api/business/get_invite': invite(true),
      '/api/business/accept_invite': [
        { status: 409, body: { message: 'This invitation has expired.', code: 'X' } },
        { status: 500, body: {} },
      ],
    });
    renderInvitation();
    fireEvent.click(await section().findByRole('button', { name: 'JOIN Northwind' }));
    expect(await section().findByRole('alert')).toHaveTextContent('This invitation has expired.');
    fireEvent.click(section().getByRole('button', { name: 'JOIN Northwind' }));
    await waitFor(() =>
      expect(section().getByRole('alert')).toHaveTextContent('The invitation could not be accepted.'),
    );
  });
});
