import { groupCalls, userCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import * as groups from './groups.service.js';

// The group calls of spec 000 §7 and 001 §7; /user/get_users_by_group and /user/notification_settings
// are group reads, so they live here too (the group form of /user/update_notifications: users.routes.ts).
export function registerGroupRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(groupCalls.verifyExists, ({ body }) => groups.verifyExists(deps, body.group_name));
  call(groupCalls.createPrivate, ({ userId, body }) => groups.createPrivateGroup(deps, userId, body));
  call(groupCalls.add, ({ userId, body }) => groups.joinGroup(deps, userId, body));
  call(groupCalls.list, ({ userId, body }) => groups.listGroups(deps, userId, body));
  call(groupCalls.get, ({ userId, body }) => groups.getGroup(deps, userId, body.group_id));
  call(groupCalls.update, ({ userId, body }) => groups.updateGroup(deps, userId, body));
  call(groupCalls.userUpdate, ({ userId, body }) => groups.updateGroupUser(deps, userId, body));
  call(groupCalls.invite, ({ userId, body }) => groups.inviteToGroup(deps, userId, body));
  call(groupCalls.invitePreview, ({ body }) => groups.previewInvite(deps, body));
  call(groupCalls.addInvited, ({ userId, body }) => groups.acceptInvite(deps, userId, body));
  call(groupCalls.remove, ({ userId, body }) => groups.removeFromGroup(deps, userId, body));
  call(groupCalls.delete, ({ userId, body }) => groups.deleteGroup(deps, userId, body.group_id));
  call(groupCalls.stats, ({ userId, body }) => groups.groupStats(deps, userId, body));
  call(userCalls.getUsersByGroup, ({ userId, body }) => groups.listGroupUsers(deps, userId, body));
  call(userCalls.notificationSettings, ({ userId, body }) => groups.getNotificationSettings(deps, userId, body));
}
