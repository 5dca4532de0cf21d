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
import { GROUP_MESSAGES } from './group-messages.js';

// The group forms (join dialog, create wizard, group dialog, settings, invite), with the messages of
// group-messages.ts.

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
