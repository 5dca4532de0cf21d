import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/** Deletes at most `limit` rows that match, lowest id first; answers how many it deleted. */
export async function deleteFirstRows(
  db: DbOrTx,
  table: PgTable,
  id: AnyPgColumn,
  where: SQL | undefined,
  limit: number,
): Promise<number> {
  const result = await db.execute(
    sql`delete from ${table} where ${id} in (select ${id} from ${table} where ${where} order by ${id} limit ${limit})`,
  );
  return result.rowCount ?? 0;
}

/**
 * Runs a delete of at most `batchSize` rows again until one comes back short: each statement is small
 * and holds its row locks briefly, so a clean-up of a large table never blocks its writers for long.
 */
export async function deleteInBatches(deleteBatch: (limit: number) => Promise<number>, batchSize: number) {
  let deleted = 0;
  for (;;) {
    const count = await deleteBatch(batchSize);
    deleted += count;
    if (count < batchSize) return deleted;
  }
}
