import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { publicUsers, territories, territoryUsers } from '../../db/schema/index.js';

export type TerritoryRow = typeof territories.$inferSelect;

export async function listTerritoriesOfBusiness(db: DbOrTx, businessId: number) {
  return db.select().from(territories).where(eq(territories.businessId, businessId)).orderBy(asc(territories.name));
}

export async function listTerritoriesOfUser(db: DbOrTx, userId: number, businessId: number) {
  return db
    .select({ t: territories })
    .from(territories)
    .innerJoin(territoryUsers, eq(territoryUsers.territoryId, territories.id))
    .where(and(eq(territoryUsers.userId, userId), eq(territories.businessId, businessId)))
    .orderBy(asc(territories.name))
    .then((rows) => rows.map((r) => r.t));
}

export async function hasTerritoryOfUser(db: DbOrTx, userId: number, businessId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: territories.id })
    .from(territories)
    .innerJoin(territoryUsers, eq(territoryUsers.territoryId, territories.id))
    .where(and(eq(territoryUsers.userId, userId), eq(territories.businessId, businessId)))
    .limit(1);
  return row !== undefined;
}

export async function findTerritory(db: DbOrTx, businessId: number, territoryId: number) {
  const [row] = await db
    .select()
    .from(territories)
    .where(and(eq(territories.id, territoryId), eq(territories.businessId, businessId)));
  return row;
}

export async function listAssignees(db: DbOrTx, territoryIds: number[]) {
  if (territoryIds.length === 0) return [];
  return db
    .select({
      territoryId: territoryUsers.territoryId,
      userId: publicUsers.id,
      firstName: publicUsers.firstName,
      lastName: publicUsers.lastName,
    })
    .from(territoryUsers)
    .innerJoin(publicUsers, eq(publicUsers.id, territoryUsers.userId))
    .where(inArray(territoryUsers.territoryId, territoryIds))
    .orderBy(asc(publicUsers.firstName), asc(publicUsers.lastName));
}

/** How many of these ids are active users of the business. */
export async function countActiveUsersAmong(db: DbOrTx, businessId: number, userIds: number[]) {
  if (userIds.length === 0) return 0;
  const rows = await db
    .select({ id: publicUsers.id })
    .from(publicUsers)
    .where(
      and(
        eq(publicUsers.businessId, businessId),
        inArray(publicUsers.id, userIds),
        isNull(publicUsers.deletionRequestedAt),
      ),
    );
  return rows.length;
}

export async function insertTerritory(db: DbOrTx, values: typeof territories.$inferInsert) {
  const [row] = await db.insert(territories).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateTerritory(
  db: DbOrTx,
  id: number,
  values: Pick<TerritoryRow, 'name' | 'states' | 'zipPrefixes'>,
) {
  const [row] = await db.update(territories).set(values).where(eq(territories.id, id)).returning();
  return row;
}

export async function deleteTerritory(db: DbOrTx, id: number) {
  await db.delete(territories).where(eq(territories.id, id));
}

export async function setAssignees(db: DbOrTx, territoryId: number, userIds: number[]) {
  await db.delete(territoryUsers).where(eq(territoryUsers.territoryId, territoryId));
  if (userIds.length > 0) {
    await db.insert(territoryUsers).values(userIds.map((userId) => ({ territoryId, userId })));
  }
}

export async function isNameTaken(db: DbOrTx, businessId: number, name: string, exceptId = 0) {
  const result = await db.execute<{ n: string }>(
    sql`select count(*) as n from territories where business_id = ${businessId} and lower(name) = lower(${name}) and id <> ${exceptId}`,
  );
  return Number(result.rows[0]?.n ?? 0) > 0;
}

interface LeadInside extends Record<string, unknown> {
  id: number;
  group_id: number;
  first_name: string;
  last_name: string;
  company: string;
  city: string;
  state_abbrv: string;
  postal: string;
  latitude: number | null;
  longitude: number | null;
  territory_ids: number[];
}

/**
 * Leads of the groups the user belongs to whose state, or ZIP code's first three digits, one of the
 * user's territories covers; newest first. Read per group and per state or prefix through the
 * leads' indexes, each at most `limit` deep, never the groups' whole lists.
 */
export async function listLeadsInTerritoriesOfUser(db: DbOrTx, userId: number, territoryIds: number[], limit: number) {
  if (territoryIds.length === 0) return [];
  const ids = sql.join(
    territoryIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute<LeadInside>(sql`
    with mine as (select id, states, zip_prefixes from territories where id in (${ids})),
    groups_of as (select group_id from public_group_members where user_id = ${userId}),
    states as (select distinct unnest(states) as state from mine),
    prefixes as (select distinct unnest(zip_prefixes) as prefix from mine),
    picked as (
      (select l.id, l.created_at from groups_of g cross join states s cross join lateral (
         select id, created_at from public_leads
          where group_id = g.group_id and state_abbrv = s.state
          order by created_at desc, id desc limit ${limit}) l)
      union
      (select l.id, l.created_at from groups_of g cross join prefixes p cross join lateral (
         select id, created_at from public_leads
          where group_id = g.group_id and left(postal, 3) = p.prefix
          order by created_at desc, id desc limit ${limit}) l)
      order by created_at desc, id desc limit ${limit})
    select l.id, l.group_id, l.first_name, l.last_name, l.company, l.city, l.state_abbrv, l.postal,
           l.latitude, l.longitude,
           array_agg(t.id order by t.id) as territory_ids
      -- one probe by id per picked lead (a plain join lets the planner hash the whole table; limit 1 keeps it a probe)
      from picked p
      cross join lateral (select * from public_leads where id = p.id limit 1) l
      join mine t on l.state_abbrv = any(t.states) or left(l.postal, 3) = any(t.zip_prefixes)
     -- every column: a view's rows carry no primary key to group by
     group by l.id, l.group_id, l.first_name, l.last_name, l.company, l.city, l.state_abbrv, l.postal,
           l.latitude, l.longitude, l.created_at
     order by l.created_at desc, l.id desc`);
  return result.rows;
}

/**
 * The members of a group whose territory (of their own business, assigned to them) covers an
 * address: its state, or its ZIP code's first three digits. Visible accounts only.
 */
export async function listTerritoryHoldersFor(
  db: DbOrTx,
  groupId: number,
  place: { stateAbbrv: string; postal: string },
): Promise<number[]> {
  const result = await db.execute<{ user_id: number }>(sql`
    select distinct u.id as user_id
      from public_group_members gm
      join public_users u on u.id = gm.user_id and u.deletion_requested_at is null and u.business_id is not null
      join territory_users tu on tu.user_id = u.id
      join territories t on t.id = tu.territory_id and t.business_id = u.business_id
     where gm.group_id = ${groupId}
       and (${place.stateAbbrv} = any(t.states) or left(${place.postal}, 3) = any(t.zip_prefixes))
     order by u.id`);
  return result.rows.map((row) => Number(row.user_id));
}
