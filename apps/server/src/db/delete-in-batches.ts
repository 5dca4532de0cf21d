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
