import { MESSAGES } from '@leadcircle/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerCalls, bodiesSentTo } from '../../../test/fake-server';
import { renderInApp, seedCurrentUser, testUser } from '../../../test/render-in-app';
import { NotificationsPage } from './notifications-page';

const device = { id: 4, label: 'Chrome on Android', createdAt: '2026-11-20T10:00:00.000Z' };
const switches = [
  { kind: 'NEW_LEAD', enabled: true },
  { kind: 'CHAT', enabled: false },
  { kind: 'EVENT', enabled: true },
];
const emailOn = { ...testUser, notificationSetting: { enableEmail: true, leadEmails: 'IMMEDIATE' as const } };

function answer(devices: (typeof device)[]) {
  return answerCalls({
    '/api/push/devices': { status: 200, body: { devices } },
    '/api/push/switches': { status: 200, body: { switches } },
    '/api/push/switches/set': { status: 200, body: { kind: 'CHAT', enabled: true } },
    '/api/user/update_notifications': { status: 200, body: { message: MESSAGES.notificationsUpdated } },
  });
}

const pushSwitch = (kind: string) => screen.getByRole('switch', { name: `Push: ${kind}` });

describe('My settings, Notifications: e-mail and push, kind by kind', () => {
  it('puts each kind’s push switch beside its e-mail control, and turns one on', async () => {
    const calls = answer([device]);
    await seedCurrentUser(emailOn);
    renderInApp(<NotificationsPage />);

    const newLeads = await screen.findByRole('group', { name: 'New leads' });
    expect(within(newLeads).getByRole('radiogroup', { name: 'New leads in my groups' })).toBeInTheDocument();
    expect(await within(newLeads).findByRole('switch', { name: 'Push: New leads' })).toBeChecked();
    const messages = screen.getByRole('group', { name: 'Messages' });
    expect(within(messages).getByText(/each group's and opportunity's own Messages switch/)).toBeInTheDocument();
    expect(within(messages).getByRole('switch', { name: 'Push: Messages' })).not.toBeChecked();
    const events = screen.getByRole('group', { name: 'Events' });
    expect(within(events).getByRole('switch', { name: 'Push: Events' })).toBeChecked();
    for (const kind of ['New leads', 'Messages', 'Events']) {
      await expect.poll(() => pushSwitch(kind).hasAttribute('disabled')).toBe(false);
    }
    // The device's own switch and the device list stay in their panel.
    expect(screen.getByRole('switch', { name: 'Push on this device' })).toBeInTheDocument();
    expect(await screen.findByText('Chrome on Android')).toBeInTheDocument();

    fireEvent.click(pushSwitch('Messages'));
    await expect.poll(() => bodiesSentTo(calls, '/api/push/switches/set')).toEqual([{ kind: 'CHAT', enabled: true }]);
    await expect.poll(() => pushSwitch('Messages')).toBeChecked();
  }, 30_000);

  it('greys the push switches out, saying why, while no device has push on', async () => {
    answer([]);
    await seedCurrentUser(emailOn);
    renderInApp(<NotificationsPage />);

    const hint = 'Turn on Push on this device, below, to choose what is pushed to your devices.';
    expect(await screen.findByText(hint)).toBeInTheDocument();
    for (const kind of ['New leads', 'Messages', 'Events']) {
      expect(pushSwitch(kind)).toBeDisabled();
      expect(pushSwitch(kind)).toHaveAccessibleDescription(hint);
    }
  }, 15_000);

  it('greys them out while e-mail is off, and new leads’ push while new leads are never e-mailed', async () => {
    answer([device]);
    await seedCurrentUser(testUser);
    renderInApp(<NotificationsPage />);
    const hint = 'Nothing is pushed while Email notifications is off.';
    expect(await screen.findByText(hint)).toBeInTheDocument();
    expect(pushSwitch('Events')).toBeDisabled();
    expect(pushSwitch('Events')).toHaveAccessibleDescription(hint);

    fireEvent.click(screen.getByRole('switch', { name: 'Email notifications' }));
    await expect.poll(() => screen.queryByText(hint)).toBeNull();
    await expect.poll(() => pushSwitch('Events').hasAttribute('disabled')).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: 'Never' }));
    expect(await screen.findByText('Not pushed while new leads are e-mailed Never.')).toBeInTheDocument();
    expect(pushSwitch('New leads')).toBeDisabled();
    expect(pushSwitch('New leads')).toHaveAccessibleDescription('Not pushed while new leads are e-mailed Never.');
    expect(pushSwitch('Messages')).toBeEnabled();
  }, 15_000);
});
