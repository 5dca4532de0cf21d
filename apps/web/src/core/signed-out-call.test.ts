// @vitest-environment node
import { userCallPaths } from '@leadcircle/shared';
import { describe, expect, it } from 'vitest';
import { signedOutCall } from './signed-out-call';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setUp(answer: () => Response | Promise<Response>) {
  const sent: { url: string; authorization: string | null; body: unknown }[] = [];
  const reports: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push({
      url: new URL(request.url).pathname,
      authorization: request.headers.get('authorization'),
      body: await request.json(),
    });
    return answer();
  }) as typeof fetch;
  const call = (body: unknown) =>
    signedOutCall(userCallPaths.login, body, {
      baseUrl: 'http://leadcircle.test/api',
      fetchFn,
      report: (message) => void reports.push(String(message)),
    });
  return { call, sent, reports };
}

describe('signedOutCall', () => {
  it('posts the body as JSON to /api/<path> without a token and answers the data', async () => {
    const tokens = { accessToken: 'a', refreshToken: 'r', userId: 7 };
    const { call, sent, reports } = setUp(() => json(200, tokens));

    await expect(call({ email: 'a@example.com', password: 'x' })).resolves.toEqual(tokens);
    expect(sent).toEqual([
      { url: '/api/user/login', authorization: null, body: { email: 'a@example.com', password: 'x' } },
    ]);
    expect(reports).toEqual([]);
  });

  it('throws { status, message, code } from an error body and reports the message, as the base query', async () => {
    const { call, reports } = setUp(() => json(401, { message: 'The e-mail or password is incorrect.', code: 'X' }));

    await expect(call({})).rejects.toEqual({ status: 401, message: 'The e-mail or password is incorrect.', code: 'X' });
    expect(reports).toEqual(['The e-mail or password is incorrect.']);
  });

  it('throws { status: 0 } when the server was not reached, so screens show the spec fallback', async () => {
    const { call, reports } = setUp(() => Promise.reject(new TypeError('network down')));

    await expect(call({})).rejects.toEqual({ status: 0 });
    expect(reports).toEqual(['POST http://leadcircle.test/api/user/login failed']);
  });

  it('throws the status alone when the answer is not JSON', async () => {
    const { call } = setUp(() => new Response('<html>Bad gateway</html>', { status: 502 }));

    await expect(call({})).rejects.toEqual({ status: 502 });
  });
});
