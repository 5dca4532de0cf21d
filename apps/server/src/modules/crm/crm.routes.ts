import { crmCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import { checkCrmIntegration, testCrmConnection } from './crm.service.js';

export function registerCrmRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(crmCalls.check, ({ userId }) => checkCrmIntegration(deps, userId));
  call(crmCalls.test, ({ body, ip }) => testCrmConnection(deps, body, ip));
}
