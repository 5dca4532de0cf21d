import { businessCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import { getBusinessByUser } from './business.service.js';

export function registerBusinessRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(businessCalls.getByUser, ({ userId, body }) => getBusinessByUser(deps, userId, body.user_id));
}
