import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { businesses, users } from '../../db/schema/index.js';

export async function findBusinessById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
  return row;
}

/** Users of the business who have not asked for their account to be deleted. */
export async function countActiveUsers(db: DbOrTx, businessId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.businessId, businessId), isNull(users.deletionRequestedAt)));
  return row?.n ?? 0;
}

export async function insertBusiness(db: DbOrTx, name: string) {
  const [row] = await db.insert(businesses).values({ name }).returning();
  return row!;
}

/** Makes a user without a business a member of one; false when they already had one. */
export async function assignUserToBusiness(db: DbOrTx, userId: number, businessId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ businessId, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.businessId)))
    .returning({ id: users.id });
  return rows.length > 0;
}
