import {
  type ChatMessage,
  type ContactComment,
  type ContactInfoKind,
  type contactSetRequest,
  type contactUpdateRequest,
  normalizePhone,
  OPPORTUNITY_INVITE_EXPIRY_DAYS,
  OPPORTUNITY_MESSAGES,
  type Opportunity,
  type OpportunityContact,
  type OpportunityDetail,
  type opportunitySetRequest,
  type opportunityUpdateRequest,
} from '@leadcircle/shared';
import type { z } from 'zod';
import { activityData } from '../../activity/activity-recorder.js';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../http/errors.js';
import { consumeRateLimits, RATE_LIMITS } from '../../http/rate-limit.js';
import { acceptInvitation, newInvitation } from '../../lib/invitations.js';
import { opportunityInviteLink } from '../../lib/links.js';
import { queueInvitationPush } from '../../lib/task-queue.js';
import { chatRoomChannel, joinSockets, userRoom } from '../../realtime/rooms.js';
import * as users from '../accounts/accounts.service.js';
import { findZipPlace } from '../address/address.service.js';
import { opportunityRenamed, opportunityRoomLeft } from '../chat/chat.membership.js';
import { listComments, sendMessage } from '../chat/chat.service.js';
import {
  createContactRoom,
  createOpportunityRoom,
  findContactRoomId,
  findOpportunityRoomId,
} from '../chat/rooms.service.js';
import { requireLeadMember } from '../leads/leads.access.js';
import {
  canReadOpportunity,
  opportunityNotFound,
  requireOpportunityOwner,
  requireOpportunityReader,
} from './opportunities.access.js';
import { opportunityInviteEmail } from './opportunities.emails.js';
import * as q from './opportunities.queries.js';

// Opportunities and contacts; who may do what in
// docs/decisions/opportunities.md.

const inviteFailures = {
  invalid: () => badRequest('OPPORTUNITY_INVITE_INVALID', OPPORTUNITY_MESSAGES.inviteInvalid),
  expired: () => badRequest('OPPORTUNITY_INVITE_EXPIRED', OPPORTUNITY_MESSAGES.inviteExpired),
  otherAddress: () => forbidden('OPPORTUNITY_INVITE_OTHER_ADDRESS', OPPORTUNITY_MESSAGES.inviteOtherAddress),
};
const contactNotFound = () => notFound('CONTACT_NOT_FOUND', OPPORTUNITY_MESSAGES.contactNotFound);

type AddressInput = z.output<typeof opportunitySetRequest>['address'];

/** The stored address: coordinates from the ZIP when not given (an unknown ZIP leaves no map position). */
async function addressValues(a: AddressInput) {
  const hasCoordinates = a.latitude != null && a.longitude != null;
  const zip = hasCoordinates ? undefined : await findZipPlace(a.postal);
  return {
    streetOne: a.street_one,
    streetTwo: a.street_two || null,
    city: a.city,
    stateAbbrv: a.state_abbrv,
    postal: a.postal,
    placeId: a.place_id || null,
    latitude: hasCoordinates ? a.latitude! : (zip?.latitude ?? null),
    longitude: hasCoordinates ? a.longitude! : (zip?.longitude ?? null),
  };
}

function toOpportunity(row: q.OpportunityViewRow, viewerId: number, sharedCount: number): Opportunity {
  const o = row.opportunity;
  return {
    opportunityId: o.id,
    name: o.name,
    notes: o.notes,
    address: {
      streetOne: o.streetOne,
      streetTwo: o.streetTwo,
      city: o.city,
      stateAbbrv: o.stateAbbrv,
      postal: o.postal,
      placeId: o.placeId,
      latitude: o.latitude,
      longitude: o.longitude,
    },
    createdBy: o.createdBy,
    createdByName: users.displayName(row.ownerFirstName, row.ownerLastName, row.ownerHidden),
    sharedCount,
    isOwner: o.createdBy === viewerId,
    createdAt: o.createdAt.toISOString(),
  };
}

