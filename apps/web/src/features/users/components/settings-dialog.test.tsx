import { MESSAGES } from '@leadcircle/shared';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderInApp, seedCurrentUser } from '../../../test/render-in-app';
import { SettingsDialog } from './settings-dialog';

beforeEach(() => seedCurrentUser());

describe('SettingsDialog: one name field, the e-mail read-only, the password rules', () => {
  it('shows one name field, the e-mail read-only, and the password fields empty', async () => {
    renderInApp(<SettingsDialog open onClose={() => {}} />);
    expect(await screen.findByLabelText('Name')).toHaveValue('Dana Rivera');
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('dana.rivera@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Password confirmation')).toHaveValue('');
  });

  it('needs a name, and a password of 8 to 25 that matches its confirmation', async () => {
    renderInApp(<SettingsDialog open onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret-123' } });
    fireEvent.change(screen.getByLabelText('Password confirmation'), { target: { value: 'Secret-124' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText(MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.settingsPasswordsMismatch)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(await screen.findByText(MESSAGES.atLeast(8))).toBeInTheDocument();
  });
});
