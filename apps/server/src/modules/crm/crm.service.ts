import { CRM_URL_MESSAGE } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import { badRequest, notFound, unprocessable } from '../../http/errors.js';
import { consumeRateLimits, RATE_LIMITS } from '../../http/rate-limit.js';
import { OutboundError, type OutboundPolicy } from '../../lib/outbound.js';
import { requireAdminOfOwnBusiness } from '../business/business.access.js';
import * as q from './crm.queries.js';
import { salesforceLogin } from './salesforce-login.js';

/** `/crm/user/check` (ADMINs): 404 when the business has no CRM integration. */
export async function checkCrmIntegration(deps: AppDeps, callerId: number): Promise<{ integrationExists: boolean }> {
  const { businessId } = await requireAdminOfOwnBusiness(deps.db, callerId);
  if (!(await q.findIntegration(deps.db, businessId))) throw notFound('CRM_NOT_FOUND');
  return { integrationExists: true };
}

function outboundPolicy(deps: AppDeps): OutboundPolicy {
  return { ...deps.config.outbound, maxRedirects: 3, maxResponseBytes: 256 * 1024 };
}

function refusal(error: OutboundError, timeoutMs: number) {
  const viaRedirect = error.afterRedirect ? 'redirects to an address that ' : '';
  switch (error.reason) {
    case 'protocol':
      return badRequest(
        'CRM_URL_NOT_ALLOWED',
        error.afterRedirect ? 'The CRM address redirects to an address we do not call.' : CRM_URL_MESSAGE,
      );
    case 'address':
      return badRequest('CRM_URL_PRIVATE', `The CRM address ${viaRedirect}is not a public internet address.`);
    case 'timeout':
      return unprocessable('CRM_TIMEOUT', `The CRM did not answer within ${Math.round(timeoutMs / 1000)} seconds.`);
    case 'redirects':
      return unprocessable('CRM_TOO_MANY_REDIRECTS');
    case 'too-large':
      return unprocessable('CRM_ANSWER_TOO_LARGE');
    default:
      return unprocessable('CRM_UNREACHABLE');
  }
}

/**
 * The public CRM connection test: a real Salesforce login at the given address,
 * limited per IP. The password and token are used for this one request: never stored or logged.
 */
export async function testCrmConnection(
  deps: AppDeps,
  input: { url: string; username: string; password: string; securityToken: string },
  ip: string,
): Promise<{ success: boolean }> {
  await consumeRateLimits(deps.db, [{ key: `crm-test:ip:${ip}`, rule: RATE_LIMITS.crmTestPerIp }], deps.clock.now());
  try {
    const success = await salesforceLogin(outboundPolicy(deps), input);
    deps.log.info({ outcome: success ? 'session' : 'refused' }, 'crm connection test');
    return { success };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    deps.log.info({ outcome: error.reason }, 'crm connection test not made');
    throw refusal(error, deps.config.outbound.timeoutMs);
  }
}