async function presentDetail(db: DbOrTx, opportunityId: number, viewerId: number): Promise<OpportunityDetail> {
  const row = await q.findOpportunityView(db, opportunityId);
  if (!row) throw opportunityNotFound();
  const [shared, contactsCount, roomId, messages] = await Promise.all([
    q.listSharedUsers(db, opportunityId),
    q.countContacts(db, opportunityId),
    findOpportunityRoomId(db, opportunityId),
    q.findMessagesEnabled(db, opportunityId, viewerId),
  ]);
  return {
    ...toOpportunity(row, viewerId, shared.length),
    users: shared.map((u) => ({
      userId: u.userId,
      fullName: `${u.firstName} ${u.lastName}`.trim(),
      email: u.email,
      avatarUrl: users.avatarUrlOf(u.avatarKey),
      sharedAt: u.sharedAt.toISOString(),
    })),
    contactsCount,
    roomId: roomId ?? 0,
    settings: { messages },
  };
}

function toContact(c: q.ContactRow): OpportunityContact {
  return {
    contactId: c.id,
    opportunityId: c.opportunityId,
    firstName: c.firstName,
    lastName: c.lastName,
    fullName: `${c.firstName} ${c.lastName}`,
    title: c.title,
    company: c.company,
    phone: c.phone,
    email: c.email,
    linkedin: c.linkedin,
    notes: c.notes,
    createdAt: c.createdAt.toISOString(),
  };
}

export async function listOpportunities(
  deps: AppDeps,
  userId: number,
  page: { start_position: number; get_next: number },
): Promise<{ opportunities: Opportunity[]; totalCount: number }> {
  const [rows, totalCount] = await Promise.all([
    q.listOpportunitiesOfUser(deps.db, userId, { offset: page.start_position, limit: page.get_next }),
    q.countOpportunitiesOfUser(deps.db, userId),
  ]);
  const counts = await q.countSharesByOpportunity(
    deps.db,
    rows.map((r) => r.opportunity.id),
  );
  return {
    opportunities: rows.map((r) => toOpportunity(r, userId, counts.get(r.opportunity.id) ?? 0)),
    totalCount,
  };
}

export async function getOpportunity(deps: AppDeps, userId: number, opportunityId: number): Promise<OpportunityDetail> {
  await requireOpportunityReader(deps.db, opportunityId, userId);
  return presentDetail(deps.db, opportunityId, userId);
}

/**
 * The caller creates an opportunity and owns it; its chat room is made with it. With lead_id (CREATE
 * OPPORTUNITY on a lead, members of the lead's group) the lead's person becomes its first contact.
 */
export async function createOpportunity(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof opportunitySetRequest>,
): Promise<OpportunityDetail> {
  const lead = input.lead_id === undefined ? null : (await requireLeadMember(deps.db, input.lead_id, userId)).lead;
  const now = deps.clock.now();
  let activityId = 0;
  const opportunityId = await deps.db.transaction(async (tx) => {
    const id = await q.insertOpportunity(tx, {
      name: input.name,
      notes: input.notes,
      ...(await addressValues(input.address)),
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    });
    await createOpportunityRoom(tx, id, now);
    if (lead) {
      await insertContactWithRoom(tx, {
        opportunityId: id,
        createdBy: userId,
        firstName: lead.firstName,
        lastName: lead.lastName,
        title: lead.title,
        company: lead.company,
        email: lead.email,
        phone: lead.phone,
        linkedin: lead.linkedin,
        notes: lead.notes,
        createdAt: now,
        updatedAt: now,
      });
    }
    activityId = await deps.activities.record(tx, {
      type: 'OPPORTUNITY_NEW',
      actorUserId: userId,
      opportunityId: id,
      data: activityData('OPPORTUNITY_NEW', { opportunityName: input.name, leadId: lead?.id ?? null }),
    });
    return id;
  });
  await deps.activities.announce(activityId);
  return presentDetail(deps.db, opportunityId, userId);
}

export async function updateOpportunity(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof opportunityUpdateRequest>,
): Promise<OpportunityDetail> {
  const opportunity = await requireOpportunityOwner(deps.db, input.opportunity_id, userId);
  await q.updateOpportunity(deps.db, input.opportunity_id, {
    name: input.name,
    notes: input.notes,
    ...(await addressValues(input.address)),
    updatedAt: deps.clock.now(),
  });
  if (input.name !== opportunity.name) await opportunityRenamed(deps, input.opportunity_id);
  return presentDetail(deps.db, input.opportunity_id, userId);
}

