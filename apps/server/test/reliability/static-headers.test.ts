import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';

// The security headers are the same on every answer of the API (a probe, a call, a refusal, a missing
// call) and on every page and file; the API's answers leave out what only a page uses.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const securityHeadersOf = (headers: Record<string, unknown>) =>
  Object.fromEntries(SECURITY_HEADERS.map((name) => [name, headers[name]]).filter(([, value]) => value !== undefined));

describe('security headers on every answer', () => {
  it("are the API's on a probe, a call, a 401, a 400 and a 404, each with its request id", async () => {
    const health = await t.app.inject('/api/health');
    const expected = API_HEADERS;
    const answers = [
      health,
      await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: 'nobody@example.com', password: 'Wrong-Pass-1' },
      }),
      await t.app.inject({ method: 'POST', url: '/api/user/get', payload: {} }),
      await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: '{"email": ',
        headers: { 'content-type': 'application/json' },
      }),
      await t.app.inject('/api/no-such-call'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 401, 400, 404]);
    for (const answer of answers) {
      expect(securityHeadersOf(answer.headers)).toEqual(expected);
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("are the page's, all of them, on a page, a file and a missing path, the same on each", async () => {
    const answers = [await t.app.inject('/signin'), await t.app.inject('/assets/none.js'), await t.app.inject('/api')];
    const expected = securityHeadersOf(answers[0]!.headers);
    expect(Object.keys(expected)).toEqual(SECURITY_HEADERS);
    expect(expected['content-security-policy']).toContain("script-src 'self'");
    expect(expected['x-frame-options']).toBe('DENY');
    for (const answer of answers) {
      expect(securityHeadersOf(answer.headers)).toEqual(expected);
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('are on the refusals Fastify answers before any handler: a body too large, a type it does not take', async () => {
    const expected = API_HEADERS;
    const answers = [
      await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
        headers: { 'content-type': 'application/json' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: 'email=a',
        headers: { 'content-type': 'text/plain' },
      }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([413, 415]);
    for (const answer of answers) {
      expect(securityHeadersOf(answer.headers)).toEqual(expected);
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
