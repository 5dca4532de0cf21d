import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerCalls } from '../../test/fake-server';
import { renderInApp, seedCurrentUser, testUser } from '../../test/render-in-app';
import { NotificationsRoute } from './notifications-route';

const group = {
  groupId: 7,
  name: 'Bay Area Closers',
  description: null,
  groupType: 'PRIVATE',
  createdBy: 1,
  ownerName: 'Pat Seller',
  targetId: 1,
  productId: 1,
  product: null,
  usersCount: 2,
  leadsCount: 0,
  isOwner: true,
  userRole: 'OWNER',
  myProduct: null,
};

describe('My settings, Notifications', () => {
  it('shows the stored e-mail switch, and an honest empty list of group Messages switches', async () => {
    answerCalls({ '/api/group/list': { status: 200, body: { groups: [], totalCount: 0 } } });
    await seedCurrentUser({ ...testUser, notificationSetting: { enableEmail: true } });
    renderInApp(<NotificationsRoute />);
    expect(await screen.findByRole('switch', { name: 'Email notifications' })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    expect(await screen.findByText('You are not in any group yet')).toBeInTheDocument();
  });

  it("lists the person's groups, each with its Messages switch", async () => {
    answerCalls({
      '/api/group/list': { status: 200, body: { groups: [group], totalCount: 1 } },
      '/api/user/notification_settings': { status: 200, body: { enableEmail: true } },
    });
    await seedCurrentUser(testUser);
    renderInApp(<NotificationsRoute />);
    const messages = await screen.findByRole('switch', { name: 'Messages in Bay Area Closers' });
    await expect.poll(() => (messages as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('You are not in any group yet')).not.toBeInTheDocument();
  });
});