export async function deleteOpportunity(
  deps: AppDeps,
  userId: number,
  opportunityId: number,
): Promise<{ message: string }> {
  await requireOpportunityOwner(deps.db, opportunityId, userId);
  const roomId = await findOpportunityRoomId(deps.db, opportunityId);
  await q.deleteOpportunity(deps.db, opportunityId);
  if (roomId !== undefined) opportunityRoomLeft(deps, roomId);
  return { message: OPPORTUNITY_MESSAGES.deleted };
}

// Sharing

export async function inviteToOpportunity(
  deps: AppDeps,
  userId: number,
  input: { opportunity_id: number; email: string },
): Promise<{ message: string }> {
  const opportunity = await requireOpportunityOwner(deps.db, input.opportunity_id, userId);
  const email = users.normalizeEmail(input.email);
  const inviter = await users.findUserById(deps, userId);
  if (inviter && users.normalizeEmail(inviter.email) === email) {
    throw conflict('OPPORTUNITY_INVITE_SELF', OPPORTUNITY_MESSAGES.inviteSelf);
  }
  const invitee = await users.findUserByEmail(deps, email);
  const inviteeId = invitee && !invitee.deletionRequestedAt ? invitee.id : 0;
  if (inviteeId !== 0 && (await q.isSharedWith(deps.db, opportunity.id, inviteeId))) {
    throw conflict('OPPORTUNITY_ALREADY_SHARED', OPPORTUNITY_MESSAGES.inviteeAlreadyShared);
  }
  const now = deps.clock.now();
  await consumeRateLimits(
    deps.db,
    [{ key: `opportunity-invite:user:${userId}`, rule: RATE_LIMITS.opportunityInvitePerUser }],
    now,
  );
  const { code, codeHash, expiresAt } = newInvitation({ now, validDays: OPPORTUNITY_INVITE_EXPIRY_DAYS });
  const inviteId = await q.insertInvite(deps.db, {
    opportunityId: opportunity.id,
    email,
    codeHash,
    invitedBy: userId,
    expiresAt,
    createdAt: now,
  });
  const url = opportunityInviteLink(deps.config.appUrl, {
    userId: inviteeId,
    opportunityId: opportunity.id,
    email,
    inviteCode: code,
  });
  const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : 'A LeadCircle member';
  if (inviteeId) {
    // An invitee with an account also gets a push, opening the invitation page.
    await queueInvitationPush(deps.db, {
      key: `opportunity-${inviteId}`,
      userId: inviteeId,
      name: opportunity.name,
      inviterName,
      link: url,
    });
  }
  await deps.mailer.send(opportunityInviteEmail(email, { inviterName, opportunityName: opportunity.name, url }));
  return { message: OPPORTUNITY_MESSAGES.inviteSent };
}

/** Accepts an e-mailed invite: single use, for the invited address only, within the expiry. */
export async function acceptInvite(
  deps: AppDeps,
  userId: number,
  input: { opportunity_id: number; invite_code: string },
): Promise<OpportunityDetail> {
  const now = deps.clock.now();
  const user = await users.findUserById(deps, userId);
  const presented = { code: input.invite_code, now, address: user ? users.normalizeEmail(user.email) : null };
  const store = q.opportunityInviteStore(input.opportunity_id);
  const activityId = await deps.db.transaction(async (tx) => {
    const invite = await acceptInvitation(tx, store, presented, inviteFailures);
    const opportunity = await q.findOpportunityById(tx, invite.opportunityId);
    if (!opportunity) throw inviteFailures.invalid();
    // The owner holds it already; a second invite to a shared user is spent all the same.
    if (opportunity.createdBy === userId) return 0;
    if (!(await q.insertShare(tx, { opportunityId: opportunity.id, userId, createdAt: now }))) return 0;
    return deps.activities.record(tx, {
      type: 'OPPORTUNITY_NEW_USER',
      actorUserId: userId,
      opportunityId: opportunity.id,
      data: activityData('OPPORTUNITY_NEW_USER', {
        newUserId: userId,
        invitedById: invite.invitedBy,
        opportunityName: opportunity.name,
      }),
    });
  });
  if (activityId) await deps.activities.announce(activityId);
  // The newcomer's open sockets receive the opportunity's room from now on.
  const roomId = await findOpportunityRoomId(deps.db, input.opportunity_id);
  if (roomId !== undefined) joinSockets(deps.realtime, [userRoom(userId)], [chatRoomChannel(roomId)]);
  return presentDetail(deps.db, input.opportunity_id, userId);
}

