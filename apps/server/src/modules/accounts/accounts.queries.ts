import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** Makes a user without a business a member of one; false when they already had one. */
export async function assignUserToBusiness(db: DbOrTx, userId: number, businessId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ businessId, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.businessId)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return row;
}

export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: normalizeEmail(values.email) })
    .returning();
  return row!;
}

export async function updateUser(db: DbOrTx, id: number, values: Partial<NewUser>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

// The guard reads the caller on every signed-in call: a prepared statement per database handle
// (built once, parsed once per connection).
const activeUserStatements = new WeakMap<object, ReturnType<typeof prepareFindActiveUser>>();
function prepareFindActiveUser(db: DbOrTx) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletionRequestedAt)))
    .prepare('find_active_user');
}

/** A user's row when they may use the product (not hidden by a deletion request). */
export async function findActiveUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  let statement = activeUserStatements.get(db);
  if (!statement) {
    statement = prepareFindActiveUser(db);
    activeUserStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id });
  return row;
}

/** A user who may use the product: not hidden by a deletion request. */
export async function isActiveUserId(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletionRequestedAt)));
  return row !== undefined;
}

export async function listUsersDueForErasure(db: DbOrTx, requestedBefore: Date, limit: number) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        isNotNull(users.deletionRequestedAt),
        isNull(users.erasedAt),
        lte(users.deletionRequestedAt, requestedBefore),
      ),
    )
    .limit(limit);
}

/** Erases personal data; the row stays so the user's leads remain attributed to "Deleted user". */
export async function eraseUser(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({
      email: `deleted-${id}@deleted.invalid`,
      passwordHash: null,
      firstName: 'Deleted',
      lastName: 'user',
      company: null,
      title: null,
      avatarKey: null,
      erasedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, id));
}

/** Sets the profile picture's storage key (null removes it); answers the key it replaced. */
export async function replaceAvatarKey(
  db: DbOrTx,
  id: number,
  avatarKey: string | null,
): Promise<{ row: UserRow; previousKey: string | null } | undefined> {
  // Row-locked, so two uploads at once cannot both believe they replaced the same picture.
  const [current] = await db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, id)).for('update');
  if (!current) return undefined;
  const row = await updateUser(db, id, { avatarKey });
  return row && { row, previousKey: current.avatarKey };
}

/** The picture key of a user who is not hidden by a deletion request. */
export async function findVisibleAvatarKey(db: DbOrTx, id: number): Promise<string | null | undefined> {
  const [row] = await db
    .select({ avatarKey: users.avatarKey })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletionRequestedAt)));
  return row?.avatarKey;
}

/** Inserts a user unless the address is taken (then undefined); safe inside a transaction. */
export async function insertUserIfAbsent(db: DbOrTx, values: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: normalizeEmail(values.email) })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}
