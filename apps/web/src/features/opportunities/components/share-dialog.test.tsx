import { GROUP_MESSAGES, OPPORTUNITY_MESSAGES } from '@leadcircle/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerCalls, bodiesSentTo } from '../../../test/fake-server';
import { waitPatientlyForScreens } from '../../../test/patient-waits';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { ShareDialog } from './share-dialog';

waitPatientlyForScreens();

beforeEach(() => seedCurrentUser());

const type = (value: string) => fireEvent.change(screen.getByLabelText('Email'), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send invite' }));

describe('ShareDialog', { timeout: 20_000 }, () => {
  it('sends the invitation to the address typed, says so and closes', async () => {
    const calls = answerCalls({
      '/api/opportunity/user/invite': { status: 200, body: { message: OPPORTUNITY_MESSAGES.inviteSent } },
    });
    const onClose = vi.fn();
    renderInApp(<ShareDialog opportunityId={9} onClose={onClose} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Share opportunity' }));
    expect(
      dialog.getByText('We e-mail your colleague a link that shares this opportunity with them.'),
    ).toBeInTheDocument();
    type('  sam.lee@example.com ');
    send();
    expect(await screen.findByText(OPPORTUNITY_MESSAGES.inviteSent)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(bodiesSentTo(calls, '/api/opportunity/user/invite')).toEqual([
      { opportunity_id: 9, email: 'sam.lee@example.com' },
    ]);
  });

  it("shows the form's messages and sends nothing while the address is missing or wrong", async () => {
    const calls = answerCalls({});
    renderInApp(<ShareDialog opportunityId={9} onClose={() => {}} />);
    send();
    expect(await screen.findByText(GROUP_MESSAGES.inviteEmailRequired)).toBeInTheDocument();
    type('sam.lee');
    send();
    expect(await screen.findByText(GROUP_MESSAGES.inviteEmailInvalid)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal in the dialog, or the spec's message when it gives none, and stays open", async () => {
    answerCalls({
      '/api/opportunity/user/invite': [
        { status: 409, body: { message: 'Sam Lee already has this opportunity.', code: 'X' } },
        { status: 500, body: {} },
      ],
    });
    const onClose = vi.fn();
    renderInApp(<ShareDialog opportunityId={9} onClose={onClose} />);
    type('sam.lee@example.com');
    send();
    const dialog = within(screen.getByRole('dialog', { name: 'Share opportunity' }));
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('Sam Lee already has this opportunity.'));
    send();
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent(OPPORTUNITY_MESSAGES.inviteFailed));
    expect(onClose).not.toHaveBeenCalled();
  });
});
