import { activityCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import * as activities from './activities.service.js';

// The activity calls.
export function registerActivityRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(activityCalls.global, ({ userId, body }) => activities.globalActivities(deps, userId, body));
  call(activityCalls.group, ({ userId, body }) => activities.groupActivities(deps, userId, body));
}
