import type { EmailAction } from '@leadcircle/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { emailTokens, refreshTokens } from '../../db/schema/index.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type EmailTokenRow = typeof emailTokens.$inferSelect;

export async function insertRefreshToken(
  db: DbOrTx,
  values: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/** Locks the row so two refreshes of one token cannot both rotate it. */
export async function findRefreshTokenForUpdate(db: DbOrTx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
  return row;
}

export async function markRefreshTokenRotated(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, id));
}

export async function revokeRefreshTokenFamily(db: DbOrTx, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every session of a user, or every one but `exceptFamilyId`. */
export async function revokeUserRefreshTokens(
  db: DbOrTx,
  userId: number,
  now: Date,
  exceptFamilyId?: string,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        exceptFamilyId === undefined ? undefined : ne(refreshTokens.familyId, exceptFamilyId),
      ),
    );
}

export async function insertEmailToken(
  db: DbOrTx,
  values: { userId: number; action: EmailAction; tokenHash: string; expiresAt: Date; passwordHash?: string },
): Promise<void> {
  await db.insert(emailTokens).values(values);
}

export async function findEmailTokenForUpdate(db: DbOrTx, tokenHash: string): Promise<EmailTokenRow | undefined> {
  const [row] = await db.select().from(emailTokens).where(eq(emailTokens.tokenHash, tokenHash)).for('update');
  return row;
}

/** Uses up every open token of one kind for a user (a reset link used makes the others void). */
export async function useEmailTokens(db: DbOrTx, userId: number, action: EmailAction, now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.action, action), isNull(emailTokens.usedAt)));
}

export async function deleteUserTokens(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  await db.delete(emailTokens).where(eq(emailTokens.userId, userId));
}
