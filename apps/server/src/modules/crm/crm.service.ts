import { CRM_TEST_REASONS, CRM_URL_MESSAGE, type CrmTestResult } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import { badRequest, notFound } from '../../http/errors.js';
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
