import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../helpers.js';
import { createTestApp, type TestApp } from '../test-app.js';

// /dev/mail shows the outbox, single-use links included: only to the machine itself, never in production.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signUp = (email: string, firstName = 'Dana') =>
  post(t, '/user/email_signup', { first_name: firstName, last_name: 'Outbox', email, password: 'Outbox-Pass-1' });

describe('/dev/mail', () => {
  it('shows the latest e-mails with their links to a caller on this machine', async () => {
    await signUp('outbox.reader@example.com');
    const page = await t.app.inject({ url: '/dev/mail', remoteAddress: '127.0.0.1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('To outbox.reader@example.com');
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/email\?action=SIGNUP_CONFIRMATION&amp;token=/);

    const json = await t.app.inject({ url: '/dev/mail.json', remoteAddress: '::1' });
    expect(json.statusCode).toBe(200);
    expect(json.json().mails.some((m: { to: string }) => m.to === 'outbox.reader@example.com')).toBe(true);
  });

  it('escapes what users typed', async () => {
    await signUp('outbox.escape@example.com', '<img src=x onerror=alert(1)>');
    const page = await t.app.inject({ url: '/dev/mail', remoteAddress: '127.0.0.1' });
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('answers 404 to a caller on another machine, whose links would sign them in as someone else', async () => {
    for (const url of ['/dev/mail', '/dev/mail.json']) {
      const res = await t.app.inject({ url, remoteAddress: '192.168.1.20' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('outbox.reader@example.com');
    }
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const res = await prod.app.inject({ url: '/dev/mail', remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