/** The owner takes a share back; a shared user may remove themselves (leave). */
export async function removeOpportunityUser(
  deps: AppDeps,
  userId: number,
  input: { opportunity_id: number; user_id: number },
): Promise<{ message: string }> {
  const { isOwner } = await requireOpportunityReader(deps.db, input.opportunity_id, userId);
  if (!isOwner && input.user_id !== userId) throw forbidden('OPPORTUNITY_OWNER_ONLY', OPPORTUNITY_MESSAGES.ownerOnly);
  if (!(await q.deleteShare(deps.db, input.opportunity_id, input.user_id))) {
    throw notFound('OPPORTUNITY_SHARE_NOT_FOUND', OPPORTUNITY_MESSAGES.shareNotFound);
  }
  const roomId = await findOpportunityRoomId(deps.db, input.opportunity_id);
  if (roomId !== undefined) opportunityRoomLeft(deps, roomId, input.user_id);
  return { message: OPPORTUNITY_MESSAGES.shareRemoved };
}

export async function updateSettings(
  deps: AppDeps,
  userId: number,
  input: { opportunity_id: number; messages: boolean },
): Promise<OpportunityDetail> {
  await requireOpportunityReader(deps.db, input.opportunity_id, userId);
  await q.upsertMessagesEnabled(deps.db, {
    opportunityId: input.opportunity_id,
    userId,
    messagesEnabled: input.messages,
    updatedAt: deps.clock.now(),
  });
  return presentDetail(deps.db, input.opportunity_id, userId);
}

/** The caller's 'Messages' switch of an opportunity they own or share: 404 to anyone else. */
export async function getMessagesNotification(deps: AppDeps, userId: number, opportunityId: number): Promise<boolean> {
  await requireOpportunityReader(deps.db, opportunityId, userId);
  return q.findMessagesEnabled(deps.db, opportunityId, userId);
}

export async function setMessagesNotification(
  deps: AppDeps,
  userId: number,
  opportunityId: number,
  on: boolean,
): Promise<void> {
  await requireOpportunityReader(deps.db, opportunityId, userId);
  await q.upsertMessagesEnabled(deps.db, { opportunityId, userId, messagesEnabled: on, updatedAt: deps.clock.now() });
}

/** Account erasure: invitations to the address go. */
export async function forgetOpportunityInvitesTo(deps: AppDeps, email: string): Promise<void> {
  await q.deleteInvitesTo(deps.db, users.normalizeEmail(email));
}

// Contacts

type ContactFields = Omit<z.output<typeof contactSetRequest>, 'opportunity_id' | 'contact_id'>;

function contactInfoValues(fields: Pick<ContactFields, 'email' | 'phone' | 'linkedin' | 'notes'>) {
  return {
    email: fields.email || null,
    phone: fields.phone ? normalizePhone(fields.phone) : null,
    linkedin: fields.linkedin || null,
    notes: fields.notes || null,
  };
}

/** The contact of the named opportunity: a contact of another opportunity is not found through this one. */
async function findContactOf(db: DbOrTx, contactId: number, opportunityId: number): Promise<q.ContactRow> {
  const contact = await q.findContactById(db, contactId);
  if (!contact || contact.opportunityId !== opportunityId) throw contactNotFound();
  return contact;
}

/** The contact for a reader of its opportunity: 404 CONTACT_NOT_FOUND to anyone else. */
async function requireContactReader(db: DbOrTx, contactId: number, userId: number): Promise<q.ContactRow> {
  const contact = await q.findContactById(db, contactId);
  if (!contact || !(await canReadOpportunity(db, userId, contact.opportunityId))) throw contactNotFound();
  return contact;
}

/** A contact and its comments' room, in the caller's transaction. */
async function insertContactWithRoom(
  tx: DbOrTx,
  values: q.NewContact & { opportunityId: number; createdAt: Date },
): Promise<number> {
  const contactId = await q.insertContact(tx, values);
  await createContactRoom(tx, { contactId, opportunityId: values.opportunityId, createdAt: values.createdAt });
  return contactId;
}

