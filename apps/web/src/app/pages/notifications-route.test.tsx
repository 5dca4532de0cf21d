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

const opportunity = {
  opportunityId: 3,
  name: 'Office move',
  notes: 'Two floors',
  address: null,
  createdBy: 1,
  createdByName: 'Pat Seller',
  sharedCount: 0,
  isOwner: true,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('My settings, Notifications', () => {
  it('shows the stored e-mail switch, and an honest empty list of group Messages switches', async () => {
    answerCalls({
      '/api/group/list': { status: 200, body: { groups: [], totalCount: 0 } },
      '/api/opportunity/list': { status: 200, body: { opportunities: [], totalCount: 0 } },
    });
    await seedCurrentUser({ ...testUser, notificationSetting: { enableEmail: true, leadEmails: 'IMMEDIATE' } });
    renderInApp(<NotificationsRoute />);
    expect(await screen.findByRole('switch', { name: 'Email notifications' })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    expect(await screen.findByText('You are not in any group yet')).toBeInTheDocument();
  });

  it("lists the person's groups, each with its Messages switch", async () => {
    answerCalls({
      '/api/group/list': { status: 200, body: { groups: [group], totalCount: 1 } },
      '/api/user/notification_settings': { status: 200, body: { enableEmail: true } },
      '/api/opportunity/list': { status: 200, body: { opportunities: [opportunity], totalCount: 1 } },
      '/api/notification/settings/get': {
        status: 200,
        body: { deliveryMethod: 'EMAIL', service: 'OPPORTUNITY', serviceId: 3, action: 'MESSAGES', toggledOn: false },
      },
    });
    await seedCurrentUser(testUser);
    renderInApp(<NotificationsRoute />);
    const messages = await screen.findByRole('switch', { name: 'Messages in Bay Area Closers' });
    await expect.poll(() => (messages as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('You are not in any group yet')).not.toBeInTheDocument();
    const opportunitySwitch = await screen.findByRole('switch', { name: 'Messages in Office move' });
    await expect.poll(() => (opportunitySwitch as HTMLInputElement).checked).toBe(false);
  });

  it('offers new leads as they arrive, in a daily digest or never, and only while e-mail is on', async () => {
    answerCalls({
      '/api/group/list': { status: 200, body: { groups: [], totalCount: 0 } },
      '/api/opportunity/list': { status: 200, body: { opportunities: [], totalCount: 0 } },
    });
    await seedCurrentUser({ ...testUser, notificationSetting: { enableEmail: true, leadEmails: 'DAILY' } });
    renderInApp(<NotificationsRoute />);
    expect(await screen.findByRole('radio', { name: 'Once a day, in a digest' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'As they arrive' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Never' })).not.toBeChecked();
  });

  it('greys the new-lead choice out while e-mail is off', async () => {
    answerCalls({
      '/api/group/list': { status: 200, body: { groups: [], totalCount: 0 } },
      '/api/opportunity/list': { status: 200, body: { opportunities: [], totalCount: 0 } },
    });
    await seedCurrentUser({ ...testUser, notificationSetting: { enableEmail: false, leadEmails: 'IMMEDIATE' } });
    renderInApp(<NotificationsRoute />);
    expect(await screen.findByRole('radio', { name: 'As they arrive' })).toBeDisabled();
  });
});
