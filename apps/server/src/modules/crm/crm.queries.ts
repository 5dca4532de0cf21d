import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { crmIntegrations } from '../../db/schema/index.js';

export async function findIntegration(db: DbOrTx, businessId: number) {
  const [row] = await db.select().from(crmIntegrations).where(eq(crmIntegrations.businessId, businessId));
  return row;
}
