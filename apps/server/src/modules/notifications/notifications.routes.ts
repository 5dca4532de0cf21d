import { inboxCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import * as inbox from './notifications.service.js';

// The inbox calls.
export function registerNotificationRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(inboxCalls.list, ({ userId, body }) => inbox.listInbox(deps, userId, body));
  call(inboxCalls.read, ({ userId, body }) => inbox.markRead(deps, userId, body.activity_id));
  call(inboxCalls.readAll, ({ userId }) => inbox.markAllRead(deps, userId));
}
