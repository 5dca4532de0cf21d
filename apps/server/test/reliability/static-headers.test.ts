import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';

// The security headers are the same on every answer: a probe, a call, a refusal, a missing path.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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

describe('security headers on every answer', () => {
  it('are the same on a probe, a call, a 401, a 400 and a 404, each with its request id', async () => {
    const health = await t.app.inject('/api/health');
    const expected = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, health.headers[name]]));
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
      expect(Object.fromEntries(SECURITY_HEADERS.map((name) => [name, answer.headers[name]]))).toEqual(expected);
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(expected['x-frame-options']).toBe('DENY');
  });

  it('are on the refusals Fastify answers before any handler: a body too large, a type it does not take', async () => {
    const health = await t.app.inject('/api/health');
    const expected = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, health.headers[name]]));
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
      expect(Object.fromEntries(SECURITY_HEADERS.map((name) => [name, answer.headers[name]]))).toEqual(expected);
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
