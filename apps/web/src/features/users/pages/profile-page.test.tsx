import { MESSAGES } from '@leadcircle/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, seedCurrentUser, testUser } from '../../../test/render-in-app';
import { ProfilePage } from './profile-page';

describe('ProfilePage: fields, picture, rule messages and the deletion warning', () => {
  it('shows the profile fields, the e-mail read-only, the initial as avatar, SAVE and REQUEST ACCOUNT DELETION', async () => {
    await seedCurrentUser();
    renderInApp(<ProfilePage />);
    expect(await screen.findByLabelText('First name')).toHaveValue('Dana');
    expect(screen.getByLabelText('Last name')).toHaveValue('Rivera');
    expect(screen.getByLabelText('Company')).toHaveValue('Northwind');
    expect(screen.getByLabelText('Title')).toHaveValue('Account Executive');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByRole('img', { name: 'Dana Rivera' })).toHaveTextContent('D');
    expect(screen.getByRole('button', { name: 'SAVE' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'REQUEST ACCOUNT DELETION' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove picture' })).toBeNull();
  });

  it('shows the picture at its address when there is one', async () => {
    await seedCurrentUser({ ...testUser, avatarUrl: '/api/avatars/7/picture.webp' });
    renderInApp(<ProfilePage />);
    expect(await screen.findByRole('img', { name: 'Dana Rivera' })).toHaveAttribute(
      'src',
      '/api/avatars/7/picture.webp',
    );
    expect(screen.getByRole('button', { name: 'Remove picture' })).toBeInTheDocument();
  });

  it('shows the rule messages of the profile', async () => {
    await seedCurrentUser();
    renderInApp(<ProfilePage />);
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('Company'), { target: { value: 'c'.repeat(51) } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText(MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.lastNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.profileFieldTooLong)).toBeInTheDocument();
  });

  it("warns 'This action can't be undone' before requesting the deletion", async () => {
    await seedCurrentUser();
    renderInApp(<ProfilePage />);
    fireEvent.click(await screen.findByRole('button', { name: 'REQUEST ACCOUNT DELETION' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("This action can't be undone")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
  });
});
