// @vitest-environment node
// Node's own fetch classes: jsdom's AbortSignal is not accepted by Node's Request.
import { businessCalls, chatCalls, STORAGE_KEYS, userCalls } from '@leadcircle/shared';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { beforeEach, describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../lib/key-value-storage';
import { createMemoryStorage } from '../test/memory-storage';
import { createSessionBaseQuery } from './base-query';
import { FIRST_CALLS_GLOBAL } from './first-calls';

interface SentRequest {
  url: string;
  authorization: string | null;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const newTokens = { accessToken: 'access-2', refreshToken: 'refresh-2', userId: 7 };

function setUp(answer: (request: SentRequest) => Response | Promise<Response>) {
  const storage: KeyValueStorage = createMemoryStorage();
  const sent: SentRequest[] = [];
  const events: string[] = [];
  const reports: string[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = await request.text();
    const sentRequest = {
      url: new URL(request.url).pathname,
      authorization: request.headers.get('authorization'),
      body: text ? JSON.parse(text) : undefined,
    };
    sent.push(sentRequest);
    return answer(sentRequest);
  };
  const baseQuery = createSessionBaseQuery({
    baseUrl: 'http://leadcircle.test/api',
    fetchFn,
    storage: () => storage,
    onRefreshed: () => events.push('reloaded'),
    onSessionEnded: () => events.push('session ended'),
    report: (message) => reports.push(message),
  });
  const api = {
    signal: new AbortController().signal,
    abort: () => {},
    dispatch: () => {},
    getState: () => ({}),
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  } as unknown as BaseQueryApi;
  const signIn = () => {
    storage.setItem(STORAGE_KEYS.accessToken, 'access-1');
    storage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
    storage.setItem(STORAGE_KEYS.userId, '7');
  };
  return { baseQuery, api, storage, sent, events, reports, signIn };
}

const refreshPath = `/api${userCalls.refreshToken.path}`;

describe('the session base query', () => {
  let answers: Record<string, () => Response | Promise<Response>>;
  const answer = ({ url }: SentRequest) => answers[url]?.() ?? json(404, { message: 'Not found' });

  beforeEach(() => {
    answers = {};
  });

  it('posts the body as JSON with the stored access token', async () => {
    answers['/api/user/get'] = () => json(200, { userId: 7 });
    const { baseQuery, api, sent, signIn } = setUp(answer);
    signIn();

    const result = await baseQuery({ call: userCalls.get, body: {} }, api, {});

    expect(result).toMatchObject({ data: { userId: 7 } });
    expect(sent).toEqual([{ url: '/api/user/get', authorization: 'Bearer access-1', body: {} }]);
  });

  it("answers with the first page's own call once, when it made that call with that body and it succeeded", async () => {
    const asked: string[] = [];
    const early: Record<string, Response> = {
      '/user/get {}': json(200, { userId: 7, firstName: 'Early' }),
      '/chat/unread/total {}': json(401, { message: 'Expired' }),
    };
    Object.assign(globalThis, {
      [FIRST_CALLS_GLOBAL]: {
        take: (path: string, body: unknown) => {
          const key = `${path} ${JSON.stringify(body)}`;
          asked.push(key);
          const response = early[key];
          delete early[key];
          return response && Promise.resolve(response);
        },
      },
    });
    try {
      answers['/api/user/get'] = () => json(200, { userId: 7, firstName: 'Later' });
      answers['/api/chat/unread/total'] = () => json(200, { total: 2 });
      const { baseQuery, api, sent, signIn } = setUp(answer);
      signIn();

      expect(await baseQuery({ call: userCalls.get, body: {} }, api, {})).toEqual({
        data: { userId: 7, firstName: 'Early' },
      });
      expect(sent).toEqual([]);
      // Taken once: the next time it is called.
      expect(await baseQuery({ call: userCalls.get, body: {} }, api, {})).toMatchObject({
        data: { firstName: 'Later' },
      });
      // A failed first answer (an expired token) is called again, under the session rule.
      expect(await baseQuery({ call: chatCalls.unreadTotal, body: {} }, api, {})).toMatchObject({ data: { total: 2 } });
      expect(sent.map((request) => request.url)).toEqual(['/api/user/get', '/api/chat/unread/total']);
      expect(asked).toEqual(['/user/get {}', '/user/get {}', '/chat/unread/total {}']);
    } finally {
      delete (globalThis as Record<string, unknown>)[FIRST_CALLS_GLOBAL];
    }
  });

  it('puts path parameters into the path', async () => {
    answers['/api/user/email_confirmation_action/abc'] = () => json(200, newTokens);
    const { baseQuery, api, sent } = setUp(answer);

    await baseQuery(
      {
        call: userCalls.emailConfirmationAction,
        body: { token: 'abc', action: 'SIGNUP_CONFIRMATION' },
        params: { token: 'abc' },
      },
      api,
      {},
    );

    expect(sent[0]).toMatchObject({ url: '/api/user/email_confirmation_action/abc', authorization: null });
  });

  it('turns an error body into { status, message, code } and reports the message', async () => {
    answers['/api/user/login'] = () => json(429, { message: 'Slow down', code: 'RATE_LIMITED', issues: [] });
    const { baseQuery, api, reports } = setUp(answer);

    const result = await baseQuery({ call: userCalls.login, body: {} }, api, {});

    expect(result.error).toEqual({ status: 429, message: 'Slow down', code: 'RATE_LIMITED' });
    expect(reports).toEqual(['Slow down']);
  });

  it('gives no message when the server was not reached, so screens show the spec fallback', async () => {
    const { baseQuery, api } = setUp(() => Promise.reject(new TypeError('network down')));

    const result = await baseQuery({ call: userCalls.login, body: {} }, api, {});

    expect(result.error).toEqual({ status: 0 });
  });

  it('does not report statuses the endpoint expects', async () => {
    answers['/api/business/get_by_user'] = () => json(404, { message: 'business not found' });
    const { baseQuery, api, reports, signIn } = setUp(answer);
    signIn();

    const result = await baseQuery({ call: businessCalls.getByUser, body: {} }, api, { silentStatuses: [404] });

    expect(result.error?.status).toBe(404);
    expect(reports).toEqual([]);
  });

  it('after a 401 refreshes once, stores the new tokens, reloads, and still rejects the call', async () => {
    answers['/api/user/get'] = () => json(401, { message: 'Expired' });
    answers[refreshPath] = () => json(200, newTokens);
    const { baseQuery, api, storage, sent, events, signIn } = setUp(answer);
    signIn();

    const result = await baseQuery({ call: userCalls.get, body: {} }, api, {});

    expect(result.error).toMatchObject({ status: 401 });
    expect(sent.map((r) => r.url)).toEqual(['/api/user/get', refreshPath]);
    expect(sent[1]?.body).toEqual({ refresh_token: 'refresh-1' });
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBe('access-2');
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(events).toEqual(['reloaded']);
  });

  it('shares one refresh between 401s that arrive together', async () => {
    let releaseRefresh = () => {};
    answers['/api/user/get'] = () => json(401, {});
    answers[refreshPath] = () =>
      new Promise((resolve) => {
        releaseRefresh = () => resolve(json(200, newTokens));
      });
    const { baseQuery, api, sent, events, signIn } = setUp(answer);
    signIn();

    const calls = [1, 2, 3].map(() => baseQuery({ call: userCalls.get, body: {} }, api, {}));
    await new Promise((resolve) => setTimeout(resolve, 20));
    releaseRefresh();
    await Promise.all(calls);

    expect(sent.filter((r) => r.url === refreshPath)).toHaveLength(1);
    expect(events).toEqual(['reloaded']);
  });

  it('ends the session when the refresh fails', async () => {
    answers['/api/user/get'] = () => json(401, {});
    answers[refreshPath] = () => json(401, { message: 'Refresh token revoked' });
    const { baseQuery, api, events, signIn } = setUp(answer);
    signIn();

    const result = await baseQuery({ call: userCalls.get, body: {} }, api, {});

    expect(result.error).toMatchObject({ status: 401 });
    expect(events).toEqual(['session ended']);
  });

  it('ends the session without refreshing when no refresh token is stored', async () => {
    answers['/api/user/get'] = () => json(401, {});
    const { baseQuery, api, sent, events } = setUp(answer);

    await baseQuery({ call: userCalls.get, body: {} }, api, {});

    expect(sent.map((r) => r.url)).toEqual(['/api/user/get']);
    expect(events).toEqual(['session ended']);
  });

  it('leaves a 401 from sign in alone: it means wrong credentials', async () => {
    answers['/api/user/login'] = () => json(401, { message: 'The e-mail or password is incorrect.' });
    const { baseQuery, api, sent, events, reports, signIn } = setUp(answer);
    signIn();

    const result = await baseQuery({ call: userCalls.login, body: {} }, api, {});

    expect(result.error).toEqual({ status: 401, message: 'The e-mail or password is incorrect.' });
    expect(sent).toHaveLength(1);
    expect(events).toEqual([]);
    expect(reports).toEqual(['The e-mail or password is incorrect.']);
  });
});
