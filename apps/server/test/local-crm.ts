import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server in Salesforce's and HubSpot's place, speaking the subset of their APIs LeadCircle calls:
// Salesforce's OAuth web-server flow with PKCE (an authorize page with a login form, token, refresh, revoke,
// userinfo), sobjects/Lead create/update/get/upsert by an external id field and SOQL queries; HubSpot's OAuth
// (authorize page, token, refresh, revoke), account info and crm/v3/objects/contacts create/update/batch
// upsert/search (under /hubspot). Switches play a CRM that misbehaves: spent tokens, a revoked refresh token, 429 then success,
// HTML, a huge answer, a hang, a redirect to a private address.

export const CRM_CLIENT = { id: 'local-client-id', secret: 'local-client-secret' };
export const CRM_LOGIN = { username: 'ada@acme.example', password: 'S3cret-Pass' };
export const HUBSPOT_PRIVATE_TOKEN = 'pat-na1-local-private-token';

type Misbehaviour =
  | 'html'
  | 'huge'
  | 'hang'
  | 'redirect-private'
  | { status: number; retryAfter?: string; body?: unknown };

export interface SalesforceLead {
  Id: string;
  fields: Record<string, unknown>;
  Status: string;
  IsConverted: boolean;
  ConvertedOpportunityId: string | null;
}

