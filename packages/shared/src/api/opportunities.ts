import { z } from 'zod';
import { OPPORTUNITY_SORT } from '../constants.js';
import { groupInviteEmailField } from '../forms/group.js';
import { commentField } from '../forms/lead.js';
import {
  contactFieldsShape,
  opportunityAddressField,
  opportunityNameField,
  opportunityNotesField,
} from '../forms/opportunity.js';
import { requireOneContact } from '../forms/person.js';
import { text } from '../text.js';
import { defineCall, idField, messageResponse } from './call.js';
import { opportunityCallPaths } from './call-paths.js';
import { clientMessageIdField } from './chat.js';
import { pageFields } from './groups.js';
import { address } from './leads.js';
import { personRecordShape } from './person.js';

// Opportunities and their contacts. Who may do what
// (docs/decisions/opportunities.md): the owner edits, deletes, shares and manages
// contacts; people it is shared with read it, its contacts and its room, and comment on contacts.
// Every call that names an opportunity answers 404 OPPORTUNITY_NOT_FOUND to a stranger as to a
// missing one, and 403 OPPORTUNITY_OWNER_ONLY to a shared user where only the owner may act.

/** A person an opportunity is shared with ('Shared With'). */
export const opportunityUser = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  sharedAt: z.string(),
});
export type OpportunityUser = z.infer<typeof opportunityUser>;

/** An opportunity as its owner or a shared user sees it (list rows). */
export const opportunity = z.object({
  opportunityId: z.number().int(),
  name: z.string(),
  // The description.
  notes: z.string(),
  address,
  createdBy: z.number().int(),
  createdByName: z.string(),
  sharedCount: z.number().int(),
  // createdBy equals the caller: edit, remove, share, contacts.
  isOwner: z.boolean(),
  createdAt: z.string(),
});
export type Opportunity = z.infer<typeof opportunity>;

/** /opportunity/get: the list row plus the shared list, the room and the caller's settings. */
export const opportunityDetail = opportunity.extend({
  users: z.array(opportunityUser),
  contactsCount: z.number().int(),
  // The opportunity's chat room (its Messages tab).
  roomId: z.number().int(),
  // The caller's 'Messages' notification toggle (settings).
  settings: z.object({ messages: z.boolean() }),
});
export type OpportunityDetail = z.infer<typeof opportunityDetail>;

/** An opportunity contact. */
export const opportunityContact = z.object({
  contactId: z.number().int(),
  opportunityId: z.number().int(),
  ...personRecordShape,
  createdAt: z.string(),
});
export type OpportunityContact = z.infer<typeof opportunityContact>;

export const opportunityIdRequest = z.strictObject({ opportunity_id: idField });

// sort CREATED (newest first); data is the detail level (1 in the list): accepted, every level answers the same.
export const opportunityListRequest = z.strictObject({
  sort: z.literal(OPPORTUNITY_SORT).default(OPPORTUNITY_SORT),
  data: z.number().int().min(0).max(10).optional(),
  ...pageFields,
});
export const opportunityListResponse = z.object({
  opportunities: z.array(opportunity),
  totalCount: z.number().int(),
});

export const opportunityGetRequest = z.strictObject({
  opportunity_id: idField,
  data: z.number().int().min(0).max(10).optional(),
});

const opportunityFieldsShape = {
  name: opportunityNameField,
  notes: opportunityNotesField,
  address: opportunityAddressField,
};

// lead_id (ours): CREATE OPPORTUNITY on a lead; the lead's person becomes the first contact.
export const opportunitySetRequest = z.strictObject({ ...opportunityFieldsShape, lead_id: idField.optional() });
export const opportunityUpdateRequest = z.strictObject({ opportunity_id: idField, ...opportunityFieldsShape });

export const contactSetRequest = z
  .strictObject({ opportunity_id: idField, contact_id: z.literal(0).optional(), ...contactFieldsShape })
  .superRefine((v, ctx) => requireOneContact(v, ctx));
// Edit mode: the names, company and title may be sent but not changed; contact info is not removed.
export const contactUpdateRequest = z
  .strictObject({ contact_id: idField, opportunity_id: idField, ...contactFieldsShape })
  .superRefine((v, ctx) => requireOneContact(v, ctx));
export const contactGetRequest = z.strictObject({ contact_id: idField });
export const contactDeleteRequest = z.strictObject({ contact_id: idField, opportunity_id: idField });
export const contactListRequest = z.strictObject({ opportunity_id: idField, ...pageFields });
export const contactListResponse = z.object({ contacts: z.array(opportunityContact), totalCount: z.number().int() });

export const opportunityInviteRequest = z.strictObject({ opportunity_id: idField, email: groupInviteEmailField });
export const opportunityInviteAcceptRequest = z.strictObject({
  opportunity_id: idField,
  invite_code: text().trim().min(1).max(200),
});
// The owner takes a share back; a shared user may name themselves to leave.
export const opportunityUserRemoveRequest = z.strictObject({ opportunity_id: idField, user_id: idField });

