import {
  CRM_DEFAULT_MAPPINGS,
  CRM_TEST_REASONS,
  CRM_TEXTS,
  CRM_URL_MESSAGE,
  type CrmConnectionAnswer,
  type CrmProvider,
  type CrmStatusMapping,
  type CrmTestResult,
  type crmSettingsRequest,
} from '@leadcircle/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { type AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { consumeRateLimits, RATE_LIMITS } from '../../http/rate-limit.js';
import { OutboundError, type OutboundPolicy } from '../../lib/outbound.js';
import { requireAdminOfOwnBusiness } from '../business/business.access.js';
import * as q from './crm.queries.js';
import { CrmError } from './crm-http.js';
import { crmClientFor, pkcePair, redirectUriFor, tokenBoxOf } from './crm-link.js';
import type { CrmConnected } from './crm-provider.js';
import { salesforceLogin } from './salesforce-login.js';

/** `/crm/user/check` (ADMINs): 404 when the business has no CRM integration. */
export async function checkCrmIntegration(deps: AppDeps, callerId: number): Promise<{ integrationExists: boolean }> {
  const { businessId } = await requireAdminOfOwnBusiness(deps.db, callerId);
  if (!(await q.findIntegration(deps.db, businessId))) throw notFound('CRM_NOT_FOUND');
  // A connection (or one set up with support) exists, whatever its state.
  return { integrationExists: true };
}

function outboundPolicy(deps: AppDeps): OutboundPolicy {
  return { ...deps.config.outbound, maxRedirects: 3, maxResponseBytes: 256 * 1024 };
}

/** An address we do not call is the caller's mistake (400); anything else that stops the login is the test's negative result. */
function outcomeOf(error: OutboundError, timeoutMs: number): CrmTestResult {
  const viaRedirect = error.afterRedirect ? 'redirects to an address that ' : '';
  switch (error.reason) {
    case 'protocol':
      throw badRequest(
        'CRM_URL_NOT_ALLOWED',
        error.afterRedirect ? 'The CRM address redirects to an address we do not call.' : CRM_URL_MESSAGE,
      );
    case 'address':
      throw badRequest('CRM_URL_PRIVATE', `The CRM address ${viaRedirect}is not a public internet address.`);
    case 'timeout':
      return { success: false, reason: CRM_TEST_REASONS.timeout(Math.round(timeoutMs / 1000)) };
    case 'redirects':
      return { success: false, reason: CRM_TEST_REASONS.tooManyRedirects };
    case 'too-large':
      return { success: false, reason: CRM_TEST_REASONS.answerTooLarge };
    default:
      return { success: false, reason: CRM_TEST_REASONS.unreachable };
  }
}

/**
 * The public CRM connection test: a real Salesforce login at the given address, limited per IP.
 * An address that cannot be reached is a negative result with its reason, not an error.
 * The password and token are used for this one request: never stored or logged.
 */
export async function testCrmConnection(
  deps: AppDeps,
  input: { url: string; username: string; password: string; securityToken: string },
  ip: string,
): Promise<CrmTestResult> {
  await consumeRateLimits(deps.db, [{ key: `crm-test:ip:${ip}`, rule: RATE_LIMITS.crmTestPerIp }], deps.clock.now());
  try {
    const result = await salesforceLogin(outboundPolicy(deps), input);
    deps.log.info({ outcome: result.success ? 'session' : 'refused' }, 'crm connection test');
    return result;
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    deps.log.info({ outcome: error.reason }, 'crm connection test not made');
    return outcomeOf(error, deps.config.outbound.timeoutMs);
  }
}

// ---- The business's connection (/admin/crms) ----

const STATE_TTL_MS = 10 * 60_000;

interface SealedState {
  userId: number;
  businessId: number;
  provider: CrmProvider;
  verifier: string;
  expiresAt: number;
}

/** The mapping in force: the admin's, or the provider's default. */
export function mappingOf(row: Pick<q.IntegrationRow, 'provider' | 'statusMapping'>): CrmStatusMapping {
  const stored = row.statusMapping as CrmStatusMapping | null;
  return stored && Object.keys(stored).length > 0 ? stored : CRM_DEFAULT_MAPPINGS[row.provider as CrmProvider];
}

