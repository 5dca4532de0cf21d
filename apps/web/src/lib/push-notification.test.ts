import { describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST, notificationFromPush, urlToOpen } from './push-notification';

describe('push notifications in the service worker', () => {
  it('shows the title, body and tag the server sent, and remembers the page to open', () => {
    const shown = notificationFromPush({
      title: 'New lead in Signal Circle',
      body: 'Nadia Q — VP Sales at Helix',
      url: '/groups/4/leads/9',
      tag: 'lead-9',
    });
    expect(shown?.title).toBe('New lead in Signal Circle');
    expect(shown?.options).toMatchObject({ body: 'Nadia Q — VP Sales at Helix', tag: 'lead-9', renotify: true });
    expect(shown?.options.data.url).toBe('/groups/4/leads/9');
  });

  it('shows nothing for a payload that is not ours', () => {
    expect(notificationFromPush(null)).toBeNull();
    expect(notificationFromPush('hello')).toBeNull();
    expect(notificationFromPush({ title: 'x', url: 'https://evil.example/' })).toBeNull();
  });

  it('opens only pages of the app', () => {
    expect(urlToOpen({ url: '/chat/direct?room=3' }, 'https://app.test')).toBe('https://app.test/chat/direct?room=3');
    expect(urlToOpen({ url: '//evil.example/x' }, 'https://app.test')).toBe('https://app.test/activities');
    expect(urlToOpen(undefined, 'https://app.test')).toBe('https://app.test/activities');
  });

  it('never answers the API or the realtime channel from the cache', () => {
    for (const path of ['/api/leads', '/socket.io/?EIO=4', '/dev/mail']) {
      expect(NAVIGATION_DENYLIST.some((rule) => rule.test(path))).toBe(true);
    }
    expect(NAVIGATION_DENYLIST.some((rule) => rule.test('/groups/1/leads'))).toBe(false);
  });
});
