import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-app.js';

// The security headers say one thing, and HSTS goes only where the answer travels over HTTPS.

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((t) => t.close())));
async function appWith(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  apps.push(t);
  return t;
}
const overHttps = { 'x-forwarded-proto': 'https' };

describe('security headers', () => {
  it('forbid framing the same way in the CSP and in X-Frame-Options', async () => {
    const t = await appWith();
    const res = await t.app.inject('/api/health');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('send no HSTS over plain HTTP, nor for an X-Forwarded-Proto from a proxy nobody trusts', async () => {
    const t = await appWith();
    expect((await t.app.inject('/api/health')).headers['strict-transport-security']).toBeUndefined();
    const forged = await t.app.inject({ url: '/api/health', headers: overHttps });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('send HSTS on answers to HTTPS requests through a trusted proxy', async () => {
    const t = await appWith({ TRUST_PROXY: 'true' });
    const res = await t.app.inject({ url: '/api/health', headers: overHttps });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await t.app.inject('/api/health')).headers['strict-transport-security']).toBeUndefined();
  });

  it('send HSTS on every answer with HSTS=true, and never with HSTS=false', async () => {
    const always = await appWith({ HSTS: 'true' });
    expect((await always.app.inject('/api/health')).headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    const never = await appWith({ HSTS: 'false', TRUST_PROXY: 'true' });
    const res = await never.app.inject({ url: '/api/health', headers: overHttps });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
