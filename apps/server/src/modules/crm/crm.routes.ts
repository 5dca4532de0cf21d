import { crmCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import {
  checkCrmIntegration,
  connectCrmWithToken,
  disconnectCrm,
  finishCrmConnect,
  getCrmConnection,
  startCrmConnect,
  testCrmConnection,
  updateCrmSettings,
} from './crm.service.js';
import { getCrmLeadState, sendLeadToCrm, syncCrmNow } from './crm-push.service.js';

export function registerCrmRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(crmCalls.check, ({ userId }) => checkCrmIntegration(deps, userId));
  call(crmCalls.test, ({ body, ip }) => testCrmConnection(deps, body, ip));
  call(crmCalls.connection, ({ userId }) => getCrmConnection(deps, userId));
  call(crmCalls.connectStart, ({ userId, body }) => startCrmConnect(deps, userId, body.provider));
  call(crmCalls.connectFinish, ({ userId, body }) => finishCrmConnect(deps, userId, body));
  call(crmCalls.connectToken, ({ userId, body }) => connectCrmWithToken(deps, userId, body.token));
  call(crmCalls.settings, ({ userId, body }) => updateCrmSettings(deps, userId, body));
  call(crmCalls.disconnect, ({ userId }) => disconnectCrm(deps, userId));
  call(crmCalls.syncNow, ({ userId }) => syncCrmNow(deps, userId));
  call(crmCalls.leadState, ({ userId, body }) => getCrmLeadState(deps, userId, body.lead_id));
  call(crmCalls.leadSend, ({ userId, body }) => sendLeadToCrm(deps, userId, body.lead_id));
}
