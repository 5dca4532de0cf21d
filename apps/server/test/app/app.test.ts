import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operations endpoints', () => {
  it('answers health and readiness', async () => {
    expect((await t.app.inject('/api/health')).json()).toMatchObject({ status: 'ok' });
    expect((await t.app.inject('/api/ready')).json()).toEqual({ status: 'ready' });
  });

  it('publishes the OpenAPI document with every spec call and the docs UI', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/user/login',
        '/api/user/email_signup',
        '/api/business/get_by_user',
        '/api/target/list',
        '/api/user/update_notifications',
        '/api/user/upload_avatar',
        '/api/user/remove_avatar',
        '/api/feedback/submit',
      ]),
    );
    expect((await t.app.inject('/api/docs/')).statusCode).toBe(200);
  });

  it('tells the browser what it needs to know, and no secret', async () => {
    const body = (await t.app.inject('/api/client-config')).json();
    expect(body).toMatchObject({ version: '1.1.1', sentryDsn: null, providers: { linkedin: false } });
    expect(JSON.stringify(body)).not.toContain(t.config.jwtSecret);
  });

  it('names the support address and the store links of the Download app page', async () => {
    const body = (await t.app.inject('/api/client-config')).json();
    expect(body).toMatchObject({
      supportEmail: 'support@leadcircle.app',
      downloadApp: {
        iosUrl: 'https://apps.apple.com/us/search?term=LeadCircle',
        androidUrl: 'https://play.google.com/store/search?q=LeadCircle&c=apps',
      },
    });
  });
});

describe('security headers and request ids', () => {
  it('sets a strict Content-Security-Policy on the pages', async () => {
    const res = await t.app.inject('/signin');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('echoes a well-formed X-Request-Id and makes one otherwise', async () => {
    const given = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'req-12345678' } });
    expect(given.headers['x-request-id']).toBe('req-12345678');
    const made = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': '<script>' } });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('bad input gets the contract error body, never a 500', () => {
  it('refuses malformed JSON with 400', async () => {
    const res = await post(t, '/user/login', '{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.', code: 'BAD_REQUEST' });
  });

  it('refuses wrong types with 400 and the field named', async () => {
    const res = await post(t, '/user/login', { email: 42, password: ['x'] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Email is required' },
        { path: 'password', message: 'Password is required' },
      ]),
    );
  });

  it('refuses unknown fields with 400', async () => {
    const res = await post(t, '/user/reset_password', { email: 'a@example.com', admin: true });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Unrecognized key.*admin/);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const res = await post(t, '/user/login', { email: 'a@example.com', password: 'x'.repeat(1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'The request body is larger than 1 MB.', code: 'BAD_REQUEST' });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: 'email=a',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Send the request body as application/json.');
  });

  it('answers an unknown call with 404 in the contract body', async () => {
    const res = await post(t, '/user/nothing_here', {});
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No such call: POST /api/user/nothing_here', code: 'NOT_FOUND' });
  });
});