function answer(deps: AppDeps, row: q.IntegrationRow | undefined): CrmConnectionAnswer {
  return {
    connection: row
      ? {
          provider: row.provider as CrmProvider,
          accountName: row.accountName,
          status: row.status === 'RECONNECT_NEEDED' ? 'RECONNECT_NEEDED' : 'CONNECTED',
          lastWorkedAt: row.lastWorkedAt?.toISOString() ?? null,
          lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
          autoSend: row.autoSend,
          mapping: mappingOf(row),
          instanceUrl: row.instanceUrl,
          externalIdField: row.externalIdField,
        }
      : null,
    oauth: {
      SALESFORCE: deps.config.crm.salesforce.oauth !== null,
      HUBSPOT: deps.config.crm.hubspot.oauth !== null,
    },
  };
}

/** /crm/connection/get (ADMINs). */
export async function getCrmConnection(deps: AppDeps, callerId: number): Promise<CrmConnectionAnswer> {
  const { businessId } = await requireAdminOfOwnBusiness(deps.db, callerId);
  return answer(deps, await q.findIntegration(deps.db, businessId));
}

/** A CRM's failure while connecting: a 4xx in words the admin can act on. */
function connectFailure(error: unknown): AppError {
  if (!(error instanceof CrmError)) throw error;
  return badRequest('CRM_CONNECT_FAILED', `The CRM refused the connection: ${error.message}`);
}

/** One CRM per business; a connection waiting for a reconnect (same CRM) or one set up with support may be replaced. */
function refuseIfConnected(row: q.IntegrationRow | undefined, provider: CrmProvider) {
  if (!row?.tokens) return;
  if (row.status === 'RECONNECT_NEEDED' && row.provider === provider) return;
  throw conflict('CRM_ALREADY_CONNECTED');
}

/** /crm/connect/start: the CRM's sign-in page, with a state only this admin can bring back (sealed, 10 minutes). */
export async function startCrmConnect(
  deps: AppDeps,
  callerId: number,
  provider: CrmProvider,
): Promise<{ url: string }> {
  const { businessId } = await requireAdminOfOwnBusiness(deps.db, callerId);
  refuseIfConnected(await q.findIntegration(deps.db, businessId), provider);
  const { verifier, challenge } = pkcePair();
  const sealed: SealedState = {
    userId: callerId,
    businessId,
    provider,
    verifier,
    expiresAt: deps.clock.now().getTime() + STATE_TTL_MS,
  };
  const state = tokenBoxOf(deps).seal(sealed, 'oauth-state');
  const url = crmClientFor(deps, provider).authorizeUrl({
    state,
    redirectUri: redirectUriFor(deps, provider),
    codeChallenge: challenge,
  });
  if (!url) throw conflict('CRM_NOT_CONFIGURED');
  return { url };
}

async function storeConnection(
  deps: AppDeps,
  callerId: number,
  businessId: number,
  provider: CrmProvider,
  connected: CrmConnected,
): Promise<CrmConnectionAnswer> {
  const now = deps.clock.now();
  const tokens = tokenBoxOf(deps).seal(connected.tokens, 'tokens');
  const values = {
    provider,
    accountName: connected.accountName.slice(0, 200),
    instanceUrl: connected.instanceUrl,
    tokens,
    status: 'CONNECTED',
    connectedBy: callerId,
    lastWorkedAt: now,
  };
  const row = await deps.db.transaction(async (tx) => {
    const existing = await q.findIntegration(tx, businessId);
    refuseIfConnected(existing, provider);
    if (!existing) return q.insertIntegration(tx, { businessId, ...values, createdAt: now });
    const reconnecting = existing.tokens !== null && existing.provider === provider;
    const updated = await q.updateIntegration(tx, businessId, {
      ...values,
      // A CRM set up with support before starts with the defaults.
      ...(!reconnecting && {
        autoSend: false,
        autoSendSince: null,
        statusMapping: null,
        externalIdField: null,
        lastSyncedAt: null,
      }),
    });
    if (reconnecting) await q.requeueWaitingPushes(tx, businessId, now);
    return updated;
  });
  if (!row) throw conflict('CRM_ALREADY_CONNECTED');
  deps.log.info({ businessId, provider }, 'crm connected');
  return answer(deps, row);
}

