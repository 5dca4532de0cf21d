import { groupCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import * as groups from './groups.service.js';

// The group calls. The user calls that read a group (members, notification settings) are served by users.routes.ts.
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
}