export const opportunitySettingsRequest = z.strictObject({ opportunity_id: idField, messages: z.boolean() });

// Contact comments (the contact's chat room): newest first, 50 a page.
export const contactCommentListRequest = z.strictObject({ contact_id: idField, ...pageFields });
/** A comment on a contact, shown to everyone on the opportunity. */
export const contactComment = z.object({
  messageId: z.number().int(),
  // The contact's chat room.
  roomId: z.number().int(),
  message: z.string(),
  user: z.object({
    userId: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    avatarUrl: z.string().nullable(),
  }),
  createdAt: z.string(),
  // The sender's own id for the message, when it was sent with one.
  clientMessageId: z.string().nullable(),
});
export type ContactComment = z.infer<typeof contactComment>;

export const contactCommentListResponse = z.object({ comments: z.array(contactComment), totalCount: z.number().int() });
// Sending the same client_message_id twice stores one comment and answers it both times.
export const contactCommentSendRequest = z.strictObject({
  contact_id: idField,
  message: commentField,
  client_message_id: clientMessageIdField.optional(),
});

export const opportunityCalls = {
  list: defineCall({
    ...opportunityCallPaths.list,
    summary: 'Opportunities the caller owns or is shared on, newest first (sort CREATED), 50 a page',
    request: opportunityListRequest,
    response: opportunityListResponse,
  }),
  get: defineCall({
    ...opportunityCallPaths.get,
    summary: 'One opportunity with its shared list (owner and shared users)',
    request: opportunityGetRequest,
    response: opportunityDetail,
  }),
  set: defineCall({
    ...opportunityCallPaths.set,
    summary: 'Create an opportunity (the caller owns it); with lead_id the lead’s person becomes its first contact',
    request: opportunitySetRequest,
    response: opportunityDetail,
  }),
  update: defineCall({
    ...opportunityCallPaths.update,
    summary: 'Change an opportunity (owner)',
    request: opportunityUpdateRequest,
    response: opportunityDetail,
  }),
  delete: defineCall({
    ...opportunityCallPaths.delete,
    summary: 'Delete an opportunity with its contacts, shares and room (owner)',
    request: opportunityIdRequest,
    response: messageResponse,
  }),
  contactList: defineCall({
    ...opportunityCallPaths.contactList,
    summary: 'An opportunity’s contacts, newest first, 50 a page (owner and shared users)',
    request: contactListRequest,
    response: contactListResponse,
  }),
  contactSet: defineCall({
    ...opportunityCallPaths.contactSet,
    summary: 'Add a contact to an opportunity (owner)',
    request: contactSetRequest,
    response: opportunityContact,
  }),
  contactGet: defineCall({
    ...opportunityCallPaths.contactGet,
    summary: 'One contact (owner and shared users of its opportunity)',
    request: contactGetRequest,
    response: opportunityContact,
  }),
  contactUpdate: defineCall({
    ...opportunityCallPaths.contactUpdate,
    summary: 'Change a contact’s contact info and notes (owner)',
    request: contactUpdateRequest,
    response: opportunityContact,
  }),
  contactDelete: defineCall({
    ...opportunityCallPaths.contactDelete,
    summary: 'Delete a contact (owner)',
    request: contactDeleteRequest,
    response: messageResponse,
  }),
  contactCommentList: defineCall({
    ...opportunityCallPaths.contactCommentList,
    summary: 'A contact’s comments, newest first, 50 a page (owner and shared users)',
    request: contactCommentListRequest,
    response: contactCommentListResponse,
  }),
  contactCommentSend: defineCall({
    ...opportunityCallPaths.contactCommentSend,
    summary: 'Comment on a contact (owner and shared users; idempotent with client_message_id)',
    request: contactCommentSendRequest,
    response: contactComment,
  }),
  invite: defineCall({
    ...opportunityCallPaths.invite,
    summary: 'E-mail a single-use invite link to share the opportunity (owner)',
    request: opportunityInviteRequest,
    response: messageResponse,
  }),
  inviteAccept: defineCall({
    ...opportunityCallPaths.inviteAccept,
    summary: 'Accept an opportunity invite with the e-mailed invite code (the invited address only)',
    request: opportunityInviteAcceptRequest,
    response: opportunityDetail,
  }),
  userRemove: defineCall({
    ...opportunityCallPaths.userRemove,
    summary: 'Take a share back (owner), or leave a shared opportunity (user_id = caller)',
    request: opportunityUserRemoveRequest,
    response: messageResponse,
  }),
  settingsUpdate: defineCall({
    ...opportunityCallPaths.settingsUpdate,
    summary: 'The caller’s Messages notification toggle for this opportunity (owner and shared users)',
    request: opportunitySettingsRequest,
    response: opportunityDetail,
  }),
} as const;
