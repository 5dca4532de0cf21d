import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { feedback } from '../../db/schema/index.js';

export type NewFeedback = typeof feedback.$inferInsert;

export async function insertFeedback(db: DbOrTx, values: NewFeedback): Promise<void> {
  await db.insert(feedback).values(values);
}

export async function deleteFeedbackOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(feedback).where(eq(feedback.userId, userId));
}
