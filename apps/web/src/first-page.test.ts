import { chatCalls, groupCalls, inboxCalls, leadCalls, ROUTES, STORAGE_KEYS, userCallPaths } from '@leadcircle/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_CALLS_GLOBAL as TAKEN_FROM } from './core/first-calls';
import { INBOX_PAGE } from './features/activities/api';
import { groupRoomListArgs, roomListBody } from './features/chat/api';
import { leadsPageArgs } from './features/leads/api';
import {
  ACCESS_TOKEN_KEY,
  FIRST_CALLS_GLOBAL,
  FIRST_PAGE_PATHS,
  firstCalls,
  firstPageAreas,
  SHOWN_EVENT,
  startFirstCalls,
} from './first-page';
import { FIRST_PAGE_SHOWN_EVENT } from './lib/after-first-paint';

describe('first page', () => {
  it('writes out the shared routes and storage key it may not import', () => {
    expect(FIRST_PAGE_PATHS).toEqual({
      signIn: ROUTES.signIn,
      auth: [ROUTES.signUp, ROUTES.forgotPassword, ROUTES.resetPassword],
      groups: ROUTES.groups,
    });
    expect(ACCESS_TOKEN_KEY).toBe(STORAGE_KEYS.accessToken);
    expect(SHOWN_EVENT).toBe(FIRST_PAGE_SHOWN_EVENT);
    expect(FIRST_CALLS_GLOBAL).toBe(TAKEN_FROM);
  });

  it("starts the calls of a signed-in page's shell, of a lead list and of a group's room, with the bodies the screens send", () => {
    const shell = [
      { path: userCallPaths.get.path, body: {} },
      { path: inboxCalls.list.path, body: INBOX_PAGE },
      { path: chatCalls.unreadTotal.path, body: {} },
    ];
    expect(firstCalls('/activities', true)).toEqual(shell);
    expect(firstCalls('/groups/3/users', true)).toEqual(shell);
    expect(firstCalls('/groups/3/leads', true)).toEqual([
      ...shell,
      { path: groupCalls.get.path, body: { group_id: 3 } },
      { path: leadCalls.list.path, body: leadsPageArgs(3, 0) },
    ]);
    expect(firstCalls('/groups/3/messages', true)).toEqual([
      ...shell,
      { path: groupCalls.get.path, body: { group_id: 3 } },
      { path: chatCalls.roomList.path, body: roomListBody(groupRoomListArgs(3), 0) },
    ]);
    // Signed out, or a page outside the shell: none.
    expect(firstCalls('/groups/3/leads', false)).toEqual([]);
    expect(firstCalls('/groups/3/messages', false)).toEqual([]);
    expect(firstCalls('/signin', true)).toEqual([]);
    // An address that holds no group id: only the shell's.
    expect(firstCalls('/groups/0/leads', true)).toEqual(shell);
    expect(firstCalls('/groups/99999999999999999999/leads', true)).toEqual(shell);
  });

  it('names the areas the page being opened shows first', () => {
    expect(firstPageAreas('/signin', false)).toEqual(['signIn']);
    expect(firstPageAreas('/', false)).toEqual(['signIn']);
    expect(firstPageAreas('/signup', false)).toEqual(['auth']);
    expect(firstPageAreas('/reset-password/abc', false)).toEqual(['auth']);
    expect(firstPageAreas('/faq', false)).toEqual([]);
    expect(firstPageAreas('/activities', true)).toEqual(['shell']);
    expect(firstPageAreas('/groups', true)).toEqual(['shell', 'groups']);
    expect(firstPageAreas('/groups/3/leads', true)).toEqual(['shell', 'groups', 'leads']);
    expect(firstPageAreas('/groups/3/messages', true)).toEqual(['shell', 'groups', 'chat']);
    expect(firstPageAreas('/groups/3/messages', false)).toEqual([]);
  });

  describe('its calls', () => {
    afterEach(() => {
      delete (globalThis as Record<string, unknown>)[FIRST_CALLS_GLOBAL];
    });

    it('sends them with the stored token and hands each answer over once, whatever the order of the keys', async () => {
      const sent: { url: string; init?: RequestInit }[] = [];
      const fetchFn = (async (url: string, init?: RequestInit) => {
        sent.push({ url, init });
        return new Response('{}', { status: 200 });
      }) as typeof fetch;
      const answers = startFirstCalls(
        [{ path: '/lead/list', body: { group_id: 3, start_position: 0, get_next: 50 } }],
        'token-1',
        fetchFn,
      );
      expect(sent).toHaveLength(1);
      expect(sent[0]?.url).toBe('/api/lead/list');
      expect(sent[0]?.init?.method).toBe('POST');
      expect(new Headers(sent[0]?.init?.headers).get('authorization')).toBe('Bearer token-1');
      expect((globalThis as Record<string, unknown>)[FIRST_CALLS_GLOBAL]).toBe(answers);

      expect(answers.take('/lead/list', { group_id: 4, start_position: 0, get_next: 50 })).toBeUndefined();
      expect(await answers.take('/lead/list', { get_next: 50, start_position: 0, group_id: 3 })).toBeInstanceOf(
        Response,
      );
      expect(answers.take('/lead/list', { group_id: 3, start_position: 0, get_next: 50 })).toBeUndefined();
    });

    it('drops an answer left untaken for 30 s, and answers undefined when the call failed', async () => {
      let time = 1_000;
      const fetchFn = (async () => {
        throw new TypeError('offline');
      }) as typeof fetch;
      const answers = startFirstCalls(
        [
          { path: '/user/get', body: {} },
          { path: '/chat/unread/total', body: {} },
        ],
        'token-1',
        fetchFn,
        () => time,
      );
      expect(await answers.take('/user/get', {})).toBeUndefined();
      time += 30_001;
      expect(answers.take('/chat/unread/total', {})).toBeUndefined();
    });
  });
});
