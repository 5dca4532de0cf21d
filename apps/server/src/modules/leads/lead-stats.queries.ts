import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { leadStatsDays, leadStatsMonths, leadStatsTotals, leads, publicUsers } from '../../db/schema/index.js';

// The scoreboard reads the totals the triggers keep per group and member (lead_stats_totals), per month
// (lead_stats_months) and per day (lead_stats_days): members × periods, never a group's leads. The one
// exception is a window's first day, which starts at an instant: its leads are read through the
// (group, created_at) and (group, won_at) indexes, one day at most. Won = the lead's outcome is Won now,
// and confirmed when the submitter reported it; its amount is credited to the submitter.

const isWon = sql`(${leads.outcomeStage} = 'WON' and not ${leads.outcomeUnconfirmed})`;

/** Per group and member: leads given, their wins and amounts, leads received and how many are Won. */
export async function memberTotals(db: DbOrTx, groupIds: number[], userIds: number[]) {
  if (groupIds.length === 0 || userIds.length === 0) return [];
  return db
    .select({
      groupId: leadStatsTotals.groupId,
      userId: leadStatsTotals.userId,
      given: leadStatsTotals.given,
      won: leadStatsTotals.won,
      cents: leadStatsTotals.wonCents,
      received: leadStatsTotals.received,
      receivedWon: leadStatsTotals.receivedWon,
    })
    .from(leadStatsTotals)
    .where(and(inArray(leadStatsTotals.groupId, groupIds), inArray(leadStatsTotals.userId, userIds)));
}

/** Per group: Won now and their amounts (every submitter's, members or not). */
export async function groupWonTotals(db: DbOrTx, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({
      groupId: leadStatsTotals.groupId,
      won: sql<number>`sum(${leadStatsTotals.won})::int`,
      cents: sql<number>`sum(${leadStatsTotals.wonCents})::float8`,
    })
    .from(leadStatsTotals)
    .where(inArray(leadStatsTotals.groupId, groupIds))
    .groupBy(leadStatsTotals.groupId);
}

export interface MonthRow {
  groupId: number;
  // The submitter, when counted per member; 0 for a whole group.
  userId: number;
  // 'YYYY-MM'
  month: string;
  submitted: number;
  won: number;
  cents: number;
}

/**
 * From the month `since` ('YYYY-MM-01') on: leads submitted per month (by created_at), and leads Won now
 * per month they became Won (won_at) with their amounts; per group, and per submitter of `userIds` when given.
 */
export async function monthsSince(db: DbOrTx, groupIds: number[], since: string, userIds?: number[]) {
  if (groupIds.length === 0 || userIds?.length === 0) return [];
  const m = leadStatsMonths;
  const month = sql<string>`to_char(${m.month}, 'YYYY-MM')`;
  const where = and(inArray(m.groupId, groupIds), gte(m.month, since));
  if (userIds) {
    return db
      .select({
        groupId: m.groupId,
        userId: m.userId,
        month,
        submitted: m.given,
        won: m.won,
        cents: sql<number>`${m.wonCents}::float8`,
      })
      .from(m)
      .where(and(where, inArray(m.userId, userIds))) as Promise<MonthRow[]>;
  }
  return db
    .select({
      groupId: m.groupId,
      userId: sql<number>`0`,
      month,
      submitted: sql<number>`sum(${m.given})::int`,
      won: sql<number>`sum(${m.won})::int`,
      cents: sql<number>`sum(${m.wonCents})::float8`,
    })
    .from(m)
    .where(where)
    .groupBy(m.groupId, m.month) as Promise<MonthRow[]>;
}

/**
 * Per group and submitter since the instant `since`: leads given, and leads Won now that became Won in
 * the window with their amounts; with names. Whole days from the kept days (from `nextDay`, the UTC day
 * after the one `since` falls in, 'YYYY-MM-DD'), the part of `since`'s own day from its leads.
 */
export async function giversSince(db: DbOrTx, groupIds: number[], since: Date, nextDay: string) {
  if (groupIds.length === 0) return [];
  const dayEnd = new Date(`${nextDay}T00:00:00Z`);
  const d = leadStatsDays;
  const days = db
    .select({ groupId: d.groupId, userId: d.userId, given: d.given, won: d.won, cents: d.wonCents })
    .from(d)
    .where(and(inArray(d.groupId, groupIds), gte(d.day, nextDay)));
  const firstDayGiven = db
    .select({
      groupId: leads.groupId,
      userId: leads.createdBy,
      given: sql<number>`1`,
      won: sql<number>`0`,
      cents: sql<number>`0::bigint`,
    })
    .from(leads)
    .where(and(inArray(leads.groupId, groupIds), gte(leads.createdAt, since), lt(leads.createdAt, dayEnd)));
  const firstDayWon = db
    .select({
      groupId: leads.groupId,
      userId: leads.createdBy,
      given: sql<number>`0`,
      won: sql<number>`1`,
      cents: sql<number>`coalesce(${leads.wonAmountCents}, 0)`,
    })
    .from(leads)
    .where(
      and(
        inArray(leads.groupId, groupIds),
        sql`${leads.outcomeStage} = 'WON'`,
        isWon,
        gte(leads.wonAt, since),
        lt(leads.wonAt, dayEnd),
      ),
    );
  const parts = days.unionAll(firstDayGiven).unionAll(firstDayWon).as('parts');
  return db
    .select({
      groupId: parts.groupId,
      userId: parts.userId,
      given: sql<number>`sum(${parts.given})::int`,
      won: sql<number>`sum(${parts.won})::int`,
      cents: sql<number>`sum(${parts.cents})::float8`,
      firstName: publicUsers.firstName,
      lastName: publicUsers.lastName,
    })
    .from(parts)
    .innerJoin(publicUsers, eq(publicUsers.id, parts.userId))
    .groupBy(parts.groupId, parts.userId, publicUsers.firstName, publicUsers.lastName)
    .having(sql`sum(${parts.given}) > 0 or sum(${parts.won}) > 0`);
}
