import type { RatingKind } from '@leadcircle/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { leadRatings } from '../../db/schema/index.js';

const ratingOf = (leadId: number, kind: RatingKind, userId: number) =>
  and(eq(leadRatings.leadId, leadId), eq(leadRatings.kind, kind), eq(leadRatings.userId, userId));

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