export async function listContacts(
  deps: AppDeps,
  userId: number,
  input: { opportunity_id: number; start_position: number; get_next: number },
): Promise<{ contacts: OpportunityContact[]; totalCount: number }> {
  await requireOpportunityReader(deps.db, input.opportunity_id, userId);
  const [rows, totalCount] = await Promise.all([
    q.listContacts(deps.db, input.opportunity_id, { offset: input.start_position, limit: input.get_next }),
    q.countContacts(deps.db, input.opportunity_id),
  ]);
  return { contacts: rows.map(toContact), totalCount };
}

export async function createContact(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof contactSetRequest>,
): Promise<OpportunityContact> {
  await requireOpportunityOwner(deps.db, input.opportunity_id, userId);
  const now = deps.clock.now();
  const id = await deps.db.transaction((tx) =>
    insertContactWithRoom(tx, {
      opportunityId: input.opportunity_id,
      createdBy: userId,
      firstName: input.first_name,
      lastName: input.last_name,
      title: input.title,
      company: input.company,
      ...contactInfoValues(input),
      createdAt: now,
      updatedAt: now,
    }),
  );
  return toContact((await q.findContactById(deps.db, id))!);
}

export async function getContact(deps: AppDeps, userId: number, contactId: number): Promise<OpportunityContact> {
  return toContact(await requireContactReader(deps.db, contactId, userId));
}

const CONTACT_KINDS: ContactInfoKind[] = ['email', 'phone', 'linkedin'];

/**
 * Edit mode: the names, company and title are read-only and contact-info kinds cannot be
 * removed; the contact info and notes change.
 */
export async function updateContact(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof contactUpdateRequest>,
): Promise<OpportunityContact> {
  await requireOpportunityOwner(deps.db, input.opportunity_id, userId);
  const contact = await findContactOf(deps.db, input.contact_id, input.opportunity_id);
  if (
    input.first_name !== contact.firstName ||
    input.last_name !== contact.lastName ||
    input.company !== contact.company ||
    input.title !== contact.title
  ) {
    throw unprocessable('CONTACT_READ_ONLY', OPPORTUNITY_MESSAGES.contactReadOnly);
  }
  const values = contactInfoValues(input);
  if (CONTACT_KINDS.some((kind) => contact[kind] !== null && values[kind] === null)) {
    throw unprocessable('CONTACT_INFO_KEPT', OPPORTUNITY_MESSAGES.contactInfoKept);
  }
  await q.updateContact(deps.db, contact.id, { ...values, updatedAt: deps.clock.now() });
  return toContact((await q.findContactById(deps.db, contact.id))!);
}

export async function deleteContact(
  deps: AppDeps,
  userId: number,
  input: { contact_id: number; opportunity_id: number },
): Promise<{ message: string }> {
  await requireOpportunityOwner(deps.db, input.opportunity_id, userId);
  const contact = await findContactOf(deps.db, input.contact_id, input.opportunity_id);
  await q.deleteContact(deps.db, contact.id);
  return { message: OPPORTUNITY_MESSAGES.contactDeleted };
}

// Contact comments: the contact's chat room, read and written through chat.

function toComment(message: ChatMessage): ContactComment {
  const { messageId, roomId, user, createdAt, clientMessageId } = message;
  return { messageId, roomId, message: message.message, user, createdAt, clientMessageId };
}

async function requireContactRoom(deps: AppDeps, contactId: number, userId: number): Promise<number> {
  const contact = await requireContactReader(deps.db, contactId, userId);
  const roomId = await findContactRoomId(deps.db, contact.id);
  if (roomId === undefined) throw contactNotFound();
  return roomId;
}

export async function listContactComments(
  deps: AppDeps,
  userId: number,
  input: { contact_id: number; start_position: number; get_next: number },
): Promise<{ comments: ContactComment[]; totalCount: number }> {
  const roomId = await requireContactRoom(deps, input.contact_id, userId);
  const { messages, totalCount } = await listComments(deps, roomId, input);
  return { comments: messages.map(toComment), totalCount };
}

/** With a client message id, a second send of the same id answers the comment the first one stored. */
export async function sendContactComment(
  deps: AppDeps,
  userId: number,
  input: { contact_id: number; message: string; client_message_id?: string },
): Promise<ContactComment> {
  const roomId = await requireContactRoom(deps, input.contact_id, userId);
  const { message, client_message_id } = input;
  return toComment(await sendMessage(deps, userId, { room_id: roomId, message, client_message_id }));
}
