import { and, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { businesses, publicUsers } from '../../db/schema/index.js';

export async function findBusinessById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, id));
  return row;
}

/** Users of the business who have not asked for their account to be deleted. */
export async function countActiveUsers(db: DbOrTx, businessId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(publicUsers)
    .where(and(eq(publicUsers.businessId, businessId), isNull(publicUsers.deletionRequestedAt)));
  return row?.n ?? 0;
}

export async function insertBusiness(db: DbOrTx, name: string) {
  const [row] = await db.insert(businesses).values({ name }).returning();
  return row!;
}

/** Holds the business row until the transaction ends: role changes of one business run one at a time. */
export async function lockBusiness(db: DbOrTx, businessId: number) {
  const [row] = await db.select().from(businesses).where(eq(businesses.id, businessId)).for('update');
  return row;
}
