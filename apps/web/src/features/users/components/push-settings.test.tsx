import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerCalls, bodiesSentTo } from '../../../test/fake-server';
import { renderInApp, seedCurrentUser, testUser } from '../../../test/render-in-app';
import { PushSettings } from './push-settings';

const devices = [
  { id: 4, label: 'Chrome on Android', createdAt: '2026-11-20T10:00:00.000Z' },
  { id: 5, label: 'Safari on iPhone', createdAt: '2026-11-21T10:00:00.000Z' },
];

describe('My settings, Notifications: push', () => {
  it('lists the devices with REMOVE, and never asks permission on load', async () => {
    const requestPermission = vi.fn();
    vi.stubGlobal('Notification', { requestPermission, permission: 'default' });
    const calls = answerCalls({
      '/api/push/devices': [
        { status: 200, body: { devices } },
        { status: 200, body: { devices } },
      ],
      '/api/push/remove': { status: 200, body: { message: 'Push is off on that device.' } },
    });
    await seedCurrentUser(testUser);
    renderInApp(<PushSettings />);
    expect(await screen.findByText('Chrome on Android')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Push on this device' })).not.toBeChecked();
    // The push switch of each kind sits beside its e-mail control, not here (notifications-page.test.tsx).
    expect(screen.queryByRole('switch', { name: /^Push: / })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Safari on iPhone' }));
    await expect.poll(() => bodiesSentTo(calls, '/api/push/remove')).toEqual([{ device_id: 5 }]);
    await expect.poll(() => screen.queryByText('Safari on iPhone')).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
  }, 15_000);
});
