import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { escapeLike } from '../../db/like.js';
import { businessUsers } from '../../db/schema/index.js';
import type { InvitationStore, StoredInvitation } from '../../lib/invitations.js';

export type BusinessUserRow = typeof businessUsers.$inferSelect;

export interface ListedBusinessUser {
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  avatarKey: string | null;
  role: 'ADMIN' | 'SALES';
  status: 'INVITED' | 'ACTIVE' | 'INACTIVE';
  startTime: Date;
}

export interface BusinessUserFilter {
  businessId: number;
  role: 'ADMIN' | 'SALES' | null;
  status: 'INVITED' | 'ACTIVE' | 'INACTIVE' | null;
  /** Any part of a name or e-mail; null for everyone. */
  search: string | null;
}

/** Whether the row's name or e-mail holds the search, folded as search everywhere folds (case, accents). */
function matches(f: BusinessUserFilter) {
  if (f.search === null) return sql`true`;
  const pattern = `%${escapeLike(f.search)}%`;
  return sql`lc_fold(x.first_name || ' ' || x.last_name || ' ' || x.email) like lc_fold(${pattern})`;
}

// Users of a business: ACTIVE ones (users.business_id) and INACTIVE ones (removed), one list.
function usersPart(f: BusinessUserFilter) {
  return sql`
    select * from (
      select u.id as user_id, u.first_name, u.last_name, u.email, u.avatar_key, u.role::text as role,
             'ACTIVE' as status, coalesce(bu.added_at, u.created_at) as start_time, 0 as sort_group, u.id as sort_id
        from public_users u
        left join business_users bu on bu.business_id = ${f.businessId} and bu.user_id = u.id and bu.state = 'ACCEPTED'
       where u.business_id = ${f.businessId} and u.deletion_requested_at is null
      union all
      select coalesce(bu.user_id, 0), bu.first_name, bu.last_name, bu.email, u.avatar_key, bu.role::text,
             'INACTIVE', bu.added_at, 1, bu.id
        from business_users bu
        left join public_users u on u.id = bu.user_id
       where bu.business_id = ${f.businessId} and bu.state = 'INACTIVE'
    ) x
    where (${f.role}::text is null or x.role = ${f.role})
      and (${f.status}::text is null or x.status = ${f.status})
      and ${matches(f)}`;
}

function invitedPart(f: BusinessUserFilter) {
  return sql`
    select * from (
      select coalesce(bu.user_id, 0) as user_id, bu.first_name, bu.last_name, bu.email, u.avatar_key,
             bu.role::text as role, 'INVITED' as status, bu.added_at as start_time, 2 as sort_group, bu.id as sort_id
        from business_users bu
        left join public_users u on u.id = bu.user_id
       where bu.business_id = ${f.businessId} and bu.state = 'INVITED'
         and (${f.role}::text is null or bu.role::text = ${f.role})
         and (${f.status}::text is null or ${f.status} = 'INVITED')
    ) x
    where ${matches(f)}`;
}

type RawRow = {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  avatar_key: string | null;
  role: 'ADMIN' | 'SALES';
  status: 'INVITED' | 'ACTIVE' | 'INACTIVE';
  start_time: Date | string;
};

const toListed = (r: RawRow): ListedBusinessUser => ({
  userId: Number(r.user_id),
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  avatarKey: r.avatar_key,
  role: r.role,
  status: r.status,
  startTime: new Date(r.start_time),
});

export async function countBusinessUsers(db: DbOrTx, f: BusinessUserFilter) {
  const result = await db.execute<{ users: string; invited: string }>(sql`
    select (select count(*) from (${usersPart(f)}) a) as users, (select count(*) from (${invitedPart(f)}) b) as invited`);
  const row = result.rows[0];
  return { usersCount: Number(row?.users ?? 0), invitedCount: Number(row?.invited ?? 0) };
}

/** A page of users (ACTIVE first, then INACTIVE; oldest added first). */
export async function listUsersPage(db: DbOrTx, f: BusinessUserFilter, offset: number, limit: number) {
  if (limit <= 0) return [];
  const result = await db.execute<RawRow>(
    sql`select * from (${usersPart(f)}) p order by sort_group, start_time, sort_id limit ${limit} offset ${offset}`,
  );
  return result.rows.map(toListed);
}

/** A page of invited people, oldest invite first. */
export async function listInvitedPage(db: DbOrTx, f: BusinessUserFilter, offset: number, limit: number) {
  if (limit <= 0) return [];
  const result = await db.execute<RawRow>(
    sql`select * from (${invitedPart(f)}) p order by start_time, sort_id limit ${limit} offset ${offset}`,
  );
  return result.rows.map(toListed);
}

/** Every user and invited person of a business, for the CSV export, in the list's order. */
export async function* streamAllBusinessUsers(db: DbOrTx, businessId: number, batch = 500) {
  const f: BusinessUserFilter = { businessId, role: null, status: null, search: null };
  for (let offset = 0; ; offset += batch) {
    const rows = await listUsersPage(db, f, offset, batch);
    yield* rows;
    if (rows.length < batch) break;
  }
  for (let offset = 0; ; offset += batch) {
    const rows = await listInvitedPage(db, f, offset, batch);
    yield* rows;
    if (rows.length < batch) break;
  }
}

export async function findByEmail(db: DbOrTx, businessId: number, email: string) {
  const [row] = await db
    .select()
    .from(businessUsers)
    .where(and(eq(businessUsers.businessId, businessId), eq(businessUsers.email, email)));
  return row;
}

export type BusinessInvite = BusinessUserRow & StoredInvitation;

/** The invitations of the address a link names, as the invitation kit looks them up and spends them. */
export function businessInviteStore(email: string): InvitationStore<BusinessInvite> {
  return {
    async find(db, codeHash) {
      const [row] = await db
        .select()
        .from(businessUsers)
        .where(and(eq(businessUsers.tokenHash, codeHash), eq(businessUsers.email, email)));
      return row && { ...row, expiresAt: row.tokenExpiresAt, isSpent: row.state !== 'INVITED' };
    },
    // The link works once: its token goes (the state follows in the same transaction).
    async spend(tx, invite) {
      const rows = await tx
        .update(businessUsers)
        .set({ tokenHash: null, tokenExpiresAt: null, updatedAt: sql`now()` })
        .where(and(eq(businessUsers.id, invite.id), eq(businessUsers.tokenHash, invite.tokenHash ?? '')))
        .returning({ id: businessUsers.id });
      return rows.length > 0;
    },
  };
}

/** Writes the state of an address in a business (one row per business and address). */
export async function upsertBusinessUser(db: DbOrTx, values: typeof businessUsers.$inferInsert) {
  const { businessId: _b, email: _e, ...changes } = values;
  const [row] = await db
    .insert(businessUsers)
    .values(values)
    .onConflictDoUpdate({
      target: [businessUsers.businessId, businessUsers.email],
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function updateBusinessUser(db: DbOrTx, id: number, values: Partial<typeof businessUsers.$inferInsert>) {
  const [row] = await db
    .update(businessUsers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(businessUsers.id, id))
    .returning();
  return row;
}

export async function countAdmins(db: DbOrTx, businessId: number): Promise<number> {
  const result = await db.execute<{ n: string }>(
    sql`select count(*) as n from public_users where business_id = ${businessId} and role = 'ADMIN' and deletion_requested_at is null`,
  );
  return Number(result.rows[0]?.n ?? 0);
}
