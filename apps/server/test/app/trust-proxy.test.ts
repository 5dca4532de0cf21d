import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { RATE_LIMITS } from '../../src/http/rate-limit.js';
import { post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

// The client address behind the per-IP limits: X-Forwarded-For counts only from a proxy we were told
// to trust (TRUST_PROXY); otherwise anyone could name a new address with each request.

let sequence = 0;
const signup = (t: TestApp, forwardedFor: string) => {
  sequence += 1;
  return post(
    t,
    '/user/email_signup',
    {
      first_name: 'Proxy',
      last_name: 'Tester',
      email: `proxy${sequence}.${Date.now()}@example.com`,
      password: 'Proxy-Pass-42',
    },
    { ip: '10.99.0.1', headers: { 'x-forwarded-for': forwardedFor } },
  );
};

async function fillIpLimit(t: TestApp, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i <= RATE_LIMITS.signupPerIp.limit; i++) statuses.push((await signup(t, forwardedFor(i))).status);
  return statuses;
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('TRUST_PROXY', () => {
  it('is off by default, in production too', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
  });

  it('reads true/false or a list of proxy addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1 ,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
  });

  it('names TRUST_PROXY when it is neither', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'the load balancer' })).toThrow(/^\s+TRUST_PROXY: /m);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
  });

  it('without it, a forged X-Forwarded-For does not escape the per-IP limit', async () => {
    t = await createTestApp();
    const statuses = await fillIpLimit(t, (i) => `203.0.113.${i + 1}`);
    expect(statuses.at(-1)).toBe(429);
  });

  it('with it, each client behind the proxy has a limit of its own', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.99.0.0/16' } });
    const statuses = await fillIpLimit(t, (i) => `203.0.113.${i + 1}`);
    expect(statuses).toEqual(Array(RATE_LIMITS.signupPerIp.limit + 1).fill(200));
    // One client is still limited through the proxy.
    const oneClient = await fillIpLimit(t, () => '198.51.100.7');
    expect(oneClient.at(-1)).toBe(429);
  });
});
