import { CRM_EXTERNAL_ID_FIELD_PATTERN } from '@leadcircle/shared';
import type { CrmConfig } from '../../config.js';
import type { OutboundPolicy } from '../../lib/outbound.js';
import { CrmError, crmRequest } from './crm-http.js';
import type { CrmClient, CrmLeadFields, CrmLink, CrmRecordStatus } from './crm-provider.js';

// Salesforce through its REST API (plain calls through the outbound helper: docs/adr/0007-crm-clients.md):
// the OAuth 2.0 web-server flow with PKCE at SALESFORCE_LOGIN_URL, then every call at the token answer's
// instance_url: sobjects/Lead create, update, upsert by an external id field, and SOQL queries.

const API = '/services/data/v59.0';
const SCOPES = 'api refresh_token';

type TokenAnswer = { access_token?: unknown; refresh_token?: unknown; instance_url?: unknown };

const str = (v: unknown) => (typeof v === 'string' ? v : '');
// SOQL string literal: only Salesforce ids (15 or 18 letters and digits) are ever put in one.
const isSalesforceId = (id: string) => /^[a-zA-Z0-9]{15,18}$/.test(id);
// A custom field's API name; only such a name is put in a path or a SOQL query.
const isExternalIdField = (name: string) => CRM_EXTERNAL_ID_FIELD_PATTERN.test(name);

function salesforceLeadBody(lead: CrmLeadFields): Record<string, string> {
  return {
    FirstName: lead.firstName.slice(0, 40),
    // Salesforce requires LastName and Company.
    LastName: (lead.lastName || lead.firstName || 'Unknown').slice(0, 80),
    Company: (lead.company || 'Unknown').slice(0, 255),
    Title: lead.title.slice(0, 128),
    Email: lead.email,
    Phone: lead.phone.slice(0, 40),
    Street: lead.street.slice(0, 255),
    City: lead.city.slice(0, 40),
    State: lead.state.slice(0, 80),
    PostalCode: lead.postalCode.slice(0, 20),
    Country: 'US',
    Description: lead.description.slice(0, 32_000),
    LeadSource: 'LeadCircle',
  };
}

