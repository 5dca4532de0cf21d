import { z } from 'zod';
import {
  EMAIL_MAX,
  GROUP_CREATE_PASSWORD_MIN,
  GROUP_DESCRIPTION_MAX,
  GROUP_DESCRIPTION_MIN,
  GROUP_JOIN_FIELD_MAX,
  GROUP_JOIN_FIELD_MIN,
  GROUP_NAME_MAX,
  GROUP_NAME_MIN,
  GROUP_PRODUCT_MAX,
  GROUP_PRODUCT_MIN,
} from '../constants.js';
import { MESSAGES } from '../messages.js';
import { multilineText, text } from '../text.js';

// The group forms (join dialog, create wizard, group dialog, settings, invite) with their exact
// messages, and the group texts of both specs.

export const GROUP_MESSAGES = {
  nameTaken: 'The group name you chose is already taken',
  inviteSent: 'You have sent the invitation link successfully.',
  settingsUpdated: 'You have updated the group setting.',
  leaveOrDeleteWarning: 'This operation cannot be undone and you will lose permanent access to all group data.',
  usersEmpty: 'Start by adding a user to your group',
  listEmpty: 'Looks like there is no one in here...',
  leadsEmpty: 'Start by adding a lead to your group',
  groupCreated: 'You have created a new group',

  // Form messages
  joinTooLong: "Can't be longer than 100 characters long",
  wizardNameBlank: 'Group name cannot be blank',
  wizardPasswordShort: 'Group password must be at least 6 characters',
  wizardTargetRequired: 'Choose a target industry',
  wizardProductRequired: 'Choose a product',
  nameRequired: 'Group name is required',
  descriptionRequired: 'Description is required',
  inviteEmailRequired: 'Email is required',
  inviteEmailInvalid: 'Must be a valid email',

  // Fallbacks when the server gives no message
  addFailed: 'Group add failed.',
  createFailed: 'Create private group failed.',
  updateFailed: 'Update group failed.',
  leaveFailed: 'Leave group failed.',
  removeFailed: 'Remove group failed.',

  // Server answers where the spec is silent (docs/decisions.md, "Groups")
  notFound: 'This group does not exist.',
  notMember: 'You are not a member of this group.',
  wrongPassword: 'The group name or password is incorrect.',
  alreadyMember: 'You are already a member of this group.',
  inviteeAlreadyMember: 'This person is already a member of the group.',
  ownerOnly: 'Only the creator of the group can do this.',
  ownerCannotLeave: 'The creator cannot leave the group; delete it instead.',
  memberNotFound: 'This user is not a member of the group.',
  inviteInvalid: 'This invitation is invalid or has already been used.',
  inviteExpired: 'This invitation has expired. Ask for a new one.',
  inviteOtherAddress: 'This invitation was sent to another e-mail address.',
  paymentMethodRequired: 'Add a payment method before you create or join a group.',
  productNotFound: 'The chosen product does not exist.',
  targetNotFound: 'The chosen target industry does not exist.',
  userUpdateSelfOnly: 'You can only change your own product in a group.',
  joined: 'You have joined the group.',
  left: 'You have left the group.',
  removed: 'The user has been removed from the group.',
  deleted: 'The group has been deleted.',
} as const;

// Join group dialog: each field required, 6 to 100.
export const joinGroupField = text({ error: MESSAGES.fieldRequired })
  .trim()
  .min(1, MESSAGES.fieldRequired)
  .min(GROUP_JOIN_FIELD_MIN, MESSAGES.atLeast(GROUP_JOIN_FIELD_MIN))
  .max(GROUP_JOIN_FIELD_MAX, GROUP_MESSAGES.joinTooLong);
export const joinGroupForm = z.object({ groupName: joinGroupField, groupPassword: joinGroupField });
export type JoinGroupForm = z.infer<typeof joinGroupForm>;

// Create group wizard: each step validates its own field.
export const wizardNameField = text({ error: GROUP_MESSAGES.wizardNameBlank })
  .trim()
  .min(1, GROUP_MESSAGES.wizardNameBlank)
  .max(GROUP_NAME_MAX, MESSAGES.lessThan(GROUP_NAME_MAX));
export const wizardPasswordField = text({ error: GROUP_MESSAGES.wizardPasswordShort })
  .min(GROUP_CREATE_PASSWORD_MIN, GROUP_MESSAGES.wizardPasswordShort)
  .max(GROUP_JOIN_FIELD_MAX, GROUP_MESSAGES.joinTooLong);
export const createGroupWizardForm = z.object({
  name: wizardNameField,
  privateCode: wizardPasswordField,
  targetId: z
    .number({ error: GROUP_MESSAGES.wizardTargetRequired })
    .int()
    .positive(GROUP_MESSAGES.wizardTargetRequired),
  productId: z
    .number({ error: GROUP_MESSAGES.wizardProductRequired })
    .int()
    .positive(GROUP_MESSAGES.wizardProductRequired),
});
export type CreateGroupWizardForm = z.infer<typeof createGroupWizardForm>;

// Create or edit group dialog: name 3–40, description 3–200, product optional 3–100.
export const groupNameField = text({ error: GROUP_MESSAGES.nameRequired })
  .trim()
  .min(1, GROUP_MESSAGES.nameRequired)
  .min(GROUP_NAME_MIN, MESSAGES.atLeast(GROUP_NAME_MIN))
  .max(GROUP_NAME_MAX, MESSAGES.lessThan(GROUP_NAME_MAX));
export const groupDescriptionField = multilineText({ error: GROUP_MESSAGES.descriptionRequired })
  .trim()
  .min(1, GROUP_MESSAGES.descriptionRequired)
  .min(GROUP_DESCRIPTION_MIN, MESSAGES.atLeast(GROUP_DESCRIPTION_MIN))
  .max(GROUP_DESCRIPTION_MAX, MESSAGES.lessThan(GROUP_DESCRIPTION_MAX));
// Optional product text (dialog and settings): trimmed; empty means none; otherwise 3 to 100.
export const groupProductField = text()
  .trim()
  .refine((v) => v === '' || v.length >= GROUP_PRODUCT_MIN, MESSAGES.atLeast(GROUP_PRODUCT_MIN))
  .refine((v) => v.length <= GROUP_PRODUCT_MAX, MESSAGES.lessThan(GROUP_PRODUCT_MAX));
export const groupDialogForm = z.object({
  name: groupNameField,
  description: groupDescriptionField,
  product: groupProductField,
});
export type GroupDialogForm = z.infer<typeof groupDialogForm>;

// Group settings: the member's product, optional, trimmed, 3 to 100; the Messages toggle.
export const groupSettingsForm = z.object({ product: groupProductField, enableEmail: z.boolean() });
export type GroupSettingsForm = z.infer<typeof groupSettingsForm>;

// Invite user dialog.
export const groupInviteEmailField = text({ error: GROUP_MESSAGES.inviteEmailRequired })
  .trim()
  .min(1, GROUP_MESSAGES.inviteEmailRequired)
  .max(EMAIL_MAX, MESSAGES.lessThan(EMAIL_MAX))
  .email(GROUP_MESSAGES.inviteEmailInvalid);
export const groupInviteForm = z.object({ email: groupInviteEmailField });
export type GroupInviteForm = z.infer<typeof groupInviteForm>;
