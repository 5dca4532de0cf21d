// The scoreboard as it was computed before the kept totals: every answer recounted from a group's
// leads. stats-kept-totals.test.ts holds the kept totals to it.

import { and, count, eq, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../src/db/client.js';
import { leads, publicUsers } from '../../../src/db/schema/index.js';

// The scoreboard's grouped counts: every query is scoped by group ids (and member ids), one grouped
// query each, never a row per lead. Won = the lead's outcome is Won now, and confirmed when the submitter
// reported it (a giver never credits themselves); its amount is credited to the submitter.

const isWon = sql`(${leads.outcomeStage} = 'WON' and not ${leads.outcomeUnconfirmed})`;
const wonCount = sql<number>`(count(*) filter (where ${isWon}))::int`;
const wonCents = sql<number>`coalesce(sum(${leads.wonAmountCents}) filter (where ${isWon}), 0)::float8`;
const monthOf = (column: SQL | typeof leads.createdAt) =>
  sql<string>`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`;

const inGroups = (groupIds: number[]) => inArray(leads.groupId, groupIds);

/** Per group and submitter: leads given, Won now, business closed. Keyed `groupId:userId`. */
export async function givenTotals(db: DbOrTx, groupIds: number[], userIds: number[]) {
  if (groupIds.length === 0 || userIds.length === 0) return [];
  return db
    .select({ groupId: leads.groupId, userId: leads.createdBy, given: count(), won: wonCount, cents: wonCents })
    .from(leads)
    .where(and(inGroups(groupIds), inArray(leads.createdBy, userIds)))
    .groupBy(leads.groupId, leads.createdBy);
}

/** Per group and assignee: leads received and Won now. */
export async function receivedTotals(db: DbOrTx, groupIds: number[], userIds: number[]) {
  if (groupIds.length === 0 || userIds.length === 0) return [];
  return db
    .select({ groupId: leads.groupId, userId: sql<number>`${leads.assignedTo}`, received: count(), won: wonCount })
    .from(leads)
    .where(and(inGroups(groupIds), inArray(leads.assignedTo, userIds)))
    .groupBy(leads.groupId, leads.assignedTo);
}

/** Per group: Won now and their amounts. */
export async function groupWonTotals(db: DbOrTx, groupIds: number[]) {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: leads.groupId, won: count(), cents: wonCents })
    .from(leads)
    .where(and(inGroups(groupIds), isWon))
    .groupBy(leads.groupId);
}

export interface MonthRow {
  groupId: number;
  // The submitter, when counted per member.
  userId: number;
  month: string;
  n: number;
  cents: number;
}

/** Leads submitted per month since `since` (per group, and per submitter when `perMember`). */
export async function submittedByMonth(db: DbOrTx, groupIds: number[], since: Date, perMember: boolean) {
  if (groupIds.length === 0) return [];
  const month = monthOf(leads.createdAt);
  const userId = perMember ? leads.createdBy : sql<number>`0`;
  return db
    .select({ groupId: leads.groupId, userId, month, n: count(), cents: sql<number>`0` })
    .from(leads)
    .where(and(inGroups(groupIds), gte(leads.createdAt, since)))
    .groupBy(leads.groupId, ...(perMember ? [leads.createdBy] : []), month) as Promise<MonthRow[]>;
}

/** Leads that became Won per month since `since` (and are Won now), with their amounts. */
export async function wonByMonth(db: DbOrTx, groupIds: number[], since: Date, perMember: boolean) {
  if (groupIds.length === 0) return [];
  const month = monthOf(sql`${leads.wonAt}`);
  const userId = perMember ? leads.createdBy : sql<number>`0`;
  return db
    .select({ groupId: leads.groupId, userId, month, n: count(), cents: wonCents })
    .from(leads)
    .where(and(inGroups(groupIds), isWon, gte(leads.wonAt, since)))
    .groupBy(leads.groupId, ...(perMember ? [leads.createdBy] : []), month) as Promise<MonthRow[]>;
}

/** Per group and submitter since `since`: leads given, and leads Won in the window with their amounts; with names. */
export async function giversSince(db: DbOrTx, groupIds: number[], since: Date) {
  if (groupIds.length === 0) return [];
  const wonInWindow = sql`${isWon} and ${leads.wonAt} >= ${since}`;
  return db
    .select({
      groupId: leads.groupId,
      userId: leads.createdBy,
      given: sql<number>`(count(*) filter (where ${leads.createdAt} >= ${since}))::int`,
      won: sql<number>`(count(*) filter (where ${wonInWindow}))::int`,
      cents: sql<number>`coalesce(sum(${leads.wonAmountCents}) filter (where ${wonInWindow}), 0)::float8`,
      firstName: publicUsers.firstName,
      lastName: publicUsers.lastName,
    })
    .from(leads)
    .innerJoin(publicUsers, eq(publicUsers.id, leads.createdBy))
    .where(and(inGroups(groupIds), or(gte(leads.createdAt, since), sql`${wonInWindow}`)))
    .groupBy(leads.groupId, leads.createdBy, publicUsers.firstName, publicUsers.lastName);
}
