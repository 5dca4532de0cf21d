import { userCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import { getNotificationSettings, listGroupUsers } from '../groups/groups.service.js';
import { removeAvatar } from './avatars.service.js';
import * as users from './users.service.js';

// The calls about users: the caller's profile and settings, and a group's members.
// Sign-up and sign-in calls belong to the auth module; the picture upload is a raw route (avatars.routes.ts).
export function registerUserRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(userCalls.get, ({ userId, body, request }) => users.getCurrentUser(deps, userId, body.user_id, request.caller));
  call(userCalls.update, ({ userId, sessionId, body }) => users.updateCurrentUser(deps, userId, sessionId, body.user));
  call(userCalls.updateNotifications, ({ userId, body }) => users.updateNotifications(deps, userId, body));
  call(userCalls.updateTimeZone, ({ userId, body }) => users.updateTimeZone(deps, userId, body.time_zone));
  call(userCalls.removeAvatar, ({ userId }) => removeAvatar(deps, userId));
  call(userCalls.scheduleDelete, ({ userId }) => users.scheduleDeletion(deps, userId));
  call(userCalls.getUsersByGroup, ({ userId, body }) => listGroupUsers(deps, userId, body));
  call(userCalls.notificationSettings, ({ userId, body }) => getNotificationSettings(deps, userId, body));
}
