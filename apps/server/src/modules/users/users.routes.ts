import { MESSAGES, userCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import { endOtherSessions } from '../auth/auth.service.js';
import { updateGroupNotifications } from '../groups/groups.service.js';
import { removeAvatar } from './avatars.service.js';
import * as users from './users.service.js';

export function registerUserRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(userCalls.get, ({ userId, body, request }) => users.getCurrentUser(deps, userId, body.user_id, request.caller));

  call(userCalls.update, async ({ userId, sessionId, body }) => {
    const updated = await users.updateCurrentUser(deps, userId, body.user);
    if (body.user.password !== undefined) await endOtherSessions(deps, userId, sessionId);
    return updated;
  });

  call(userCalls.updateNotifications, ({ userId, body }) => {
    const { group_id: groupId, ...rest } = body;
    // With group_id: the caller's Messages toggle in that group (issue 5).
    if (groupId !== undefined) return updateGroupNotifications(deps, userId, { ...rest, group_id: groupId });
    return users.updateNotifications(deps, userId, rest);
  });

  call(userCalls.removeAvatar, ({ userId }) => removeAvatar(deps, userId));

  call(userCalls.scheduleDelete, async ({ userId }) => {
    await users.scheduleDeletion(deps, userId);
    return { message: MESSAGES.accountDeletionRequested };
  });
}
