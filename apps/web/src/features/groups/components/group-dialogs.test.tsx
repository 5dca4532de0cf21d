import {
  GROUP_DESCRIPTION_MAX,
  GROUP_JOIN_FIELD_MIN,
  GROUP_MESSAGES,
  GROUP_NAME_MIN,
  MESSAGES,
} from '@leadcircle/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { selectActiveModal } from '../../../core/modals-slice';
import { store } from '../../../core/store';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { CreateGroupWizard } from './create-group-wizard';
import { GroupDialog } from './group-dialog';
import { InviteUserDialog } from './invite-user-dialog';
import { JoinGroupDialog } from './join-group-dialog';

beforeEach(() => seedCurrentUser());

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('CreateGroupWizard: steps, Back and the name rule', () => {
  it('starts at the intro and moves one step back with Back', async () => {
    renderInApp(<CreateGroupWizard onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Create group' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Group name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    click('Next');
    expect(await screen.findByLabelText('Group name')).toBeInTheDocument();
    click('Back');
    expect(screen.queryByLabelText('Group name')).not.toBeInTheDocument();
  });

  it('will not move past a blank group name', async () => {
    renderInApp(<CreateGroupWizard onClose={() => {}} />);
    click('Next');
    fireEvent.change(await screen.findByLabelText('Group name'), { target: { value: '   ' } });
    click('Next');
    expect(await screen.findByText(GROUP_MESSAGES.wizardNameBlank)).toBeInTheDocument();
    expect(screen.getByLabelText('Group name')).toBeInTheDocument();
  });
});

describe('JoinGroupDialog: group name and password rules', () => {
  it('needs a group name and password of at least 6', async () => {
    renderInApp(<JoinGroupDialog onClose={() => {}} />);
    click('Join');
    expect(await screen.findAllByText(MESSAGES.fieldRequired)).toHaveLength(2);

    fireEvent.change(screen.getByLabelText('Group name'), { target: { value: 'abc' } });
    fireEvent.change(screen.getByLabelText('Group password'), { target: { value: 'x'.repeat(101) } });
    click('Join');
    expect(await screen.findByText(MESSAGES.atLeast(GROUP_JOIN_FIELD_MIN))).toBeInTheDocument();
    expect(screen.getByText(GROUP_MESSAGES.joinTooLong)).toBeInTheDocument();
  });
});

describe('GroupDialog: name and description rules', () => {
  it('needs a name of at least 3 and a description of 3 to 200', async () => {
    renderInApp(<GroupDialog onClose={() => {}} onSaved={() => {}} />);
    click('Create');
    expect(await screen.findByText(GROUP_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(GROUP_MESSAGES.descriptionRequired)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Group name'), { target: { value: 'ab' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'x'.repeat(201) } });
    fireEvent.change(screen.getByLabelText('Product'), { target: { value: 'ab' } });
    click('Create');
    expect(await screen.findAllByText(MESSAGES.atLeast(GROUP_NAME_MIN))).toHaveLength(2);
    expect(screen.getByText(MESSAGES.lessThan(GROUP_DESCRIPTION_MAX))).toBeInTheDocument();
  });
});

describe('InviteUserDialog: a valid e-mail address', () => {
  it('needs a valid e-mail address', async () => {
    renderInApp(<InviteUserDialog groupId={1} onClose={() => {}} />);
    click('Send invite');
    expect(await screen.findByText(GROUP_MESSAGES.inviteEmailRequired)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-address' } });
    click('Send invite');
    expect(await screen.findByText(GROUP_MESSAGES.inviteEmailInvalid)).toBeInTheDocument();
  });
});

describe('the payment gate of joining: no payment method, the payment dialog first', () => {
  it('saves groupAdd and opens the payment dialog when the user has no payment method', async () => {
    renderInApp(<JoinGroupDialog onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Group name'), { target: { value: 'Bay Area Sellers' } });
    fireEvent.change(screen.getByLabelText('Group password'), { target: { value: 'secret-code' } });
    click('Join');
    await waitFor(() => expect(store.getState().modals.pendingAction).not.toBeNull());
    expect(store.getState().modals.pendingAction).toEqual({
      name: 'groupAdd',
      payload: { groupName: 'Bay Area Sellers', privateCode: 'secret-code' },
    });
    expect(selectActiveModal(store.getState())).toBe('payment');
  });
});
