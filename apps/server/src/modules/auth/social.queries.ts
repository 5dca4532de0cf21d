import type { SocialProvider } from '@leadcircle/shared';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { oauthStates, socialIdentities, usedIdentityTokens } from '../../db/schema/index.js';

export type SocialIdentityRow = typeof socialIdentities.$inferSelect;
export type OAuthStateRow = typeof oauthStates.$inferSelect;

export async function findSocialIdentity(
  db: DbOrTx,
  provider: SocialProvider,
  subject: string,
): Promise<SocialIdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));
  return row;
}

/** Links a provider's subject to a user; undefined when that subject is already linked. */
export async function insertSocialIdentity(
  db: DbOrTx,
  values: { userId: number; provider: SocialProvider; subject: string; now: Date },
): Promise<SocialIdentityRow | undefined> {
  const [row] = await db
    .insert(socialIdentities)
    .values({
      userId: values.userId,
      provider: values.provider,
      subject: values.subject,
      createdAt: values.now,
      lastSignInAt: values.now,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function touchSocialIdentity(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.update(socialIdentities).set({ lastSignInAt: now }).where(eq(socialIdentities.id, id));
}

export async function deleteUserSocialIdentities(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(socialIdentities).where(eq(socialIdentities.userId, userId));
}

/** Records an identity token as used; false when it was used before (a replay). */
export async function recordUsedIdentityToken(
  db: DbOrTx,
  values: { tokenHash: string; provider: SocialProvider; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(usedIdentityTokens)
    .values(values)
    .onConflictDoNothing()
    .returning({ tokenHash: usedIdentityTokens.tokenHash });
  return rows.length > 0;
}

export async function isIdentityTokenUsed(db: DbOrTx, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ tokenHash: usedIdentityTokens.tokenHash })
    .from(usedIdentityTokens)
    .where(eq(usedIdentityTokens.tokenHash, tokenHash));
  return row !== undefined;
}

export async function insertOAuthState(
  db: DbOrTx,
  values: {
    provider: SocialProvider;
    stateHash: string;
    codeVerifier: string;
    nonce: string;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  const { now, ...rest } = values;
  await db.insert(oauthStates).values({ ...rest, createdAt: now });
}

/** Uses up a state: only once, only before it expires, only for its provider. */
export async function consumeOAuthState(
  db: DbOrTx,
  provider: SocialProvider,
  stateHash: string,
  now: Date,
): Promise<OAuthStateRow | undefined> {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.stateHash, stateHash),
        eq(oauthStates.provider, provider),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function pruneSocialSignInRecords(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await db.delete(usedIdentityTokens).where(lt(usedIdentityTokens.expiresAt, now));
}
