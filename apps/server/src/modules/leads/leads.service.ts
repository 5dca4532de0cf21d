import { Readable } from 'node:stream';
import {
  csvRow,
  formatPhone,
  LEAD_CSV_HEADERS,
  LEAD_MESSAGES,
  type Lead,
  type leadCreateRequest,
  leadExportFileName,
  type leadGroupStatsRequest,
  type leadListRequest,
  type leadUpdateRequest,
  type leadUserStatsRequest,
  normalizePhone,
} from '@leadcircle/shared';
import type { z } from 'zod';
import { activityData } from '../../activity/activity-recorder.js';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { displayName } from '../accounts/accounts.service.js';
import { findZipPlace } from '../address/address.service.js';
import {
  isGroupMember,
  listVisibleMemberPairs,
  requireGroupMember,
  resolveCallerGroupIds,
} from '../groups/groups.access.js';
import { countLeadsByGroup } from '../groups/groups.service.js';
import { listTerritoryHoldersFor } from '../territories/territories.service.js';
import { decodeLeadCursor, encodeLeadCursor } from './lead-cursor.js';
import { leadNotFound, leadRatingOf, requireLeadMember, requireLeadOwner } from './leads.access.js';
import * as q from './leads.queries.js';

// Leads: statuses in docs/decisions.md "Leads: server".

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
  return {
    firstName: fields.first_name,
    lastName: fields.last_name,
    title: fields.title,
    company: fields.company,
    email: fields.email || null,
    phone: fields.phone ? normalizePhone(fields.phone) : null,
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
): Promise<{ leads: Lead[]; totalCount: number; nextCursor: string | null; previousCursor: string | null }> {
  await requireGroupMember(deps.db, input.group_id, userId);
  const from = input.cursor === undefined ? undefined : decodeLeadCursor(input.cursor);
  const [rows, totalCount] = await Promise.all([
    q.listLeadsByGroup(deps.db, {
      groupId: input.group_id,
      viewerId: userId,
      offset: input.start_position,
      limit: input.get_next,
      from,
    }),
    q.countLeadsInGroup(deps.db, input.group_id),
  ]);
  const first = rows[0];
  const last = rows.at(-1);
  return {
    leads: rows.map((r) => toLead(r, userId)),
    totalCount,
    nextCursor: last ? encodeLeadCursor({ direction: 'next', activityAt: last.activityKey, id: last.lead.id }) : null,
    previousCursor: first
      ? encodeLeadCursor({ direction: 'previous', activityAt: first.activityKey, id: first.lead.id })
      : null,
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
    const id = await q.insertLeadWithRoom(tx, {
      ...values,
      groupId: input.group_id,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
      lastActivityAt: now,
    });
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

/** The owner assigns the lead to a current member of its group (themselves included). */
export async function assignLead(
  deps: AppDeps,
  userId: number,
  input: { group_id: number; lead_id: number; user_id: number },
): Promise<Lead> {
  await requireLeadOwner(deps.db, input.lead_id, userId, input.group_id);
  if (!(await isGroupMember(deps.db, input.group_id, input.user_id))) {
    throw notFound('GROUP_MEMBER_NOT_FOUND');
  }
  await q.updateLead(deps.db, input.lead_id, { assignedTo: input.user_id, updatedAt: deps.clock.now() });
  return presentLead(deps.db, input.lead_id, userId);
}

export async function groupLeadStats(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof leadGroupStatsRequest>,
): Promise<{ groups: { groupId: number; leadsCount: number }[] }> {
  const groupIds = await resolveCallerGroupIds(deps.db, userId, input.ids);
  const counts = await countLeadsByGroup(deps.db, groupIds);
  return { groups: groupIds.map((groupId) => ({ groupId, leadsCount: counts.get(groupId) ?? 0 })) };
}

/** Leads submitted by each visible member of the groups (search_ids), optionally only some members (filter_ids). */
async function memberLeadStats(
  db: DbOrTx,
  userId: number,
  input: { search_ids?: number[]; filter_ids?: number[] },
): Promise<{ groupIds: number[]; stats: { groupId: number; userId: number; leadsSubmitted: number }[] }> {
  const groupIds = await resolveCallerGroupIds(db, userId, input.search_ids);
  const filter = input.filter_ids && input.filter_ids.length > 0 ? new Set(input.filter_ids) : null;
  const pairs = (await listVisibleMemberPairs(db, groupIds)).filter((p) => !filter || filter.has(p.userId));
  const counts = await q.countLeadsByMember(db, groupIds, [...new Set(pairs.map((p) => p.userId))]);
  return {
    groupIds,
    stats: pairs.map((p) => ({ ...p, leadsSubmitted: counts.get(`${p.groupId}:${p.userId}`) ?? 0 })),
  };
}

/** /group/stats: leads submitted per member, group by group (the leads module owns lead statistics). */
export async function groupStats(
  deps: AppDeps,
  userId: number,
  input: { search_ids?: number[]; filter_ids?: number[] },
): Promise<{ groups: { groupId: number; usersStats: { userId: number; leadsSubmitted: number }[] }[] }> {
  const { groupIds, stats } = await memberLeadStats(deps.db, userId, input);
  return {
    groups: groupIds.map((groupId) => ({
      groupId,
      usersStats: stats
        .filter((s) => s.groupId === groupId)
        .map((s) => ({ userId: s.userId, leadsSubmitted: s.leadsSubmitted })),
    })),
  };
}

export async function userLeadStats(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof leadUserStatsRequest>,
): Promise<{ usersStats: { groupId: number; userId: number; leadsSubmitted: number }[] }> {
  const { stats } = await memberLeadStats(deps.db, userId, input);
  return { usersStats: stats };
}

// The CSV export: a UTF-8 byte order mark first, so Excel reads names with accents correctly.
const UTF8_BOM = '\uFEFF';
const EXPORT_BATCH_SIZE = 500;

async function* exportLines(db: DbOrTx, groupId: number): AsyncGenerator<string> {
  yield UTF8_BOM + csvRow(LEAD_CSV_HEADERS);
  let afterId = 0;
  for (;;) {
    const batch = await q.listLeadsForExport(db, groupId, afterId, EXPORT_BATCH_SIZE);
    if (batch.length > 0) {
      yield batch
        .map((r) =>
          csvRow([r.id, r.firstName, r.lastName, r.email, r.phone && formatPhone(r.phone), r.company, r.title]),
        )
        .join('');
      afterId = batch[batch.length - 1]!.id;
    }
    if (batch.length < EXPORT_BATCH_SIZE) return;
  }
}

/**
 * A group's leads as CSV (the fixed headers), for its members: checked before anything is sent,
 * then streamed in keyset batches, so the table is never held in memory.
 */
export async function exportLeads(
  deps: AppDeps,
  userId: number,
  groupId: number,
): Promise<{ filename: string; stream: Readable }> {
  const { group } = await requireGroupMember(deps.db, groupId, userId);
  return { filename: leadExportFileName(group.name), stream: Readable.from(exportLines(deps.db, groupId)) };
}
