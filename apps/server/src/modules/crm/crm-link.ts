import crypto from 'node:crypto';
import { CRM_CALLBACK_SLUGS, type CrmProvider, ROUTES, routePath } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import { loadCrmTokenKey } from '../../lib/secrets.js';
import * as q from './crm.queries.js';
import { CrmError, crmPolicy } from './crm-http.js';
import type { CrmClient, CrmLink, CrmTokens } from './crm-provider.js';
import { createHubSpotClient } from './hubspot.js';
import { createSalesforceClient } from './salesforce.js';
import { createTokenBox, type TokenBox } from './token-box.js';

// A stored connection put to work: its client, its tokens out of their box, a spent access token refreshed
// and the call tried once more; a refused refresh marks the connection RECONNECT_NEEDED.

// One box per key source, so the key file in DATA_DIR is read once, not on every CRM call.
const boxes = new Map<string, TokenBox>();

export function tokenBoxOf(deps: AppDeps): TokenBox {
  const { dataDir, crm } = deps.config;
  const source = `${crm.tokenKey ?? ''}\0${dataDir}`;
  let box = boxes.get(source);
  if (!box) {
    box = createTokenBox(loadCrmTokenKey(crm.tokenKey, dataDir));
    boxes.set(source, box);
  }
  return box;
}

export function crmClientFor(deps: AppDeps, provider: CrmProvider): CrmClient {
  const policy = crmPolicy(deps.config.outbound);
  return provider === 'SALESFORCE'
    ? createSalesforceClient(deps.config.crm.salesforce, policy)
    : createHubSpotClient(deps.config.crm.hubspot, policy);
}

/** The CRM refused the stored authorisation: only an admin connecting again helps. */
export class CrmReconnectNeeded extends Error {}

export function redirectUriFor(deps: AppDeps, provider: CrmProvider): string {
  return `${deps.config.appUrl}${routePath(ROUTES.adminCrmCallback, { provider: CRM_CALLBACK_SLUGS[provider] })}`;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

/** Runs `work` with the connection's tokens; a 401 refreshes them once. */
export async function withCrmLink<T>(
  deps: AppDeps,
  row: q.IntegrationRow,
  work: (client: CrmClient, link: CrmLink) => Promise<T>,
): Promise<T> {
  const provider = row.provider as CrmProvider;
  const tokens = row.tokens ? tokenBoxOf(deps).open<CrmTokens>(row.tokens, 'tokens') : undefined;
  if (!tokens || row.status !== 'CONNECTED') throw new CrmReconnectNeeded();
  const client = crmClientFor(deps, provider);
  const link: CrmLink = { instanceUrl: row.instanceUrl, tokens, externalIdField: row.externalIdField };
  const worked = async () => {
    await q.updateIntegration(deps.db, row.businessId, { lastWorkedAt: deps.clock.now() });
  };
  const reconnect = async () => {
    await q.updateIntegration(deps.db, row.businessId, { status: 'RECONNECT_NEEDED' });
    deps.log.info({ businessId: row.businessId, provider }, 'crm authorisation refused: reconnect needed');
    return new CrmReconnectNeeded();
  };
  try {
    const result = await work(client, link);
    await worked();
    return result;
  } catch (error) {
    if (!(error instanceof CrmError && error.kind === 'unauthorized')) throw error;
  }
  let fresh: CrmTokens;
  try {
    fresh = await client.refresh(link);
  } catch (error) {
    if (error instanceof CrmError && error.kind === 'unauthorized') throw await reconnect();
    throw error;
  }
  await q.updateIntegration(deps.db, row.businessId, { tokens: tokenBoxOf(deps).seal(fresh, 'tokens') });
  try {
    const result = await work(client, { ...link, tokens: fresh });
    await worked();
    return result;
  } catch (error) {
    if (error instanceof CrmError && error.kind === 'unauthorized') throw await reconnect();
    throw error;
  }
}
