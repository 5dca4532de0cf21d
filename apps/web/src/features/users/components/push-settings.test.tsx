import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerCalls, bodiesSentTo } from '../../../test/fake-server';
import { renderInApp, seedCurrentUser, testUser } from '../../../test/render-in-app';
import { PushSettings } from './push-settings';

const devices = [
  { id: 4, label: 'Chrome on Android', createdAt: '2026-11-20T10:00:00.000Z' },
  { id: 5, label: 'Safari on iPhone', createdAt: '2026-11-21T10:00:00.000Z' },
];
const switches = [
  { kind: 'NEW_LEAD', enabled: true },
  { kind: 'CHAT', enabled: false },
  { kind: 'EVENT', enabled: true },
];

describe('My settings, Notifications: push', () => {
  it('lists the devices with REMOVE and a push switch per kind, and never asks permission on load', async () => {
    const requestPermission = vi.fn();
    vi.stubGlobal('Notification', { requestPermission, permission: 'default' });
    const calls = answerCalls({
      '/api/push/devices': [
        { status: 200, body: { devices } },
        { status: 200, body: { devices } },
      ],
      '/api/push/switches': { status: 200, body: { switches } },
      '/api/push/remove': { status: 200, body: { message: 'Push is off on that device.' } },
      '/api/push/switches/set': { status: 200, body: { kind: 'CHAT', enabled: true } },
    });
    await seedCurrentUser(testUser);
    renderInApp(<PushSettings />);
    expect(await screen.findByText('Chrome on Android')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Push on this device' })).not.toBeChecked();
    expect(await screen.findByRole('switch', { name: 'Push messages' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Push new leads' })).toBeChecked();

    fireEvent.click(screen.getByRole('switch', { name: 'Push messages' }));
    await expect.poll(() => bodiesSentTo(calls, '/api/push/switches/set')).toEqual([{ kind: 'CHAT', enabled: true }]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Safari on iPhone' }));
    await expect.poll(() => bodiesSentTo(calls, '/api/push/remove')).toEqual([{ device_id: 5 }]);
    await expect.poll(() => screen.queryByText('Safari on iPhone')).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
  }, 15_000);
});
