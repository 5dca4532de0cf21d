import { z } from 'zod';
import {
  OPPORTUNITY_NAME_MAX,
  OPPORTUNITY_NAME_MIN,
  OPPORTUNITY_NOTES_MAX,
  OPPORTUNITY_NOTES_MIN,
} from '../constants.js';
import { multilineText, text } from '../text.js';
import { addressInput } from './lead.js';
import { personFieldsFromForm, personFieldsShape, personForm } from './person.js';

// The opportunity and contact forms with their exact messages (the too-long
// messages do not match the limits: as observed), and the opportunity texts.

export const OPPORTUNITY_MESSAGES = {
  // Form messages
  nameRequired: 'Name is required',
  tooShort: `Must be at least ${OPPORTUNITY_NAME_MIN} characters`,
  nameTooLong: 'Must be less than 50 characters',
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Must be less than 300 characters',
  locationRequired: 'Location is required',

  // Screens
  messagesEmpty: 'Looks like it is a bit quiet in here...',
  startConversation: 'START A NEW CONVERSATION',
  contactsEmpty: 'Start by adding a contact to your opportunity',
  // A member it is shared with reads the contacts and comments on them; the owner adds them.
  contactsEmptyShared: (ownerName: string) =>
    `${ownerName} has not added a contact yet. The contacts they add show here, and you can comment on them.`,
  inviteSent: 'You have sent the invitation link successfully.',
  settingsUpdated: 'You have updated the opportunity setting.',
  created: 'You have created a new opportunity',

  // Fallbacks when the server gives none
  inviteFailed: 'Invite opportunity user failed.',
  contactCreateFailed: 'Create opportunity contact failed.',
  contactUpdateFailed: 'Update opportunity contact failed.',
  contactDeleteFailed: 'Delete opportunity contact failed.',
  createFailed: 'Create opportunity failed.',
  updateFailed: 'Update opportunity failed.',
  deleteFailed: 'Delete opportunity failed.',
  listFailed: 'Opportunity list failed.',
  settingsFailed: 'Update opportunity setting failed.',
  shareRemoveFailed: 'Remove opportunity user failed.',
  commentFailed: 'Submit contact comment failed.',

  // Server answers where the spec is silent (docs/decisions/opportunities.md)
  notFound: 'This opportunity does not exist.',
  ownerOnly: 'Only the owner of this opportunity can do this.',
  deleted: 'The opportunity has been deleted.',
  contactNotFound: 'This contact does not exist.',
  contactDeleted: 'The contact has been deleted.',
  contactReadOnly: 'The name, company and title of a contact cannot be changed.',
  contactInfoKept: 'Contact info of a contact cannot be removed.',
  inviteSelf: 'You cannot invite yourself.',
  inviteeAlreadyShared: 'This person already has access to this opportunity.',
  inviteInvalid: 'This invitation is invalid or has already been used.',
  inviteExpired: 'This invitation has expired. Ask for a new one.',
  inviteOtherAddress: 'This invitation was sent to another e-mail address.',
  shareNotFound: 'This opportunity is not shared with this user.',
  shareRemoved: 'The user no longer has access to this opportunity.',
} as const;

/** Name: 5 to 500, trimmed, required; the too-long message says 50 (as observed). */
export const opportunityNameField = text({ error: OPPORTUNITY_MESSAGES.nameRequired })
  .trim()
  .min(1, OPPORTUNITY_MESSAGES.nameRequired)
  .min(OPPORTUNITY_NAME_MIN, OPPORTUNITY_MESSAGES.tooShort)
  .max(OPPORTUNITY_NAME_MAX, OPPORTUNITY_MESSAGES.nameTooLong);

/** Description (notes): 5 to 500, trimmed, required; the too-long message says 300 (as observed). */
export const opportunityNotesField = multilineText({ error: OPPORTUNITY_MESSAGES.descriptionRequired })
  .trim()
  .min(1, OPPORTUNITY_MESSAGES.descriptionRequired)
  .min(OPPORTUNITY_NOTES_MIN, OPPORTUNITY_MESSAGES.tooShort)
  .max(OPPORTUNITY_NOTES_MAX, OPPORTUNITY_MESSAGES.descriptionTooLong);

/** Location: the US address of the address field, required. */
export const opportunityAddressField = z.preprocess(
  (v) => v ?? undefined,
  z.strictObject(addressInput.shape, {
    error: (issue) => (issue.code === 'invalid_type' ? OPPORTUNITY_MESSAGES.locationRequired : undefined),
  }),
);

export const opportunityForm = z.object({
  name: opportunityNameField,
  notes: opportunityNotesField,
  address: opportunityAddressField,
});
export type OpportunityFormInput = z.input<typeof opportunityForm>;
export type OpportunityFormValues = z.output<typeof opportunityForm>;

/** The contact fields the calls send: a person without an address. */
export const contactFieldsShape = personFieldsShape;

/**
 * The create/edit contact dialog: the person form without the address. In edit mode the names,
 * company and title are read-only and contact-info kinds cannot be removed (the dialog's rule).
 */
export const contactForm = personForm({});
export type ContactFormInput = z.input<typeof contactForm>;
export type ContactFormValues = z.output<typeof contactForm>;

/** The fields a valid contact form sends: the chosen contact kinds only. */
export const contactFieldsFromForm = personFieldsFromForm;