export function createSalesforceClient(config: CrmConfig['salesforce'], policy: OutboundPolicy): CrmClient {
  const login = config.loginUrl;
  const instanceOf = (link: CrmLink) => {
    if (!link.instanceUrl) throw new CrmError('unreachable', 'The Salesforce connection has no instance address.');
    return link.instanceUrl;
  };

  async function connected(answer: TokenAnswer) {
    const accessToken = str(answer.access_token);
    const instanceUrl = str(answer.instance_url).replace(/\/$/, '');
    if (!accessToken || !instanceUrl) throw new CrmError('refused', 'Salesforce gave no access token.');
    // Who we are connected as; also proves the instance address answers (and is one we call).
    const info = (await crmRequest(policy, `${instanceUrl}/services/oauth2/userinfo`, {
      method: 'GET',
      bearer: accessToken,
    })) as { preferred_username?: unknown; name?: unknown } | null;
    const refreshToken = str(answer.refresh_token);
    return {
      tokens: { accessToken, ...(refreshToken && { refreshToken }) },
      instanceUrl,
      accountName: str(info?.preferred_username) || str(info?.name) || 'Salesforce user',
    };
  }

  return {
    provider: 'SALESFORCE',
    authorizeUrl({ state, redirectUri, codeChallenge }) {
      if (!config.oauth) return null;
      const url = new URL(`${login}/services/oauth2/authorize`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.oauth.clientId,
        redirect_uri: redirectUri,
        scope: SCOPES,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.href;
    },
    async exchangeCode({ code, redirectUri, codeVerifier }) {
      if (!config.oauth) throw new CrmError('refused', 'Salesforce is not set up on this server.');
      const answer = (await crmRequest(policy, `${login}/services/oauth2/token`, {
        method: 'POST',
        form: {
          grant_type: 'authorization_code',
          code,
          client_id: config.oauth.clientId,
          client_secret: config.oauth.clientSecret,
          redirect_uri: redirectUri,
          code_verifier: codeVerifier,
        },
      })) as TokenAnswer;
      return connected(answer ?? {});
    },
    async refresh(link) {
      if (!config.oauth || !link.tokens.refreshToken) {
        throw new CrmError('unauthorized', 'Salesforce gave no refresh token.');
      }
      let answer: TokenAnswer;
      try {
        answer = (await crmRequest(policy, `${login}/services/oauth2/token`, {
          method: 'POST',
          form: {
            grant_type: 'refresh_token',
            refresh_token: link.tokens.refreshToken,
            client_id: config.oauth.clientId,
            client_secret: config.oauth.clientSecret,
          },
        })) as TokenAnswer;
      } catch (error) {
        // invalid_grant: the refresh token was revoked or expired; only connecting again helps.
        if (error instanceof CrmError && error.kind === 'refused') throw new CrmError('unauthorized', error.message);
        throw error;
      }
      const accessToken = str(answer?.access_token);
      if (!accessToken) throw new CrmError('unauthorized', 'Salesforce gave no access token.');
      return { accessToken, refreshToken: link.tokens.refreshToken };
    },
    async push(link, recordId, lead) {
      const base = `${instanceOf(link)}${API}/sobjects/Lead`;
      const body = salesforceLeadBody(lead);
      const recordUrl = (id: string) => `${instanceOf(link)}/lightning/r/Lead/${id}/view`;
      if (recordId && isSalesforceId(recordId)) {
        try {
          await crmRequest(policy, `${base}/${recordId}`, {
            method: 'PATCH',
            bearer: link.tokens.accessToken,
            json: body,
          });
          return { recordId, recordUrl: recordUrl(recordId) };
        } catch (error) {
          // Deleted in Salesforce: created again below.
          if (!(error instanceof CrmError && error.kind === 'not-found')) throw error;
        }
      }
      const field = link.externalIdField;
      if (field && isExternalIdField(field) && /^\d+$/.test(lead.externalId)) {
        // Upsert by the external id: 201 created, 200 (or 204 before API 46) updated.
        const upserted = (await crmRequest(policy, `${base}/${field}/${lead.externalId}`, {
          method: 'PATCH',
          bearer: link.tokens.accessToken,
          json: body,
        })) as { id?: unknown } | null;
        let id = str(upserted?.id);
        if (!isSalesforceId(id)) {
          // No id in the answer: the record holding the lead id.
          const soql = `SELECT Id FROM Lead WHERE ${field} = '${lead.externalId}' LIMIT 1`;
          const url = `${instanceOf(link)}${API}/query?q=${encodeURIComponent(soql)}`;
          const found = (await crmRequest(policy, url, { method: 'GET', bearer: link.tokens.accessToken })) as {
            records?: Record<string, unknown>[];
          } | null;
          id = str(Array.isArray(found?.records) ? found.records[0]?.Id : undefined);
        }
        if (!isSalesforceId(id)) throw new CrmError('unreachable', 'Salesforce did not answer the record’s id.');
        return { recordId: id, recordUrl: recordUrl(id) };
      }
      const created = (await crmRequest(policy, base, {
        method: 'POST',
        bearer: link.tokens.accessToken,
        json: body,
      })) as {
        id?: unknown;
      } | null;
      const id = str(created?.id);
      if (!isSalesforceId(id)) throw new CrmError('unreachable', 'Salesforce did not answer the new record’s id.');
      return { recordId: id, recordUrl: recordUrl(id) };
    },
    async readStatuses(link, recordIds) {
      const result = new Map<string, CrmRecordStatus>();
      const ids = recordIds.filter(isSalesforceId);
      const query = async (soql: string) => {
        const url = `${instanceOf(link)}${API}/query?q=${encodeURIComponent(soql)}`;
        const answer = (await crmRequest(policy, url, { method: 'GET', bearer: link.tokens.accessToken })) as {
          records?: Record<string, unknown>[];
        } | null;
        return Array.isArray(answer?.records) ? answer.records : [];
      };
      for (let i = 0; i < ids.length; i += 100) {
        const chunk = ids.slice(i, i + 100);
        const leads = await query(
          `SELECT Id, Status, IsConverted, ConvertedOpportunityId FROM Lead WHERE Id IN (${chunk.map((id) => `'${id}'`).join(',')})`,
        );
        const opportunityIds = leads.map((l) => str(l.ConvertedOpportunityId)).filter(isSalesforceId);
        const opportunities = new Map<string, Record<string, unknown>>();
        if (opportunityIds.length > 0) {
          const rows = await query(
            `SELECT Id, StageName, Amount FROM Opportunity WHERE Id IN (${opportunityIds.map((id) => `'${id}'`).join(',')})`,
          );
          for (const row of rows) opportunities.set(str(row.Id), row);
        }
        for (const lead of leads) {
          const opportunity =
            lead.IsConverted === true ? opportunities.get(str(lead.ConvertedOpportunityId)) : undefined;
          const amount = typeof opportunity?.Amount === 'number' ? Math.round(opportunity.Amount * 100) : null;
          const keys = [str(opportunity?.StageName), str(lead.Status)].filter(Boolean);
          // Salesforce answers 18-character ids; we may have stored either length.
          const id = chunk.find((c) => str(lead.Id).startsWith(c)) ?? str(lead.Id);
          result.set(id, { keys, amountCents: amount !== null && amount > 0 ? amount : null });
        }
      }
      return result;
    },
    async revoke(link) {
      const token = link.tokens.refreshToken ?? link.tokens.accessToken;
      await crmRequest(policy, `${login}/services/oauth2/revoke`, { method: 'POST', form: { token } });
    },
  };
}
