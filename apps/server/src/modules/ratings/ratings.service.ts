import {
  type LeadRating,
  type LeadRatingEvent,
  type MemberRatingParts,
  type RatingKind,
  SERVER_EVENTS,
} from '@leadcircle/shared';
import { activityData } from '../../activity/activity-recorder.js';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { forbidden } from '../../http/errors.js';
import { groupRoom } from '../../realtime/rooms.js';
import { findCoMembers } from '../groups/groups.access.js';
import {
  addToQualityTotals,
  type LeadRow,
  leadNotFound,
  leadRatingOf,
  lockLeadRating,
  requireLeadMember,
  submitterRatingInputs,
  touchLead,
} from '../leads/leads.access.js';
import { memberRating, roundToTenth } from './member-rating.js';
import * as q from './ratings.queries.js';

// Lead ratings: members of the lead's group rate it 1–5 (0 takes the
// rating back); its owner cannot. Quality ratings are also kept as leads.rating_sum / rating_count.
// Decisions: docs/decisions/leads.md.

/** A member's rating and what it is made of (its quality stars to one decimal, leads won and lost). */
export interface MemberRatingDetail {
  rating: number;
  parts: MemberRatingParts;
}

/** Members' ratings (quality blended with outcomes, memberRating), for a page of members: one query. */
export async function findMemberRatings(db: DbOrTx, userIds: number[]): Promise<Map<number, MemberRatingDetail>> {
  const rows = await submitterRatingInputs(db, userIds);
  const ratings = new Map<number, MemberRatingDetail>();
  for (const r of rows) {
    const qualityAverage = r.qualityAverage === null ? null : Number(r.qualityAverage);
    const rating = memberRating({ qualityAverage, ratedLeads: r.ratedLeads, won: r.won, lost: r.lost });
    if (rating === null) continue;
    const quality = qualityAverage === null || r.ratedLeads === 0 ? null : roundToTenth(qualityAverage);
    ratings.set(r.userId, { rating, parts: { quality, won: r.won, lost: r.lost } });
  }
  return ratings;
}

const ownRating = () => forbidden('LEAD_OWN_RATING');

export async function getQualityRating(deps: AppDeps, userId: number, leadId: number): Promise<LeadRating> {
  const { lead } = await requireLeadMember(deps.db, leadId, userId);
  const userRating = await q.findUserRating(deps.db, leadId, 'QUALITY', userId);
  return leadRatingOf(lead.ratingSum, lead.ratingCount, userRating);
}

/** The caller's rating of a lead of kind `kind`: 1–5 stores it, 0 takes it back. */
async function rateLead(
  deps: AppDeps,
  userId: number,
  lead: LeadRow,
  kind: RatingKind,
  rating: number,
): Promise<LeadRating> {
  if (lead.createdBy === userId) throw ownRating();
  const now = deps.clock.now();
  let activityId = 0;
  const answer = await deps.db.transaction(async (tx) => {
    // Rating changes of one lead wait for each other here (both kinds: the row is the lead's).
    if (!(await lockLeadRating(tx, lead.id))) throw leadNotFound();
    const old = await q.findUserRating(tx, lead.id, kind, userId);
    if (rating === 0) await q.deleteRating(tx, lead.id, kind, userId);
    else await q.upsertRating(tx, { leadId: lead.id, kind, userId, rating, now });
    const userRating = rating === 0 ? null : rating;
    if (old !== userRating) await touchLead(tx, lead.id, now);
    if (kind === 'RELEVANCY') {
      const { sum, count } = await q.sumRatings(tx, lead.id, kind);
      return leadRatingOf(sum, count, userRating);
    }
    const totals = await addToQualityTotals(tx, lead.id, {
      sum: (userRating ?? 0) - (old ?? 0),
      count: (userRating === null ? 0 : 1) - (old === null ? 0 : 1),
    });
    // A rating given or changed reaches the lead's submitter (inbox); one taken back does not.
    if (userRating !== null && old !== userRating) {
      activityId = await deps.activities.record(tx, {
        type: 'LEAD_RATED',
        actorUserId: userId,
        groupId: lead.groupId,
        data: activityData(
          'LEAD_RATED',
          { leadId: lead.id, rating: userRating },
          { recipientUserIds: [lead.createdBy] },
        ),
      });
    }
    return leadRatingOf(totals.ratingSum, totals.ratingCount, userRating);
  });
  if (activityId) await deps.activities.announce(activityId);
  return answer;
}

export async function rateQuality(
  deps: AppDeps,
  userId: number,
  input: { lead_id: number; rating: number },
): Promise<LeadRating> {
  const { lead } = await requireLeadMember(deps.db, input.lead_id, userId);
  const rating = await rateLead(deps, userId, lead, 'QUALITY', input.rating);
  // Members with the lead open see the new average at once (each one's own rating stays theirs).
  const event: LeadRatingEvent = { leadId: lead.id, groupId: lead.groupId, rating: rating.rating, count: rating.count };
  deps.realtime.publish({ rooms: [groupRoom(lead.groupId)], event: SERVER_EVENTS.leadRating, data: event });
  return rating;
}

export async function rateRelevancy(
  deps: AppDeps,
  userId: number,
  input: { lead_id: number; group_id: number; rating: number },
): Promise<LeadRating> {
  // A lead of another group named with this group's id does not exist here (checked before membership).
  const { lead } = await requireLeadMember(deps.db, input.lead_id, userId, input.group_id);
  return rateLead(deps, userId, lead, 'RELEVANCY', input.rating);
}

/** Members' ratings, in the order asked: the caller's own and those of members of the caller's groups. */
export async function getUserRatings(
  deps: AppDeps,
  userId: number,
  userIds: number[],
): Promise<{ userRatings: { userId: number; rating: number | null }[] }> {
  const others = [...new Set(userIds.filter((id) => id !== userId))];
  const visible = await findCoMembers(deps.db, userId, others);
  if (others.some((id) => !visible.has(id))) {
    throw forbidden('RATING_USERS_NOT_VISIBLE');
  }
  const ratings = await findMemberRatings(deps.db, [...new Set(userIds)]);
  return { userRatings: userIds.map((id) => ({ userId: id, rating: ratings.get(id)?.rating ?? null })) };
}
