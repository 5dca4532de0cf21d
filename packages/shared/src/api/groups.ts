import { z } from 'zod';
import {
  GROUP_JOIN_FIELD_MAX,
  GROUP_MEMBER_ROLES,
  GROUP_NAME_MAX,
  GROUP_TYPE_PRIVATE,
  PAGE_SIZE,
} from '../constants.js';
import {
  groupDescriptionField,
  groupInviteEmailField,
  groupProductField,
  joinGroupField,
  wizardPasswordField,
} from '../forms/group.js';
import { GROUP_MESSAGES } from '../forms/group-messages.js';
import { followUpDaysField } from '../forms/outcome.js';
import { text } from '../text.js';
import { defineCall, idField, messageResponse } from './call.js';
import { groupCallPaths } from './call-paths.js';
import { memberScoreFields } from './stats.js';

// Groups: every call that names a group answers 404
// GROUP_NOT_FOUND when it does not exist, 403 GROUP_NOT_MEMBER to a non-member, and
// 403 GROUP_OWNER_ONLY to a member where only the creator may act (docs/decisions/groups.md).

// Paging of every group list (page size 50).
export const pageFields = {
  start_position: z.number().int().min(0).default(0),
  get_next: z.number().int().min(1).max(PAGE_SIZE).default(PAGE_SIZE),
};

/** A group as the signed-in member sees it (list rows and /group/get). */
export const groupSummary = z.object({
  groupId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  groupType: z.string(),
  createdBy: z.number().int(),
  ownerName: z.string(),
  targetId: z.number().int().nullable(),
  productId: z.number().int().nullable(),
  // The group's product text of the create dialog; null when none.
  product: z.string().nullable(),
  usersCount: z.number().int(),
  // Leads submitted in the group.
  leadsCount: z.number().int(),
  // createdBy equals the caller: edit, remove and DELETE GROUP.
  isOwner: z.boolean(),
  userRole: z.enum(GROUP_MEMBER_ROLES),
  // The caller's own 'Product I'm selling' in this group (settings).
  myProduct: z.string().nullable(),
  // Days without progress before a lead's assignee is reminded (1–90, default 7; the owner sets it).
  followUpDays: z.number().int(),
});
export type GroupSummary = z.infer<typeof groupSummary>;

export const groupIdRequest = z.strictObject({ group_id: idField });

export const groupVerifyExistsRequest = z.strictObject({
  group_name: text({ error: GROUP_MESSAGES.wizardNameBlank })
    .trim()
    .min(1, GROUP_MESSAGES.wizardNameBlank)
    .max(GROUP_JOIN_FIELD_MAX),
});

// The server's name rule: required, at most 40 (the dialog's minimum of 3 is a form rule only,
// since the wizard asks just for a name that is not blank).
const serverGroupName = text({ error: GROUP_MESSAGES.nameRequired })
  .trim()
  .min(1, GROUP_MESSAGES.nameRequired)
  .max(GROUP_NAME_MAX, `Must be less than ${GROUP_NAME_MAX} characters long`);
const groupTypeField = z.enum([GROUP_TYPE_PRIVATE, 'PRIVATE_GROUP']).optional();

// Three payload forms: the wizard (name, privateCode, targetId, productId, groupType),
// its pending form in snake case (name, private_code, target_id, product_id, group_type) and the
// create dialog (name, description, product, group_type). Any mix is accepted and normalised.
export const groupCreatePrivateRequest = z
  .strictObject({
    name: serverGroupName,
    privateCode: wizardPasswordField.optional(),
    private_code: wizardPasswordField.optional(),
    targetId: idField.optional(),
    target_id: idField.optional(),
    productId: idField.optional(),
    product_id: idField.optional(),
    groupType: groupTypeField,
    group_type: groupTypeField,
    description: groupDescriptionField.optional(),
    product: groupProductField.optional(),
  })
  .transform((b) => ({
    name: b.name,
    privateCode: b.privateCode ?? b.private_code ?? null,
    targetId: b.targetId ?? b.target_id ?? null,
    productId: b.productId ?? b.product_id ?? null,
    description: b.description || null,
    product: b.product || null,
  }));

// Join by name and password (groupName, privateCode, productId or product_id).
export const groupAddRequest = z
  .strictObject({
    groupName: joinGroupField,
    privateCode: joinGroupField,
    productId: idField.optional(),
    product_id: idField.optional(),
  })
  .transform((b) => ({
    groupName: b.groupName,
    privateCode: b.privateCode,
    productId: b.productId ?? b.product_id ?? null,
  }));

export const groupListRequest = z.strictObject(pageFields);
export const groupListResponse = z.object({ groups: z.array(groupSummary), totalCount: z.number().int() });

// Only the creator may send a new name or description.
export const groupUpdateRequest = z.strictObject({
  group_id: idField,
  name: serverGroupName,
  description: groupDescriptionField,
});

// A member changes their own product (settings); roles do not change here. The owner may also set
// the group's follow-up reminder (403 GROUP_OWNER_ONLY for anyone else sending follow_up_days).
export const groupUserUpdateRequest = z.strictObject({
  group_id: idField,
  user_id: idField,
  user_role: z.enum(GROUP_MEMBER_ROLES).optional(),
  product: groupProductField.nullable().optional(),
  follow_up_days: followUpDaysField.optional(),
});