export interface LocalCrm {
  url: string;
  /** SALESFORCE_LOGIN_URL */
  salesforceLoginUrl: string;
  hubspotAuthUrl: string;
  hubspotApiUrl: string;
  env: Record<string, string>;
  salesforceLeads: Map<string, SalesforceLead>;
  opportunities: Map<string, { StageName: string; Amount: number | null }>;
  contacts: Map<string, { properties: Record<string, string> }>;
  /** Every API call (method and path), never a token. */
  calls: string[];
  revoked: string[];
  /** An upsert that updates answers 204 without the id (Salesforce before API 46), not 200 with it. */
  upsertAnswersNoContent: boolean;
  /** The instance_url the token answer gives (default: this server). */
  instanceUrl: string;
  /** The access tokens given so far stop working (Salesforce answers INVALID_SESSION_ID). */
  expireAccessTokens(): void;
  /** The refresh tokens given so far are refused (invalid_grant). */
  revokeRefreshTokens(): void;
  /** The next API calls (not OAuth) misbehave, one each. */
  misbehave(...next: Misbehaviour[]): void;
  /** Follows an authorize URL as a signed-in user would: the code and state it redirects with. */
  approve(authorizeUrl: string): Promise<{ code: string; state: string; redirectUri: string }>;
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(body === undefined ? '' : JSON.stringify(body));

const escapeHtml = (s: string) =>
  s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

function loginPage(title: string, action: string, params: URLSearchParams) {
  const hidden = [...params.entries()]
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body><main><h1>${title}</h1><form method="post" action="${action}">${hidden}<label>Username <input name="username" autocomplete="username"></label><label>Password <input name="password" type="password" autocomplete="current-password"></label><button type="submit">Log In</button></form></main></body></html>`;
}

export async function startLocalCrm(): Promise<LocalCrm> {
  const codes = new Map<string, { challenge: string; redirectUri: string; provider: 'sf' | 'hs' }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const hanging = new Set<http.ServerResponse>();
  let queue: Misbehaviour[] = [];
  let sequence = 0;
  const nextId = (prefix: string) => {
    sequence += 1;
    return `${prefix}${String(sequence).padStart(15 - prefix.length, '0')}`;
  };

  const crm = {} as LocalCrm;
  crm.salesforceLeads = new Map();
  crm.upsertAnswersNoContent = false;
  crm.opportunities = new Map();
  crm.contacts = new Map();
  crm.calls = [];
  crm.revoked = [];

  const issueTokens = () => {
    const access = crypto.randomBytes(12).toString('hex');
    const refresh = crypto.randomBytes(12).toString('hex');
    accessTokens.add(access);
    refreshTokens.add(refresh);
    return { access, refresh };
  };

  function authorizePost(res: http.ServerResponse, form: URLSearchParams, provider: 'sf' | 'hs') {
    const redirectUri = form.get('redirect_uri') ?? '';
    if (form.get('username') !== CRM_LOGIN.username || form.get('password') !== CRM_LOGIN.password) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(loginPage('Wrong username or password', '', form));
      return;
    }
    const code = crypto.randomBytes(8).toString('hex');
    codes.set(code, { challenge: form.get('code_challenge') ?? '', redirectUri, provider });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', form.get('state') ?? '');
    res.writeHead(302, { location: target.href }).end();
  }

  function tokenGrant(res: http.ServerResponse, form: URLSearchParams, provider: 'sf' | 'hs') {
    if (form.get('client_id') !== CRM_CLIENT.id || form.get('client_secret') !== CRM_CLIENT.secret) {
      return json(res, 400, { error: 'invalid_client', error_description: 'invalid client credentials' });
    }
    if (form.get('grant_type') === 'authorization_code') {
      const entry = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const pkceOk =
        provider === 'hs' || crypto.createHash('sha256').update(verifier).digest('base64url') === entry?.challenge;
      if (!entry || entry.provider !== provider || entry.redirectUri !== form.get('redirect_uri') || !pkceOk) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'authentication failure' });
      }
      const { access, refresh } = issueTokens();
      return json(res, 200, {
        access_token: access,
        refresh_token: refresh,
        ...(provider === 'sf' && { instance_url: crm.instanceUrl, id: `${crm.url}/id/00D/005`, token_type: 'Bearer' }),
        ...(provider === 'hs' && { expires_in: 1800 }),
      });
    }
    if (form.get('grant_type') === 'refresh_token') {
      if (!refreshTokens.has(form.get('refresh_token') ?? '')) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'expired access/refresh token' });
      }
      const access = crypto.randomBytes(12).toString('hex');
      accessTokens.add(access);
      return json(res, 200, { access_token: access, ...(provider === 'sf' && { instance_url: crm.instanceUrl }) });
    }
    return json(res, 400, { error: 'unsupported_grant_type' });
  }

  function misbehaved(res: http.ServerResponse): boolean {
    const next = queue.shift();
    if (next === undefined) return false;
    if (next === 'hang') hanging.add(res);
    else if (next === 'html')
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Maintenance</body></html>');
    else if (next === 'huge')
      res.writeHead(200, { 'content-type': 'application/json' }).end(`"${'x'.repeat(2 * 1024 * 1024)}"`);
    else if (next === 'redirect-private') res.writeHead(307, { location: 'http://10.0.0.7/services/data' }).end();
    else
      json(
        res,
        next.status,
        next.body ?? [{ message: 'Busy', errorCode: 'REQUEST_LIMIT_EXCEEDED' }],
        next.retryAfter ? { 'retry-after': next.retryAfter } : {},
      );
    return true;
  }

  function salesforceApi(req: http.IncomingMessage, res: http.ServerResponse, path: string, body: string) {
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!accessTokens.has(bearer)) {
      return json(res, 401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]);
    }
    if (path === '/services/oauth2/userinfo') {
      return json(res, 200, { preferred_username: CRM_LOGIN.username, name: 'Ada Lovelace' });
    }
    const url = new URL(path, crm.url);
    if (url.pathname === '/services/data/v59.0/sobjects/Lead' && req.method === 'POST') {
      const fields = JSON.parse(body) as Record<string, unknown>;
      if (!fields.LastName || !fields.Company) {
        return json(res, 400, [
          { message: 'Required fields are missing: [LastName]', errorCode: 'REQUIRED_FIELD_MISSING' },
        ]);
      }
      if (fields.Email === 'refused@example.com') {
        return json(res, 400, [
          { message: 'Leads from this domain are not accepted.', errorCode: 'FIELD_CUSTOM_VALIDATION_EXCEPTION' },
        ]);
      }
      const id = nextId('00Q');
      crm.salesforceLeads.set(id, {
        Id: id,
        fields,
        Status: 'Open - Not Contacted',
        IsConverted: false,
        ConvertedOpportunityId: null,
      });
      return json(res, 201, { id, success: true, errors: [] });
    }
    // Upsert by an external id field: 201 created, 200 with the id updated (204 when upsertAnswersNoContent).
    const byField = /^\/services\/data\/v59\.0\/sobjects\/Lead\/(\w+__c)\/([^/]+)$/.exec(url.pathname);
    if (byField && req.method === 'PATCH') {
      const [, field, value] = byField as unknown as [string, string, string];
      const fields = JSON.parse(body) as Record<string, unknown>;
      const matches = [...crm.salesforceLeads.values()].filter((l) => l.fields[field] === value);
      if (matches.length > 1) {
        return json(res, 300, [{ message: `More than one record for ${field}`, errorCode: 'MULTIPLE_CHOICES' }]);
      }
      const found = matches[0];
      if (found) {
        found.fields = { ...found.fields, ...fields, [field]: value };
        if (crm.upsertAnswersNoContent) return res.writeHead(204).end();
        return json(res, 200, { id: found.Id, success: true, errors: [], created: false });
      }
      if (!fields.LastName || !fields.Company) {
        return json(res, 400, [
          { message: 'Required fields are missing: [LastName]', errorCode: 'REQUIRED_FIELD_MISSING' },
        ]);
      }
      const id = nextId('00Q');
      crm.salesforceLeads.set(id, {
        Id: id,
        fields: { ...fields, [field]: value },
        Status: 'Open - Not Contacted',
        IsConverted: false,
        ConvertedOpportunityId: null,
      });
      return json(res, 201, { id, success: true, errors: [], created: true });
    }
    const one = /^\/services\/data\/v59\.0\/sobjects\/Lead\/(\w+)$/.exec(url.pathname);
    if (one) {
      const lead = crm.salesforceLeads.get(one[1]!);
      if (!lead) return json(res, 404, [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }]);
      if (req.method === 'PATCH') {
        lead.fields = { ...lead.fields, ...(JSON.parse(body) as Record<string, unknown>) };
        return res.writeHead(204).end();
      }
      return json(res, 200, { Id: lead.Id, ...lead.fields, Status: lead.Status });
    }
    if (url.pathname === '/services/data/v59.0/query') {
      const soql = url.searchParams.get('q') ?? '';
      const ids = [...soql.matchAll(/'(\w+)'/g)].map((m) => m[1]!);
      const byExternalId = /^SELECT Id FROM Lead WHERE (\w+__c) = '(\w+)' LIMIT 1$/.exec(soql);
      if (byExternalId) {
        const records = [...crm.salesforceLeads.values()]
          .filter((l) => l.fields[byExternalId[1]!] === byExternalId[2])
          .map((l) => ({ Id: l.Id }));
        return json(res, 200, { totalSize: records.length, done: true, records });
      }
      if (/FROM Lead/.test(soql)) {
        const records = ids
          .map((id) => crm.salesforceLeads.get(id))
          .filter((l) => l !== undefined)
          .map((l) => ({
            Id: `${l.Id}AAA`,
            Status: l.Status,
            IsConverted: l.IsConverted,
            ConvertedOpportunityId: l.ConvertedOpportunityId,
          }));
        return json(res, 200, { totalSize: records.length, done: true, records });
      }
      if (/FROM Opportunity/.test(soql)) {
        const records = ids
          .filter((id) => crm.opportunities.has(id))
          .map((id) => ({ Id: id, ...crm.opportunities.get(id) }));
        return json(res, 200, { totalSize: records.length, done: true, records });
      }
      return json(res, 400, [{ message: 'MALFORMED_QUERY', errorCode: 'MALFORMED_QUERY' }]);
    }
    return json(res, 404, [{ message: 'Not found', errorCode: 'NOT_FOUND' }]);
  }

  function hubspotApi(req: http.IncomingMessage, res: http.ServerResponse, path: string, body: string) {
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!accessTokens.has(bearer) && bearer !== HUBSPOT_PRIVATE_TOKEN) {
      return json(res, 401, {
        status: 'error',
        message: 'Authentication credentials not found.',
        category: 'INVALID_AUTHENTICATION',
      });
    }
    if (path === '/account-info/v3/details') return json(res, 200, { portalId: 4242, uiDomain: 'app.hubspot.com' });
    const parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    if (path === '/crm/v3/objects/contacts' && req.method === 'POST') {
      const id = String(100 + crm.contacts.size + sequence++);
      crm.contacts.set(id, { properties: (parsed.properties ?? {}) as Record<string, string> });
      return json(res, 201, { id, properties: parsed.properties });
    }
    if (path === '/crm/v3/objects/contacts/batch/upsert') {
      const input = (parsed.inputs as { id: string; properties: Record<string, string> }[])[0]!;
      let id = [...crm.contacts.entries()].find(([, c]) => c.properties.email === input.id)?.[0];
      if (id) crm.contacts.get(id)!.properties = { ...crm.contacts.get(id)!.properties, ...input.properties };
      else {
        id = String(100 + crm.contacts.size + sequence++);
        crm.contacts.set(id, { properties: { ...input.properties, email: input.id } });
      }
      return json(res, 200, { status: 'COMPLETE', results: [{ id, properties: crm.contacts.get(id)!.properties }] });
    }
    if (path === '/crm/v3/objects/contacts/search') {
      const ids = ((parsed.filterGroups as { filters: { values: string[] }[] }[])[0]!.filters[0]!.values ??
        []) as string[];
      const results = ids
        .filter((id) => crm.contacts.has(id))
        .map((id) => ({ id, properties: crm.contacts.get(id)!.properties }));
      return json(res, 200, { total: results.length, results });
    }
    const one = /^\/crm\/v3\/objects\/contacts\/(\d+)$/.exec(path);
    if (one && req.method === 'PATCH') {
      const contact = crm.contacts.get(one[1]!);
      if (!contact)
        return json(res, 404, { status: 'error', message: 'Object not found.', category: 'OBJECT_NOT_FOUND' });
      contact.properties = { ...contact.properties, ...((parsed.properties ?? {}) as Record<string, string>) };
      return json(res, 200, { id: one[1], properties: contact.properties });
    }
    return json(res, 404, { status: 'error', message: 'Not found' });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const full = req.url ?? '/';
      const path = full.split('?')[0]!;
      const form = new URLSearchParams(req.method === 'GET' ? (full.split('?')[1] ?? '') : body);
      // OAuth: never misbehaves.
      if (path === '/services/oauth2/authorize' || path === '/hubspot/oauth/authorize') {
        const provider = path.startsWith('/hubspot') ? 'hs' : 'sf';
        if (req.method === 'GET') {
          res
            .writeHead(200, { 'content-type': 'text/html' })
            .end(loginPage(provider === 'sf' ? 'Login | Salesforce' : 'Log in to HubSpot', path, form));
          return;
        }
        return authorizePost(res, form, provider);
      }
      if (path === '/services/oauth2/token') return tokenGrant(res, form, 'sf');
      if (path === '/hubspot/oauth/v1/token') return tokenGrant(res, form, 'hs');
      if (path === '/services/oauth2/revoke') {
        crm.revoked.push('salesforce');
        refreshTokens.delete(form.get('token') ?? '');
        return res.writeHead(200).end();
      }
      if (path.startsWith('/hubspot/oauth/v1/refresh-tokens/') && req.method === 'DELETE') {
        crm.revoked.push('hubspot');
        refreshTokens.delete(decodeURIComponent(path.slice('/hubspot/oauth/v1/refresh-tokens/'.length)));
        return res.writeHead(204).end();
      }
      crm.calls.push(`${req.method} ${path}`);
      if (misbehaved(res)) return;
      if (path.startsWith('/hubspot/')) return hubspotApi(req, res, path.slice('/hubspot'.length), body);
      return salesforceApi(req, res, full, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(crm, {
    url,
    instanceUrl: url,
    salesforceLoginUrl: url,
    hubspotAuthUrl: `${url}/hubspot/oauth/authorize`,
    hubspotApiUrl: `${url}/hubspot`,
    env: {
      OUTBOUND_ALLOW_LOOPBACK: 'true',
      SALESFORCE_LOGIN_URL: url,
      SALESFORCE_CLIENT_ID: CRM_CLIENT.id,
      SALESFORCE_CLIENT_SECRET: CRM_CLIENT.secret,
      HUBSPOT_AUTH_URL: `${url}/hubspot/oauth/authorize`,
      HUBSPOT_API_URL: `${url}/hubspot`,
    },
    expireAccessTokens: () => accessTokens.clear(),
    revokeRefreshTokens: () => refreshTokens.clear(),
    misbehave: (...next: Misbehaviour[]) => {
      queue = [...queue, ...next];
    },
    async approve(authorizeUrl: string) {
      const at = new URL(authorizeUrl);
      const form = new URLSearchParams(at.search);
      form.set('username', CRM_LOGIN.username);
      form.set('password', CRM_LOGIN.password);
      const res = await fetch(new URL(at.pathname, url), {
        method: 'POST',
        body: form,
        redirect: 'manual',
      });
      const location = new URL(res.headers.get('location') ?? '');
      return {
        code: location.searchParams.get('code') ?? '',
        state: location.searchParams.get('state') ?? '',
        redirectUri: `${location.origin}${location.pathname}`,
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return crm;
}
