import type { CrmConfig } from '../../config.js';
import type { OutboundPolicy } from '../../lib/outbound.js';
import { CrmError, crmRequest } from './crm-http.js';
import type { CrmClient, CrmConnected, CrmLeadFields, CrmLink, CrmRecordStatus, CrmTokens } from './crm-provider.js';

// HubSpot through its REST API (plain calls through the outbound helper: docs/adr/0007-crm-clients.md):
// OAuth at HUBSPOT_AUTH_URL (or a pasted private-app token), every call at HUBSPOT_API_URL; a lead is a
// contact, updated by its stored id, or upserted by e-mail when none is stored.

const SCOPES = 'crm.objects.contacts.write crm.objects.contacts.read';
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const isHubSpotId = (id: string) => /^\d{1,20}$/.test(id);

function hubspotContactProperties(lead: CrmLeadFields): Record<string, string> {
  return {
    firstname: lead.firstName,
    lastname: lead.lastName,
    company: lead.company,
    jobtitle: lead.title,
    email: lead.email,
    phone: lead.phone,
    address: lead.street,
    city: lead.city,
    state: lead.state,
    zip: lead.postalCode,
    country: 'US',
    hs_lead_status: 'NEW',
    message: lead.description.slice(0, 65_000),
  };
}

export function createHubSpotClient(config: CrmConfig['hubspot'], policy: OutboundPolicy): CrmClient {
  const api = config.apiUrl;

  async function account(accessToken: string): Promise<{ accountName: string; instanceUrl: string }> {
    const info = (await crmRequest(policy, `${api}/account-info/v3/details`, {
      method: 'GET',
      bearer: accessToken,
    })) as {
      portalId?: unknown;
      uiDomain?: unknown;
    } | null;
    const portalId = str(info?.portalId);
    if (!isHubSpotId(portalId)) throw new CrmError('refused', 'HubSpot did not name the account.');
    const uiDomain = /^[a-z0-9.-]+$/i.test(str(info?.uiDomain)) ? str(info?.uiDomain) : 'app.hubspot.com';
    return { accountName: `HubSpot account ${portalId}`, instanceUrl: `https://${uiDomain}/contacts/${portalId}` };
  }

  async function tokenCall(form: Record<string, string>): Promise<CrmTokens> {
    const answer = (await crmRequest(policy, `${api}/oauth/v1/token`, { method: 'POST', form })) as {
      access_token?: unknown;
      refresh_token?: unknown;
    } | null;
    const accessToken = str(answer?.access_token);
    if (!accessToken) throw new CrmError('refused', 'HubSpot gave no access token.');
    const refreshToken = str(answer?.refresh_token);
    return { accessToken, ...(refreshToken && { refreshToken }) };
  }

  const recordUrl = (link: CrmLink, id: string) =>
    `${link.instanceUrl ?? 'https://app.hubspot.com/contacts/0'}/record/0-1/${id}`;

  return {
    provider: 'HUBSPOT',
    authorizeUrl({ state, redirectUri }) {
      if (!config.oauth) return null;
      const url = new URL(config.authUrl);
      url.search = new URLSearchParams({
        client_id: config.oauth.clientId,
        redirect_uri: redirectUri,
        scope: SCOPES,
        state,
      }).toString();
      return url.href;
    },
    async exchangeCode({ code, redirectUri }): Promise<CrmConnected> {
      if (!config.oauth) throw new CrmError('refused', 'HubSpot is not set up on this server.');
      const tokens = await tokenCall({
        grant_type: 'authorization_code',
        client_id: config.oauth.clientId,
        client_secret: config.oauth.clientSecret,
        redirect_uri: redirectUri,
        code,
      });
      return { tokens, ...(await account(tokens.accessToken)) };
    },
    async connectToken(token) {
      return { tokens: { accessToken: token }, ...(await account(token)) };
    },
    async refresh(link) {
      if (!config.oauth || !link.tokens.refreshToken) {
        throw new CrmError('unauthorized', 'HubSpot refused the access token.');
      }
      try {
        return await tokenCall({
          grant_type: 'refresh_token',
          client_id: config.oauth.clientId,
          client_secret: config.oauth.clientSecret,
          refresh_token: link.tokens.refreshToken,
        });
      } catch (error) {
        if (error instanceof CrmError && error.kind === 'refused') throw new CrmError('unauthorized', error.message);
        throw error;
      }
    },
    async push(link, recordId, lead) {
      const properties = hubspotContactProperties(lead);
      const bearer = link.tokens.accessToken;
      if (recordId && isHubSpotId(recordId)) {
        try {
          await crmRequest(policy, `${api}/crm/v3/objects/contacts/${recordId}`, {
            method: 'PATCH',
            bearer,
            json: { properties },
          });
          return { recordId, recordUrl: recordUrl(link, recordId) };
        } catch (error) {
          if (!(error instanceof CrmError && error.kind === 'not-found')) throw error;
        }
      }
      let id: string;
      if (lead.email) {
        // By e-mail: a contact HubSpot already has is updated, not doubled.
        const answer = (await crmRequest(policy, `${api}/crm/v3/objects/contacts/batch/upsert`, {
          method: 'POST',
          bearer,
          json: { inputs: [{ idProperty: 'email', id: lead.email, properties }] },
        })) as { results?: { id?: unknown }[] } | null;
        id = str(answer?.results?.[0]?.id);
      } else {
        const answer = (await crmRequest(policy, `${api}/crm/v3/objects/contacts`, {
          method: 'POST',
          bearer,
          json: { properties },
        })) as { id?: unknown } | null;
        id = str(answer?.id);
      }
      if (!isHubSpotId(id)) throw new CrmError('unreachable', 'HubSpot did not answer the contact’s id.');
      return { recordId: id, recordUrl: recordUrl(link, id) };
    },
    async readStatuses(link, recordIds) {
      const result = new Map<string, CrmRecordStatus>();
      const ids = recordIds.filter(isHubSpotId);
      for (let i = 0; i < ids.length; i += 100) {
        const answer = (await crmRequest(policy, `${api}/crm/v3/objects/contacts/search`, {
          method: 'POST',
          bearer: link.tokens.accessToken,
          json: {
            filterGroups: [
              { filters: [{ propertyName: 'hs_object_id', operator: 'IN', values: ids.slice(i, i + 100) }] },
            ],
            properties: ['hs_lead_status', 'lifecyclestage'],
            limit: 100,
          },
        })) as { results?: { id?: unknown; properties?: Record<string, unknown> }[] } | null;
        for (const row of answer?.results ?? []) {
          const keys = [str(row.properties?.lifecyclestage), str(row.properties?.hs_lead_status)].filter(Boolean);
          result.set(str(row.id), { keys, amountCents: null });
        }
      }
      return result;
    },
    async revoke(link) {
      if (!link.tokens.refreshToken) return;
      await crmRequest(policy, `${api}/oauth/v1/refresh-tokens/${encodeURIComponent(link.tokens.refreshToken)}`, {
        method: 'DELETE',
      });
    },
  };
}