export const groupInviteRequest = z.strictObject({
  email: groupInviteEmailField,
  // Invitees join as MEMBER; OWNER cannot be given away.
  role: z.literal('MEMBER').optional(),
  group_id: idField,
});

export const groupAddInvitedRequest = z.strictObject({
  group_id: idField,
  invite_code: text().trim().min(1).max(200),
});

// What an invite link's holder may learn before signing in: who invites them to which group.
export const groupInvitePreviewRequest = groupAddInvitedRequest;
export const groupInvitePreviewResponse = z.object({ groupName: z.string(), inviterName: z.string() });
export type GroupInvitePreview = z.infer<typeof groupInvitePreviewResponse>;

// Leave (user_id is the caller) or, for the creator, remove a member.
export const groupRemoveRequest = z.strictObject({ group_id: idField, user_id: idField });

export const groupStatsRequest = z.strictObject({
  filter_by: text().max(50).optional(),
  search_by: text().max(50).optional(),
  // Group ids to report on; absent or empty: every group of the caller.
  search_ids: z.array(idField).max(PAGE_SIZE).optional(),
  // User ids to report on; absent or empty: every member.
  filter_ids: z.array(idField).max(PAGE_SIZE).optional(),
});
export const groupStatsResponse = z.object({
  groups: z.array(
    z.object({
      groupId: z.number().int(),
      usersStats: z.array(z.object(memberScoreFields)),
    }),
  ),
});

export const groupUser = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  userRole: z.enum(GROUP_MEMBER_ROLES),
  product: z.string().nullable(),
  // Their leads' quality stars blended with their outcomes (MEMBER_RATING_EXPLANATION); null with neither.
  rating: z.number().nullable(),
  // What the rating is made of, said beside it (memberRatingSummary); null with the rating.
  ratingParts: z.object({ quality: z.number().nullable(), won: z.number().int(), lost: z.number().int() }).nullable(),
  title: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type GroupUser = z.infer<typeof groupUser>;

// /user/get_users_by_group and /user/notification_settings are userCalls (users.ts).
export const usersByGroupRequest = z.strictObject({ group_id: idField, ...pageFields });
export const usersByGroupResponse = z.object({ users: z.array(groupUser), totalCount: z.number().int() });

export const notificationSettingsRequest = z.strictObject({ user_id: idField.optional(), group_id: idField });
export const notificationSettingsResponse = z.object({ enableEmail: z.boolean() });

export const groupCalls = {
  verifyExists: defineCall({
    ...groupCallPaths.verifyExists,
    summary: 'Whether a group with this name exists (create wizard step 2)',
    request: groupVerifyExistsRequest,
    response: z.object({ exists: z.boolean() }),
  }),
  createPrivate: defineCall({
    ...groupCallPaths.createPrivate,
    summary:
      'Create a private group; the caller becomes its OWNER (needs a payment method: 422 PAYMENT_METHOD_REQUIRED)',
    request: groupCreatePrivateRequest,
    response: groupSummary,
  }),
  add: defineCall({
    ...groupCallPaths.add,
    summary: 'Join a group with its name and password (needs a payment method: 422 PAYMENT_METHOD_REQUIRED)',
    request: groupAddRequest,
    response: groupSummary,
  }),
  list: defineCall({
    ...groupCallPaths.list,
    summary: "The caller's groups, newest first, 50 a page",
    request: groupListRequest,
    response: groupListResponse,
  }),
  get: defineCall({
    ...groupCallPaths.get,
    summary: 'One group of the caller',
    request: groupIdRequest,
    response: groupSummary,
  }),
  update: defineCall({
    ...groupCallPaths.update,
    summary: "Change the group's name and description (creator only)",
    request: groupUpdateRequest,
    response: groupSummary,
  }),
  userUpdate: defineCall({
    ...groupCallPaths.userUpdate,
    summary: "Change the caller's own product in the group",
    request: groupUserUpdateRequest,
    response: groupSummary,
  }),
  invite: defineCall({
    ...groupCallPaths.invite,
    summary: 'E-mail a single-use group invite link (any member)',
    request: groupInviteRequest,
    response: messageResponse,
  }),
  addInvited: defineCall({
    ...groupCallPaths.addInvited,
    summary: 'Accept a group invite: join the group with the e-mailed invite code',
    request: groupAddInvitedRequest,
    response: groupSummary,
  }),
  invitePreview: defineCall({
    ...groupCallPaths.invitePreview,
    summary: 'Who invites to which group, for the holder of a valid invite link (before signing in)',
    request: groupInvitePreviewRequest,
    response: groupInvitePreviewResponse,
  }),
  remove: defineCall({
    ...groupCallPaths.remove,
    summary: 'Leave the group (user_id = caller) or, as its creator, remove a member',
    request: groupRemoveRequest,
    response: messageResponse,
  }),
  delete: defineCall({
    ...groupCallPaths.delete,
    summary: 'Delete the group (creator only)',
    request: groupIdRequest,
    response: messageResponse,
  }),
  stats: defineCall({
    ...groupCallPaths.stats,
    summary: "Leads submitted, received and won per member, month by month, in the caller's groups",
    request: groupStatsRequest,
    response: groupStatsResponse,
  }),
} as const;