/** /crm/connect/finish: the code from the CRM's sign-in page, for the admin the state was made for. */
export async function finishCrmConnect(
  deps: AppDeps,
  callerId: number,
  input: { provider: CrmProvider; code: string; state: string },
): Promise<CrmConnectionAnswer> {
  const { businessId } = await requireAdminOfOwnBusiness(deps.db, callerId);
  const state = tokenBoxOf(deps).open<SealedState>(input.state, 'oauth-state');
  if (
    !state ||
    state.userId !== callerId ||
    state.businessId !== businessId ||
    state.provider !== input.provider ||
    state.expiresAt < deps.clock.now().getTime()
  ) {
    throw badRequest('CRM_STATE_INVALID');
  }
  refuseIfConnected(await q.findIntegration(deps.db, businessId), input.provider);
  let connected: CrmConnected;
  try {
    connected = await crmClientFor(deps, input.provider).exchangeCode({
      code: input.code,
      redirectUri: redirectUriFor(deps, input.provider),
      codeVerifier: state.verifier,
    });
  } catch (error) {
    throw connectFailure(error);
  }
  return storeConnection(deps, callerId, businessId, input.provider, connected);
}

/** /crm/connect/token: HubSpot with a private-app token, when this server has no HubSpot OAuth app. */
export async function connectCrmWithToken(
  deps: AppDeps,
  callerId: number,
  token: string,
): Promise<CrmConnectionAnswer> {
  const { businessId } = await requireAdminOfOwnBusiness(deps.db, callerId);
  if (deps.config.crm.hubspot.oauth)
    throw conflict('CRM_NOT_CONFIGURED', `Connect HubSpot with ${CRM_TEXTS.connect('HUBSPOT')}.`);
  refuseIfConnected(await q.findIntegration(deps.db, businessId), 'HUBSPOT');
  const client = crmClientFor(deps, 'HUBSPOT');
  let connected: CrmConnected;
  try {
    connected = await client.connectToken!(token);
  } catch (error) {
    if (error instanceof CrmError && error.kind === 'unauthorized') {
      throw badRequest('CRM_CONNECT_FAILED', 'HubSpot refused this access token.');
    }
    throw connectFailure(error);
  }
  return storeConnection(deps, callerId, businessId, 'HUBSPOT', connected);
}

/** /crm/settings/update: the automatic sending (from now on) and the status mapping. */
export async function updateCrmSettings(
  deps: AppDeps,
  callerId: number,
  input: z.output<typeof crmSettingsRequest>,
): Promise<CrmConnectionAnswer> {
  const { businessId } = await requireAdminOfOwnBusiness(deps.db, callerId);
  const row = await q.findIntegration(deps.db, businessId);
  if (!row) throw conflict('CRM_NOT_CONNECTED');
  if (input.external_id_field && row.provider !== 'SALESFORCE') {
    throw badRequest('VALIDATION_FAILED', 'An external ID field is a Salesforce setting.');
  }
  const updated = await q.updateIntegration(deps.db, businessId, {
    ...(input.external_id_field !== undefined && { externalIdField: input.external_id_field }),
    ...(input.auto_send !== undefined &&
      input.auto_send !== row.autoSend && {
        autoSend: input.auto_send,
        autoSendSince: input.auto_send ? deps.clock.now() : null,
      }),
    ...(input.mapping !== undefined && { statusMapping: input.mapping }),
  });
  return answer(deps, updated);
}

/** /crm/disconnect: the tokens revoked where the CRM offers it (best effort), then deleted with what was sent. */
export async function disconnectCrm(deps: AppDeps, callerId: number): Promise<CrmConnectionAnswer> {
  const { businessId } = await requireAdminOfOwnBusiness(deps.db, callerId);
  const row = await q.findIntegration(deps.db, businessId);
  if (!row) throw conflict('CRM_NOT_CONNECTED');
  const tokens = row.tokens ? tokenBoxOf(deps).open<CrmConnected['tokens']>(row.tokens, 'tokens') : undefined;
  const client = crmClientFor(deps, row.provider as CrmProvider);
  if (tokens && client.revoke) {
    try {
      await client.revoke({ instanceUrl: row.instanceUrl, tokens });
    } catch (error) {
      if (!(error instanceof CrmError)) throw error;
      deps.log.info({ businessId, provider: row.provider }, 'crm revoke not made; tokens deleted anyway');
    }
  }
  await deps.db.transaction(async (tx) => {
    await q.deleteBusinessPushes(tx, businessId);
    await q.deleteIntegration(tx, businessId);
  });
  deps.log.info({ businessId, provider: row.provider }, 'crm disconnected');
  return answer(deps, undefined);
}
