import { CRM_TEST_MESSAGES, CRM_TEST_REASONS, CRM_URL_MESSAGE, MESSAGES } from '@leadcircle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmIntegrations } from '../../src/db/schema/index.js';
import { createAdmin, createMember } from '../billing.js';
import { createSignedInUser, post } from '../helpers.js';
import { type LocalSalesforce, SALESFORCE_USER, startLocalSalesforce } from '../local-salesforce.js';
import { createTestApp, type TestApp } from '../test-app.js';

// The CRM page's check and the public CRM connection test, against a
// local server that answers Salesforce's SOAP login.

let t: TestApp; // may call the local test server on 127.0.0.1
let strict: TestApp; // the production address rules: no loopback
let salesforce: LocalSalesforce;
beforeAll(async () => {
  salesforce = await startLocalSalesforce();
  t = await createTestApp({ env: { OUTBOUND_ALLOW_LOOPBACK: 'true', OUTBOUND_TIMEOUT_MS: '1000' } });
  strict = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await strict?.close();
  await salesforce?.close();
});

let ipSequence = 0;
/** Each test from its own address, so the per-IP limit is counted apart. */
const nextIp = () => {
  ipSequence += 1;
  return `203.0.113.${ipSequence}`;
};
const crmTest = (app: TestApp, body: Record<string, unknown>, ip = nextIp()) => post(app, '/crm/test', body, { ip });

describe('/crm/test against the local Salesforce', () => {
  it('answers success for the right password and security token, and no password travels back', async () => {
    const res = await crmTest(t, { url: salesforce.url, ...SALESFORCE_USER });
    expect(res).toEqual(expect.objectContaining({ status: 200, body: { success: true } }));
    expect(salesforce.logins.at(-1)).toEqual({ soapAction: 'login', username: SALESFORCE_USER.username });
  });

  it('answers no success, with the reason, for a wrong password, a missing token, or a server that is not Salesforce', async () => {
    const refused = { success: false, reason: CRM_TEST_REASONS.loginRefused };
    expect((await crmTest(t, { url: salesforce.url, ...SALESFORCE_USER, password: 'wrong' })).body).toEqual(refused);
    expect((await crmTest(t, { url: salesforce.url, ...SALESFORCE_USER, securityToken: '' })).body).toEqual(refused);
    // Its own path that is not a SOAP endpoint: a 404 page.
    expect((await crmTest(t, { url: `${salesforce.url}/services/Soap/u/x`, ...SALESFORCE_USER })).body).toEqual({
      success: false,
      reason: 'The address answered, but not as a Salesforce login does (HTTP 404).',
    });
  });

  it('follows a redirect to an allowed address, and refuses one to a private or metadata address', async () => {
    const viaRedirect = `${salesforce.url}/redirect-to/${encodeURIComponent(`${salesforce.url}/services/Soap/u/59.0`)}/services/Soap/u/59.0`;
    // The redirect route keeps its own path, so the login URL is the redirect itself.
    const ok = await crmTest(t, { url: viaRedirect, ...SALESFORCE_USER });
    expect(ok.status).toBe(200);
    for (const target of ['http://10.0.0.7/services/Soap/u/59.0', 'http://169.254.169.254/latest/meta-data/']) {
      const res = await crmTest(t, {
        url: `${salesforce.url}/redirect-to/${encodeURIComponent(target)}/services/Soap/u/59.0`,
        ...SALESFORCE_USER,
      });
      expect(res, target).toMatchObject({
        status: 400,
        body: {
          code: 'CRM_URL_PRIVATE',
          message: 'The CRM address redirects to an address that is not a public internet address.',
        },
      });
    }
  });

  it('gives up on a server that never answers: a negative result that says so', async () => {
    const res = await crmTest(t, { url: `${salesforce.url}/hang/services/Soap/u/59.0`, ...SALESFORCE_USER });
    expect(res).toMatchObject({
      status: 200,
      body: { success: false, reason: 'The CRM did not answer within 1 second.' },
    });
  });

  it('answers a negative result, not an error, when nothing listens at the address', async () => {
    const res = await crmTest(t, { url: 'http://127.0.0.1:9', ...SALESFORCE_USER });
    expect(res).toMatchObject({
      status: 200,
      body: { success: false, reason: 'We could not reach a server at that address.' },
    });
  });

  it('answers 400 for missing fields and an address that is no URL', async () => {
    expect((await crmTest(t, { url: salesforce.url, username: 'a' })).body).toMatchObject({
      message: 'Password is required',
    });
    expect((await crmTest(t, { url: '', username: 'a', password: 'b' })).body).toMatchObject({
      message: 'URL is required',
    });
    // Anything but an http(s) address is refused by the call's schema, before any connection.
    const notUrl = await crmTest(t, { url: 'login.salesforce', username: 'a', password: 'b' });
    expect(notUrl).toMatchObject({ status: 400, body: { message: CRM_URL_MESSAGE } });
    const ftp = await crmTest(t, { url: 'ftp://login.salesforce.com', username: 'a', password: 'b' });
    expect(ftp).toMatchObject({ status: 400, body: { message: CRM_URL_MESSAGE } });
  });

  it('limits the tests per IP address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await crmTest(t, { url: salesforce.url, ...SALESFORCE_USER, password: 'wrong' }, ip)).status).toBe(200);
    }
    const limited = await crmTest(t, { url: salesforce.url, ...SALESFORCE_USER }, ip);
    expect(limited).toMatchObject({ status: 429, body: { message: MESSAGES.tooManyAttempts } });
  });
});

