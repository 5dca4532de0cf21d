import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../billing.js';
import { post } from '../helpers.js';
import { CRM_CLIENT, HUBSPOT_PRIVATE_TOKEN, type LocalCrm, startLocalCrm } from '../local-crm.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { connectCrm, createCrmWorld, integrationOf } from './support.js';

// Connecting a business's CRM: Salesforce's OAuth web-server flow with PKCE, HubSpot's OAuth or a private-app
// token, against a local server speaking their APIs.

let crm: LocalCrm;
let t: TestApp;
let hubspotOauth: TestApp;
beforeAll(async () => {
  crm = await startLocalCrm();
  t = await createTestApp({ env: { ...crm.env, OUTBOUND_TIMEOUT_MS: '1000' } });
  hubspotOauth = await createTestApp({
    env: { ...crm.env, HUBSPOT_CLIENT_ID: CRM_CLIENT.id, HUBSPOT_CLIENT_SECRET: CRM_CLIENT.secret },
  });
});
afterAll(async () => {
  await t?.close();
  await hubspotOauth?.close();
  await crm?.close();
});

describe('connecting Salesforce', () => {
  it('sends the admin to the login page with PKCE, stores the connection, and never answers the tokens', async () => {
    const w = await createCrmWorld(t);
    const start = await post(t, '/crm/connect/start', { provider: 'SALESFORCE' }, { token: w.admin.token });
    expect(start.status).toBe(200);
    const url = new URL(start.body.url);
    expect(url.origin + url.pathname).toBe(`${crm.url}/services/oauth2/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/admin/crms/salesforce/callback');
    expect(url.searchParams.get('scope')).toBe('api refresh_token');
    const { code, state } = await crm.approve(start.body.url);
    const finish = await post(
      t,
      '/crm/connect/finish',
      { provider: 'SALESFORCE', code, state },
      { token: w.admin.token },
    );
    expect(finish.status).toBe(200);
    expect(finish.body.connection).toMatchObject({
      provider: 'SALESFORCE',
      accountName: 'ada@acme.example',
      status: 'CONNECTED',
      autoSend: false,
      instanceUrl: crm.url,
    });
    expect(finish.body.connection.lastWorkedAt).not.toBeNull();
    const row = await integrationOf(t, w.businessId);
    expect(row?.tokens).toMatch(/^v1\./);
    expect(JSON.stringify(finish.body)).not.toContain(row!.tokens!);
    expect(await post(t, '/crm/user/check', {}, { token: w.admin.token })).toMatchObject({
      status: 200,
      body: { integrationExists: true },
    });
    // One CRM per business.
    expect((await post(t, '/crm/connect/start', { provider: 'HUBSPOT' }, { token: w.admin.token })).body.code).toBe(
      'CRM_ALREADY_CONNECTED',
    );
  });

  it('refuses a state made for another admin, a changed state, and a wrong code; nothing is stored', async () => {
    const w = await createCrmWorld(t);
    const other = await createCrmWorld(t);
    const start = await post(t, '/crm/connect/start', { provider: 'SALESFORCE' }, { token: w.admin.token });
    const { code, state } = await crm.approve(start.body.url);
    const asOther = await post(
      t,
      '/crm/connect/finish',
      { provider: 'SALESFORCE', code, state },
      { token: other.admin.token },
    );
    expect(asOther).toMatchObject({ status: 400, body: { code: 'CRM_STATE_INVALID' } });
    const tampered = await post(
      t,
      '/crm/connect/finish',
      { provider: 'SALESFORCE', code, state: `${state.slice(0, -2)}xx` },
      { token: w.admin.token },
    );
    expect(tampered).toMatchObject({ status: 400, body: { code: 'CRM_STATE_INVALID' } });
    const wrongCode = await post(
      t,
      '/crm/connect/finish',
      { provider: 'SALESFORCE', code: 'nope', state },
      { token: w.admin.token },
    );
    expect(wrongCode).toMatchObject({ status: 400, body: { code: 'CRM_CONNECT_FAILED' } });
    expect(wrongCode.body.message).toContain('authentication failure');
    expect(await integrationOf(t, w.businessId)).toBeUndefined();
    expect(await integrationOf(t, other.businessId)).toBeUndefined();
  });

  it('refuses an instance_url at a private address, with a clear message', async () => {
    const w = await createCrmWorld(t);
    crm.instanceUrl = 'http://10.1.2.3';
    try {
      const res = await connectCrm(t, crm, w.admin.token);
      expect(res).toMatchObject({ status: 400, body: { code: 'CRM_CONNECT_FAILED' } });
      expect(res.body.message).toContain('not a public internet address');
    } finally {
      crm.instanceUrl = crm.url;
    }
    expect(await integrationOf(t, w.businessId)).toBeUndefined();
  });

  it('answers bad CRM answers with a clear 4xx: HTML, 2 MB, a hang, a redirect to a private address', async () => {
    const w = await createCrmWorld(t);
    const expected = [
      ['html', 'web page'],
      ['huge', 'more than 1 MB'],
      ['hang', 'did not answer within 1 seconds'],
      ['redirect-private', 'redirected to an address that is not a public internet address'],
    ] as const;
    for (const [misbehaviour, words] of expected) {
      crm.misbehave(misbehaviour);
      const res = await connectCrm(t, crm, w.admin.token);
      expect(res.status, misbehaviour).toBe(400);
      expect(res.body.message, misbehaviour).toContain(words);
    }
    expect(await integrationOf(t, w.businessId)).toBeUndefined();
  });

  it('refuses a member, a stranger and an admin of another business at every connection call', async () => {
    const w = await createCrmWorld(t);
    await connectCrm(t, crm, w.admin.token);
    const other = await createCrmWorld(t);
    const calls: [string, unknown][] = [
      ['/crm/connection/get', {}],
      ['/crm/connect/start', { provider: 'SALESFORCE' }],
      ['/crm/connect/finish', { provider: 'SALESFORCE', code: 'x', state: 'y' }],
      ['/crm/connect/token', { token: 'abc' }],
      ['/crm/settings/update', { auto_send: true }],
      ['/crm/disconnect', {}],
      ['/crm/sync', {}],
    ];
    for (const [path, body] of calls) {
      expect((await post(t, path, body)).status, path).toBe(401);
      expect((await post(t, path, body, { token: w.member.token })).status, path).toBe(403);
      expect((await post(t, path, body, { token: w.stranger.token })).status, path).toBe(403);
    }
    // The other business's admin sees their own (none), and cannot touch this one.
    expect((await post(t, '/crm/connection/get', {}, { token: other.admin.token })).body.connection).toBeNull();
    expect((await post(t, '/crm/disconnect', {}, { token: other.admin.token })).status).toBe(409);
    expect(await integrationOf(t, w.businessId)).toBeDefined();
  });

  it('disconnecting revokes the token at Salesforce and deletes it', async () => {
    const w = await createCrmWorld(t);
    await connectCrm(t, crm, w.admin.token);
    const res = await post(t, '/crm/disconnect', {}, { token: w.admin.token });
    expect(res).toMatchObject({ status: 200, body: { connection: null } });
    expect(crm.revoked).toContain('salesforce');
    expect(await integrationOf(t, w.businessId)).toBeUndefined();
    expect((await post(t, '/crm/user/check', {}, { token: w.admin.token })).status).toBe(404);
  });

  it('updates the automatic sending and the mapping, and refuses a bad mapping', async () => {
    const w = await createCrmWorld(t);
    await connectCrm(t, crm, w.admin.token);
    const res = await post(
      t,
      '/crm/settings/update',
      { auto_send: true, mapping: { 'Working - Contacted': 'MEETING', 'Closed Won': 'WON' } },
      { token: w.admin.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.connection).toMatchObject({
      autoSend: true,
      mapping: { 'Working - Contacted': 'MEETING', 'Closed Won': 'WON' },
    });
    const bad = await post(
      t,
      '/crm/settings/update',
      { mapping: { 'A\u0000': 'WON', B: 'SOLD' } },
      { token: w.admin.token },
    );
    expect(bad.status).toBe(400);
    expect((await integrationOf(t, w.businessId))?.statusMapping).toEqual({
      'Working - Contacted': 'MEETING',
      'Closed Won': 'WON',
    });
  });
});

describe('the Salesforce external ID field', () => {
  it('is stored, answered and cleared by an admin; a bad name is refused and changes nothing', async () => {
    const w = await createCrmWorld(t);
    await connectCrm(t, crm, w.admin.token);
    const before = await post(t, '/crm/connection/get', {}, { token: w.admin.token });
    expect(before.body.connection.externalIdField).toBeNull();
    const set = await post(
      t,
      '/crm/settings/update',
      { external_id_field: ' LeadCircle_Id__c ' },
      { token: w.admin.token },
    );
    expect(set.status).toBe(200);
    expect(set.body.connection.externalIdField).toBe('LeadCircle_Id__c');
    for (const bad of [
      'Email',
      '1Lead__c',
      'Lead Circle__c',
      'Id__c; DROP',
      `${'A'.repeat(41)}__c`,
      'X__c\u0000',
      42,
    ]) {
      const res = await post(t, '/crm/settings/update', { external_id_field: bad }, { token: w.admin.token });
      expect(res.status, String(bad)).toBe(400);
      // A control character is refused by the text rule, with its own message.
      expect(res.body.message, String(bad)).toMatch(typeof bad === 'string' && bad.includes('\u0000') ? /\S/ : /__c/);
    }
    expect((await integrationOf(t, w.businessId))?.externalIdField).toBe('LeadCircle_Id__c');
    const cleared = await post(t, '/crm/settings/update', { external_id_field: '' }, { token: w.admin.token });
    expect(cleared.body.connection.externalIdField).toBeNull();
    expect((await integrationOf(t, w.businessId))?.externalIdField).toBeNull();
  });

  it('refuses a member, a stranger, another business’s admin, and a HubSpot connection', async () => {
    const w = await createCrmWorld(t);
    await connectCrm(t, crm, w.admin.token);
    const body = { external_id_field: 'LeadCircle_Id__c' };
    expect((await post(t, '/crm/settings/update', body)).status).toBe(401);
    expect((await post(t, '/crm/settings/update', body, { token: w.member.token })).status).toBe(403);
    expect((await post(t, '/crm/settings/update', body, { token: w.stranger.token })).status).toBe(403);
    const other = await createCrmWorld(t);
    expect((await post(t, '/crm/settings/update', body, { token: other.admin.token })).status).toBe(409);
    expect((await integrationOf(t, w.businessId))?.externalIdField).toBeNull();
    const hub = await createCrmWorld(t);
    await post(t, '/crm/connect/token', { token: HUBSPOT_PRIVATE_TOKEN }, { token: hub.admin.token });
    const refused = await post(t, '/crm/settings/update', body, { token: hub.admin.token });
    expect(refused.status).toBe(400);
    expect((await integrationOf(t, hub.businessId))?.externalIdField).toBeNull();
  });
});

describe('connecting HubSpot', () => {
  it('takes a pasted private-app token when OAuth is not set up, and refuses a wrong one', async () => {
    const w = await createCrmWorld(t);
    const wrong = await post(t, '/crm/connect/token', { token: 'pat-wrong' }, { token: w.admin.token });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'CRM_CONNECT_FAILED' } });
    const res = await post(t, '/crm/connect/token', { token: HUBSPOT_PRIVATE_TOKEN }, { token: w.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.connection).toMatchObject({ provider: 'HUBSPOT', accountName: 'HubSpot account 4242' });
    expect(res.body.oauth).toEqual({ SALESFORCE: true, HUBSPOT: false });
  });

  it('connects with OAuth when it is set up', async () => {
    const w = await createCrmWorld(hubspotOauth);
    const res = await connectCrm(hubspotOauth, crm, w.admin.token, 'HUBSPOT');
    expect(res.status).toBe(200);
    expect(res.body.connection).toMatchObject({ provider: 'HUBSPOT', status: 'CONNECTED' });
    expect((await post(hubspotOauth, '/crm/connect/token', { token: 'x' }, { token: w.admin.token })).status).toBe(409);
  });
});

describe('the token box', () => {
  it('an admin session is what binds the state: a token for the same admin works, a forged one does not', async () => {
    const w = await createCrmWorld(t);
    const start = await post(t, '/crm/connect/start', { provider: 'SALESFORCE' }, { token: w.admin.token });
    const { code, state } = await crm.approve(start.body.url);
    const again = await tokenFor(t, w.admin.userId);
    const res = await post(t, '/crm/connect/finish', { provider: 'SALESFORCE', code, state }, { token: again });
    expect(res.status).toBe(200);
  });
});
