import type { RatingKind } from '@leadcircle/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { groupMembers, leadRatings, leads } from '../../db/schema/index.js';

const ratingOf = (leadId: number, kind: RatingKind, userId: number) =>
  and(eq(leadRatings.leadId, leadId), eq(leadRatings.kind, kind), eq(leadRatings.userId, userId));

/**
 * Locks the lead's row until the transaction ends, so rating changes of one lead run one after the
 * other and none of them loses another's change to rating_sum / rating_count. undefined: no such lead.
 */
export async function lockLeadRating(db: DbOrTx, leadId: number) {
  const [row] = await db
    .select({ ratingSum: leads.ratingSum, ratingCount: leads.ratingCount })
    .from(leads)
    .where(eq(leads.id, leadId))
    .for('update');
  return row;
}

export async function findUserRating(
  db: DbOrTx,
  leadId: number,
  kind: RatingKind,
  userId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ rating: leadRatings.rating })
    .from(leadRatings)
    .where(ratingOf(leadId, kind, userId));
  return row?.rating ?? null;
}

export async function upsertRating(
  db: DbOrTx,
  values: { leadId: number; kind: RatingKind; userId: number; rating: number; now: Date },
): Promise<void> {
  const { now, ...key } = values;
  await db
    .insert(leadRatings)
    .values({ ...key, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [leadRatings.leadId, leadRatings.kind, leadRatings.userId],
      set: { rating: values.rating, updatedAt: now },
    });
}

export async function deleteRating(db: DbOrTx, leadId: number, kind: RatingKind, userId: number): Promise<void> {
  await db.delete(leadRatings).where(ratingOf(leadId, kind, userId));
}

/** Moves the lead's stored quality sum and count by a change; the arithmetic is done on the row. */
export async function addToQualityTotals(
  db: DbOrTx,
  leadId: number,
  change: { sum: number; count: number },
): Promise<{ ratingSum: number; ratingCount: number }> {
  const [row] = await db
    .update(leads)
    .set({
      ratingSum: sql`${leads.ratingSum} + ${change.sum}`,
      ratingCount: sql`${leads.ratingCount} + ${change.count}`,
    })
    .where(eq(leads.id, leadId))
    .returning({ ratingSum: leads.ratingSum, ratingCount: leads.ratingCount });
  return row!;
}

/** Sum and count of a lead's ratings of one kind, counted from the rating rows. */
export async function sumRatings(db: DbOrTx, leadId: number, kind: RatingKind) {
  const [row] = await db
    .select({
      sum: sql<number>`coalesce(sum(${leadRatings.rating}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(leadRatings)
    .where(and(eq(leadRatings.leadId, leadId), eq(leadRatings.kind, kind)));
  return { sum: row?.sum ?? 0, count: row?.count ?? 0 };
}

/**
 * What members' ratings are made of, per submitter (one grouped query over leads_created_by_idx): the
 * average over their rated leads of each lead's quality average, how many are rated, and how many are
 * Won and Lost now. A Won the submitter reported counts once confirmed (a Lost they report counts: it
 * can only lower their own rating). Submitters with none of these are absent.
 */
export async function submitterRatingInputs(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return [];
  const rated = sql`${leads.ratingCount} > 0`;
  const isWon = sql`(${leads.outcomeStage} = 'WON' and not ${leads.outcomeUnconfirmed})`;
  return db
    .select({
      userId: leads.createdBy,
      qualityAverage: sql<
        number | null
      >`(avg(${leads.ratingSum}::numeric / nullif(${leads.ratingCount}, 0)) filter (where ${rated}))::float8`,
      ratedLeads: sql<number>`(count(*) filter (where ${rated}))::int`,
      won: sql<number>`(count(*) filter (where ${isWon}))::int`,
      lost: sql<number>`(count(*) filter (where ${leads.outcomeStage} = 'LOST'))::int`,
    })
    .from(leads)
    .where(and(inArray(leads.createdBy, userIds), sql`(${rated} or ${isWon} or ${leads.outcomeStage} = 'LOST')`))
    .groupBy(leads.createdBy);
}

/** Which of these users share at least one group with the user (memberships of hidden accounts count). */
export async function findCoMembers(db: DbOrTx, userId: number, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const mine = db.select({ groupId: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, userId));
  const rows = await db
    .selectDistinct({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(inArray(groupMembers.userId, userIds), inArray(groupMembers.groupId, mine)));
  return new Set(rows.map((r) => r.userId));
}
