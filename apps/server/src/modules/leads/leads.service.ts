import { Readable } from 'node:stream';
import {
  csvRow,
  DUPLICATES_MAX,
  type DuplicateMatchKind,
  formatPhone,
  LEAD_CSV_HEADERS,
  LEAD_CSV_OUTCOME_HEADERS,
  LEAD_FILTERED_COUNT_MAX,
  LEAD_LOST_REASON_LABELS,
  LEAD_MESSAGES,
  LEAD_OUTCOME_STAGE_LABELS,
  type Lead,
  type LeadDuplicate,
  type leadCreateRequest,
  type leadDuplicatesRequest,
  leadExportFileName,
  type leadExportQuery,
  type leadListRequest,
  type leadListResponse,
  leadMatchKeys,
  type leadUpdateRequest,
  normalizePhone,
} from '@leadcircle/shared';
import type { z } from 'zod';
import { activityData } from '../../activity/activity-recorder.js';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, notFound } from '../../http/errors.js';
import { displayName } from '../accounts/accounts.service.js';
import { findZipPlace } from '../address/address.service.js';
import { createLeadRoom, createLeadRooms, findCommentedLeadIds } from '../chat/rooms.service.js';
import { isGroupMember, requireGroupMember } from '../groups/groups.access.js';
import { listTerritoryHoldersFor } from '../territories/territories.service.js';
import { decodeLeadCursor, encodeLeadCursor } from './lead-cursor.js';
import { hasFilters, parseLeadSearch } from './lead-search.js';
import { leadNotFound, leadOwnerOnly, leadRatingOf, requireLeadMember, requireLeadOwner } from './leads.access.js';
import * as q from './leads.queries.js';
import { outcomeOf } from './outcomes.service.js';

// Leads: statuses in docs/decisions/leads.md.

type LeadFieldsInput = Omit<z.output<typeof leadUpdateRequest>, 'lead_id' | 'group_id'>;

function toLead(row: q.LeadViewRow, viewerId: number): Lead {
  const l = row.lead;
  return {
    leadId: l.id,
    groupId: l.groupId,
    firstName: l.firstName,
    lastName: l.lastName,
    fullName: `${l.firstName} ${l.lastName}`,
    title: l.title,
    company: l.company,
    phone: l.phone,
    email: l.email,
    linkedin: l.linkedin,
    notes: l.notes,
    address: {
      streetOne: l.streetOne,
      streetTwo: l.streetTwo,
      city: l.city,
      stateAbbrv: l.stateAbbrv,
      postal: l.postal,
      placeId: l.placeId,
      latitude: l.latitude,
      longitude: l.longitude,
    },
    createdBy: l.createdBy,
    ownerName: displayName(row.ownerFirstName, row.ownerLastName, row.ownerHidden),
    isOwner: l.createdBy === viewerId,
    assignedTo:
      l.assignedTo === null
        ? null
        : {
            userId: l.assignedTo,
            fullName: displayName(row.assigneeFirstName, row.assigneeLastName, row.assigneeHidden),
          },
    rating: leadRatingOf(l.ratingSum, l.ratingCount, row.userRating),
    // Every lead gets its room in the transaction that creates it.
    roomId: row.roomId ?? 0,
    createdAt: l.createdAt.toISOString(),
    lastActivityAt: l.lastActivityAt.toISOString(),
    outcome: outcomeOf(l),
    duplicateOfLeadId: row.duplicateOfLeadId === null ? null : Number(row.duplicateOfLeadId),
  };
}

async function presentLead(db: DbOrTx, leadId: number, viewerId: number): Promise<Lead> {
  const row = await q.findLeadView(db, leadId, viewerId);
  if (!row) throw leadNotFound();
  return toLead(row, viewerId);
}