describe('/crm/test with the production address rules', () => {
  it('refuses loopback, private, link-local and metadata addresses, before and after DNS', async () => {
    const port = new URL(salesforce.url).port;
    const before = salesforce.logins.length;
    for (const url of [
      salesforce.url,
      `http://localhost:${port}`,
      `http://[::1]:${port}`,
      `http://0x7f000001:${port}`,
      'http://10.1.2.3',
      'http://192.168.1.10',
      'http://172.16.5.4',
      'http://169.254.169.254',
      'http://[fd00:ec2::254]',
      'http://[::ffff:127.0.0.1]',
    ]) {
      const res = await crmTest(strict, { url, ...SALESFORCE_USER });
      expect(res, url).toMatchObject({
        status: 400,
        body: { code: 'CRM_URL_PRIVATE', message: 'The CRM address is not a public internet address.' },
      });
    }
    // The local server was never reached.
    expect(salesforce.logins.length).toBe(before);
  });

  it('is public, and its messages are the ones the page shows', () => {
    expect(CRM_TEST_MESSAGES.success).toBe('SUCCESS! We can easily connect to your CRM.');
  });
});

describe('/crm/user/check', () => {
  it('answers 401 without a session, 403 to a SALES user and to a user without a business', async () => {
    const { businessId } = await createAdmin(t);
    const member = await createMember(t, businessId);
    const loner = await createSignedInUser(t);
    expect((await post(t, '/crm/user/check', {})).status).toBe(401);
    expect((await post(t, '/crm/user/check', {}, { token: member.token })).status).toBe(403);
    expect((await post(t, '/crm/user/check', {}, { token: loner.accessToken })).status).toBe(403);
  });

  it('answers 404 when the business has no CRM, and integrationExists when it has one', async () => {
    const { businessId, token } = await createAdmin(t);
    expect(await post(t, '/crm/user/check', {}, { token })).toMatchObject({
      status: 404,
      body: { code: 'CRM_NOT_FOUND' },
    });
    await t.db.insert(crmIntegrations).values({ businessId, provider: 'SALESFORCE' });
    expect(await post(t, '/crm/user/check', {}, { token })).toMatchObject({
      status: 200,
      body: { integrationExists: true },
    });
  });
});
