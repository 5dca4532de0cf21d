import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, seedCurrentUser, testUser } from '../../../test/render-in-app';
import { NotificationsPage } from './notifications-page';

describe('NotificationsPage (spec 001 §2)', () => {
  it('shows the stored e-mail switch, and an honest empty list of group Messages switches', async () => {
    await seedCurrentUser({ ...testUser, notificationSetting: { enableEmail: true } });
    renderInApp(<NotificationsPage />);
    expect(await screen.findByRole('switch', { name: 'Email notifications' })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.getByText('You are not in any group yet')).toBeInTheDocument();
  });
});