/** The stored form of the form's fields: empty text is null, the phone normalized, coordinates from the ZIP when not given. */
async function leadValues(fields: LeadFieldsInput): Promise<q.LeadFields> {
  const a = fields.address;
  const hasCoordinates = a.latitude != null && a.longitude != null;
  // An unknown ZIP leaves the lead without a map position rather than refusing it.
  const zip = hasCoordinates ? undefined : await findZipPlace(a.postal);
  const phone = fields.phone ? normalizePhone(fields.phone) : null;
  return {
    ...leadMatchKeys({
      firstName: fields.first_name,
      lastName: fields.last_name,
      company: fields.company,
      email: fields.email,
      phone,
      linkedin: fields.linkedin,
    }),
    firstName: fields.first_name,
    lastName: fields.last_name,
    title: fields.title,
    company: fields.company,
    email: fields.email || null,
    phone,
    linkedin: fields.linkedin || null,
    notes: fields.notes || null,
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

export async function listLeads(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof leadListRequest>,
): Promise<z.output<typeof leadListResponse>> {
  await requireGroupMember(deps.db, input.group_id, userId);
  const search = parseLeadSearch(input.search);
  const sort = input.sort_by;
  const from = input.cursor === undefined ? undefined : decodeLeadCursor(input.cursor, sort, search !== undefined);
  const params: q.LeadPageParams = {
    groupId: input.group_id,
    viewerId: userId,
    offset: input.start_position,
    limit: input.get_next,
    from,
    sort,
    search,
    filters: input.filters,
    now: deps.clock.now(),
  };
  // The whole group's count is kept; a search's or filters' matches are counted up to a cap. A search's
  // count runs beside its page and tells it, when it gets there, whether to look for near words.
  const narrowed = search !== undefined || hasFilters(input.filters);
  let rows: q.LeadPageRow[];
  let count: number;
  if (search) {
    const counting = q.countMatchingLeads(deps.db, params, LEAD_FILTERED_COUNT_MAX);
    [rows, { count }] = await Promise.all([q.listLeadsByGroup(deps.db, params, counting), counting]);
  } else {
    [rows, count] = await Promise.all([
      q.listLeadsByGroup(deps.db, params),
      narrowed
        ? q.countMatchingLeads(deps.db, params, LEAD_FILTERED_COUNT_MAX).then((c) => c.count)
        : q.countLeadsInGroup(deps.db, input.group_id),
    ]);
  }
  const first = rows[0];
  const last = rows.at(-1);
  const keyOf = (row: q.LeadPageRow, direction: 'next' | 'previous') =>
    encodeLeadCursor({
      direction,
      sort,
      key: row.sortKey,
      id: row.lead.id,
      ...(search && { rank: Number(row.rank) }),
    });
  return {
    leads: rows.map((r) => toLead(r, userId)),
    totalCount: narrowed ? Math.min(count, LEAD_FILTERED_COUNT_MAX) : count,
    totalCountCapped: narrowed && count > LEAD_FILTERED_COUNT_MAX,
    nextCursor: last ? keyOf(last, 'next') : null,
    previousCursor: first ? keyOf(first, 'previous') : null,
  };
}

export async function getLead(deps: AppDeps, userId: number, leadId: number): Promise<Lead> {
  await requireLeadMember(deps.db, leadId, userId);
  return presentLead(deps.db, leadId, userId);
}

/** The caller submits a lead to a group they belong to and becomes its owner; its room is made with it. */
export async function createLead(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof leadCreateRequest>,
): Promise<Lead> {
  await requireGroupMember(deps.db, input.group_id, userId);
  const { lead_id: _leadId, ...fields } = input.lead;
  const now = deps.clock.now();
  const values = await leadValues(fields);
  let activityId = 0;
  const leadId = await deps.db.transaction(async (tx) => {
    const id = await q.insertLead(tx, {
      ...values,
      groupId: input.group_id,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
      lastActivityAt: now,
    });
    await createLeadRoom(tx, id, input.group_id);
    // Members whose territory holds the lead are named: their inbox says it is in their territory.
    const territoryHolders = await listTerritoryHoldersFor(tx, input.group_id, values);
    activityId = await deps.activities.record(tx, {
      type: 'NEW_LEAD',
      actorUserId: userId,
      groupId: input.group_id,
      data: activityData(
        'NEW_LEAD',
        territoryHolders.length > 0 ? { leadId: id, territoryUserIds: territoryHolders } : { leadId: id },
        territoryHolders.length > 0 ? { recipientUserIds: territoryHolders } : {},
      ),
    });
    return id;
  });
  await deps.activities.announce(activityId);
  return presentLead(deps.db, leadId, userId);
}

/** The owner replaces the lead's fields (a contact field left out is cleared); the edit is activity. */
export async function updateLead(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof leadUpdateRequest>,
): Promise<Lead> {
  const { lead_id: leadId, group_id: groupId, ...fields } = input;
  await requireLeadOwner(deps.db, leadId, userId, groupId);
  const now = deps.clock.now();
  await q.updateLead(deps.db, leadId, { ...(await leadValues(fields)), updatedAt: now, lastActivityAt: now });
  return presentLead(deps.db, leadId, userId);
}

export async function deleteLead(deps: AppDeps, userId: number, leadId: number): Promise<{ message: string }> {
  await requireLeadOwner(deps.db, leadId, userId);
  await q.deleteLead(deps.db, leadId);
  return { message: LEAD_MESSAGES.deleted };
}

/**
 * The owner assigns the lead to a current member of its group (themselves included); any member may
 * take a lead nobody holds (user_id = themselves): 409 LEAD_ALREADY_ASSIGNED when someone else holds
 * it, also when two take it at once. A new assignee's follow-up clock starts at assignment.
 */
export async function assignLead(
  deps: AppDeps,
  userId: number,
  input: { group_id: number; lead_id: number; user_id: number },
): Promise<Lead> {
  const { lead } = await requireLeadMember(deps.db, input.lead_id, userId, input.group_id);
  const isOwner = lead.createdBy === userId;
  if (!isOwner && input.user_id !== userId) throw leadOwnerOnly();
  const alreadyAssigned = () => conflict('LEAD_ALREADY_ASSIGNED');
  if (!isOwner && lead.assignedTo !== null && lead.assignedTo !== userId) throw alreadyAssigned();
  if (!(await isGroupMember(deps.db, input.group_id, input.user_id))) {
    throw notFound('GROUP_MEMBER_NOT_FOUND');
  }
  if (lead.assignedTo !== input.user_id) {
    const assigned = await q.assignLead(deps.db, lead.id, input.user_id, deps.clock.now(), !isOwner);
    if (!assigned) throw alreadyAssigned();
  }
  return presentLead(deps.db, input.lead_id, userId);
}

/**
 * /lead/duplicates: leads of the group (never another) matching the typed e-mail, phone, LinkedIn
 * profile, or name and company, normalised as the stored keys are; members of the group only.
 */
export async function findDuplicateLeads(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof leadDuplicatesRequest>,
): Promise<{ duplicates: LeadDuplicate[] }> {
  await requireGroupMember(deps.db, input.group_id, userId);
  if (input.lead_id !== undefined) await requireLeadMember(deps.db, input.lead_id, userId, input.group_id);
  const keys = leadMatchKeys({
    firstName: input.first_name,
    lastName: input.last_name,
    company: input.company,
    email: input.email,
    phone: input.phone,
    linkedin: input.linkedin,
  });
  const rows = await q.findDuplicates(deps.db, input.group_id, keys, input.lead_id, DUPLICATES_MAX);
  return {
    duplicates: rows.map((r) => {
      const matchedOn: DuplicateMatchKind[] = [];
      if (keys.emailKey !== null && r.emailKey === keys.emailKey) matchedOn.push('EMAIL');
      if (keys.phoneKey !== null && r.phoneKey === keys.phoneKey) matchedOn.push('PHONE');
      if (keys.linkedinKey !== null && r.linkedinKey === keys.linkedinKey) matchedOn.push('LINKEDIN');
      if (keys.nameKey !== null && r.nameKey === keys.nameKey) matchedOn.push('NAME_COMPANY');
      return {
        leadId: r.id,
        fullName: `${r.firstName} ${r.lastName}`,
        company: r.company,
        createdBy: r.createdBy,
        ownerName: displayName(r.ownerFirstName, r.ownerLastName, r.ownerHidden),
        createdAt: r.createdAt.toISOString(),
        matchedOn,
      };
    }),
  };
}

// The CSV export: a UTF-8 byte order mark first, so Excel reads names with accents correctly.
const UTF8_BOM = '\uFEFF';
const EXPORT_BATCH_SIZE = 500;

async function* exportLines(db: DbOrTx, params: Omit<q.LeadPageParams, 'offset' | 'limit'>): AsyncGenerator<string> {
  yield UTF8_BOM + csvRow([...LEAD_CSV_HEADERS, ...LEAD_CSV_OUTCOME_HEADERS]);
  const match = await q.searchMatchCondition(db, { ...params, offset: 0, limit: 0 });
  let afterId = 0;
  for (;;) {
    const batch = await q.listMatchingLeadsForExport(db, params, match, afterId, EXPORT_BATCH_SIZE);
    if (batch.length > 0) {
      yield batch
        .map((r) =>
          csvRow([
            r.id,
            r.firstName,
            r.lastName,
            r.email,
            r.phone && formatPhone(r.phone),
            r.company,
            r.title,
            // The outcome: its stage, the day of its latest step (UTC), the amount while Won, the reason while Lost.
            r.outcomeStage && LEAD_OUTCOME_STAGE_LABELS[r.outcomeStage],
            r.outcomeAt?.toISOString().slice(0, 10),
            r.wonAmountCents === null ? null : (Number(r.wonAmountCents) / 100).toFixed(2),
            r.lostReason && LEAD_LOST_REASON_LABELS[r.lostReason],
          ]),
        )
        .join('');
      afterId = batch[batch.length - 1]!.id;
    }
    if (batch.length < EXPORT_BATCH_SIZE) return;
  }
}

/**
 * A group's leads as CSV (the fixed headers), for its members: those the list's search and filters
 * show, oldest first. Checked before anything is sent, then streamed in keyset batches, so the table
 * is never held in memory.
 */
export async function exportLeads(
  deps: AppDeps,
  userId: number,
  query: z.output<typeof leadExportQuery>,
): Promise<{ filename: string; stream: Readable }> {
  const { group_id: groupId, search, sort_by: _sort, ...filters } = query;
  const { group } = await requireGroupMember(deps.db, groupId, userId);
  const params = { groupId, viewerId: userId, search: parseLeadSearch(search), filters, now: deps.clock.now() };
  return { filename: leadExportFileName(group.name), stream: Readable.from(exportLines(deps.db, params)) };
}

// Lead imports (modules/lead-imports): the leads module writes the leads, so the list's kept count and
// the scoreboard's counters (kept by triggers on leads) stay exact.

/** The lead fields of one imported row, as the lead dialog's call sends them. */
export type ImportedLeadFields = LeadFieldsInput;

/**
 * Creates one batch of an import's leads in the caller's transaction, the importer their submitter,
 * each with its room. No NEW_LEAD activity per lead: the import records one for the whole file.
 */
export async function createImportedLeads(
  tx: DbOrTx,
  input: { groupId: number; userId: number; now: Date; leads: ImportedLeadFields[] },
): Promise<number[]> {
  const values: q.NewLead[] = [];
  for (const fields of input.leads) {
    values.push({
      ...(await leadValues(fields)),
      groupId: input.groupId,
      createdBy: input.userId,
      createdAt: input.now,
      updatedAt: input.now,
      lastActivityAt: input.now,
    });
  }
  const ids = await q.insertLeads(tx, values);
  await createLeadRooms(tx, ids, input.groupId);
  return ids;
}

export interface KeyMatch {
  leadId: number;
  fullName: string;
  ownerName: string;
}

/** For each kind of key, the oldest lead of the group holding each given key (one statement for all). */
export async function findLeadsByMatchKeys(
  db: DbOrTx,
  groupId: number,
  keys: Record<q.MatchKeyKind, string[]>,
): Promise<Record<q.MatchKeyKind, Map<string, KeyMatch>>> {
  const found: Record<q.MatchKeyKind, Map<string, KeyMatch>> = {
    emailKey: new Map(),
    phoneKey: new Map(),
    linkedinKey: new Map(),
    nameKey: new Map(),
  };
  for (const r of await q.findOldestByKeys(db, groupId, keys)) {
    found[r.kind].set(r.key, {
      leadId: r.leadId,
      fullName: `${r.firstName} ${r.lastName}`,
      ownerName: displayName(r.ownerFirstName, r.ownerLastName, r.ownerHidden),
    });
  }
  return found;
}

export type KeptReason = 'CHANGED' | 'RATED' | 'COMMENTED' | 'ASSIGNED' | 'OUTCOME';

/**
 * An undone import: removes those of its leads nobody has worked on since (changed, rated, commented,
 * assigned, an outcome), in the caller's transaction; the others are kept, each with its first reason.
 */
export async function removeUntouchedLeads(
  tx: DbOrTx,
  leadIds: number[],
): Promise<{ removed: number[]; kept: Map<number, KeptReason> }> {
  const rows = await q.lockLeadsForRemoval(tx, leadIds);
  const commented = new Set(await findCommentedLeadIds(tx, leadIds));
  const kept = new Map<number, KeptReason>();
  const removed: number[] = [];
  for (const r of rows) {
    // The most telling reason first: an assignment or a rating also moves updated_at.
    const reason: KeptReason | undefined = r.outcome
      ? 'OUTCOME'
      : r.assigned
        ? 'ASSIGNED'
        : r.rated
          ? 'RATED'
          : commented.has(r.id)
            ? 'COMMENTED'
            : r.changed
              ? 'CHANGED'
              : undefined;
    if (reason) kept.set(r.id, reason);
    else removed.push(r.id);
  }
  await q.deleteLeads(tx, removed);
  return { removed, kept };
}
