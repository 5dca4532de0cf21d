// The scoreboard as it was computed before the kept totals: every answer recounted from a group's
// leads. stats-kept-totals.test.ts holds the kept totals to it.

import {
  type leadGroupStatsRequest,
  type leadUserStatsRequest,
  type MemberStats,
  STATS_MONTHS,
  type StatsMonth,
  TOP_GIVER_WINDOWS_DAYS,
  TOP_GIVERS_MAX,
  type TopGiver,
} from '@leadcircle/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../../src/app-deps.js';
import type { DbOrTx } from '../../../src/db/client.js';
import { notFound } from '../../../src/http/errors.js';
import { HOUR_MS } from '../../../src/lib/clock.js';
import { displayName } from '../../../src/modules/accounts/accounts.service.js';
import {
  isGroupMember,
  listVisibleMemberPairs,
  requireGroupMember,
  resolveCallerGroupIds,
} from '../../../src/modules/groups/groups.access.js';
import { countLeadsByGroup } from '../../../src/modules/groups/groups.service.js';
import * as q from './recount.queries.js';

// The group scoreboard (/group/stats, /lead/group_stats, /lead/user_stats) and a member's card
// (/group/member_stats): members only. Won leads and their amounts are credited to the submitter.

const DAY_MS = 24 * HOUR_MS;

/** The scoreboard's months, oldest first ('YYYY-MM', UTC), and the first instant of the oldest. */
export function statsMonths(now: Date): { months: string[]; since: Date } {
  const months: string[] = [];
  for (let back = STATS_MONTHS - 1; back >= 0; back -= 1) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return { months, since: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (STATS_MONTHS - 1), 1)) };
}

/** won / submitted to three decimals; null with nothing submitted. */
const conversion = (won: number, submitted: number) =>
  submitted === 0 ? null : Math.round((won / submitted) * 1000) / 1000;

const key = (groupId: number, userId: number) => `${groupId}:${userId}`;

/** Months keyed `groupId:userId` (userId 0 for a whole group), each filled to the 12 months. */
async function monthlyOf(
  db: DbOrTx,
  groupIds: number[],
  now: Date,
  perMember: boolean,
): Promise<(groupId: number, userId: number) => StatsMonth[]> {
  const { months, since } = statsMonths(now);
  const [submitted, won] = await Promise.all([
    q.submittedByMonth(db, groupIds, since, perMember),
    q.wonByMonth(db, groupIds, since, perMember),
  ]);
  const cells = new Map<string, StatsMonth>();
  const cell = (r: q.MonthRow) => {
    const k = `${key(r.groupId, Number(r.userId))}:${r.month}`;
    let c = cells.get(k);
    if (!c) {
      c = { month: r.month, submitted: 0, wonCount: 0, wonAmountCents: 0 };
      cells.set(k, c);
    }
    return c;
  };
  for (const r of submitted) cell(r).submitted = Number(r.n);
  for (const r of won) {
    const c = cell(r);
    c.wonCount = Number(r.n);
    c.wonAmountCents = Number(r.cents);
  }
  return (groupId, userId) =>
    months.map(
      (month) =>
        cells.get(`${key(groupId, userId)}:${month}`) ?? { month, submitted: 0, wonCount: 0, wonAmountCents: 0 },
    );
}

export interface MemberScore {
  groupId: number;
  userId: number;
  leadsSubmitted: number;
  leadsReceived: number;
  wonCount: number;
  closedBusinessCents: number;
  conversion: number | null;
  monthly: StatsMonth[];
}

/** Each visible member of the groups (search_ids), optionally only some members (filter_ids): their score. */
async function memberScores(
  deps: AppDeps,
  userId: number,
  input: { search_ids?: number[]; filter_ids?: number[] },
): Promise<{ groupIds: number[]; scores: MemberScore[] }> {
  const db = deps.db;
  const groupIds = await resolveCallerGroupIds(db, userId, input.search_ids);
  const filter = input.filter_ids && input.filter_ids.length > 0 ? new Set(input.filter_ids) : null;
  const pairs = (await listVisibleMemberPairs(db, groupIds)).filter((p) => !filter || filter.has(p.userId));
  const userIds = [...new Set(pairs.map((p) => p.userId))];
  const [given, received, monthly] = await Promise.all([
    q.givenTotals(db, groupIds, userIds),
    q.receivedTotals(db, groupIds, userIds),
    monthlyOf(db, groupIds, deps.clock.now(), true),
  ]);
  const givenBy = new Map(given.map((r) => [key(r.groupId, r.userId), r]));
  const receivedBy = new Map(received.map((r) => [key(r.groupId, Number(r.userId)), r]));
  return {
    groupIds,
    scores: pairs.map((p) => {
      const g = givenBy.get(key(p.groupId, p.userId));
      const submitted = g?.given ?? 0;
      const won = Number(g?.won ?? 0);
      return {
        groupId: p.groupId,
        userId: p.userId,
        leadsSubmitted: submitted,
        leadsReceived: receivedBy.get(key(p.groupId, p.userId))?.received ?? 0,
        wonCount: won,
        closedBusinessCents: Number(g?.cents ?? 0),
        conversion: conversion(won, submitted),
        monthly: monthly(p.groupId, p.userId),
      };
    }),
  };
}

/** /group/stats: each member's score, group by group. */
export async function groupStats(
  deps: AppDeps,
  userId: number,
  input: { search_ids?: number[]; filter_ids?: number[] },
): Promise<{ groups: { groupId: number; usersStats: Omit<MemberScore, 'groupId'>[] }[] }> {
  const { groupIds, scores } = await memberScores(deps, userId, input);
  return {
    groups: groupIds.map((groupId) => ({
      groupId,
      usersStats: scores.filter((s) => s.groupId === groupId).map(({ groupId: _g, ...score }) => score),
    })),
  };
}

/** /lead/user_stats: /group/stats flattened. */
export async function userLeadStats(
  deps: AppDeps,
  userId: number,
  input: z.output<typeof leadUserStatsRequest>,
): Promise<{ usersStats: MemberScore[] }> {
  const { scores } = await memberScores(deps, userId, input);
  return { usersStats: scores };
}

/** The top givers of each group over the last `days`: current members, by business closed, then leads given. */
async function topGiversOf(
  db: DbOrTx,
  groupIds: number[],
  members: Set<string>,
  now: Date,
  days: number,
): Promise<Map<number, TopGiver[]>> {
  const rows = await q.giversSince(db, groupIds, new Date(now.getTime() - days * DAY_MS));
  const byGroup = new Map<number, TopGiver[]>();
  for (const r of rows) {
    const cents = Number(r.cents);
    if (!members.has(key(r.groupId, r.userId)) || (r.given === 0 && cents === 0)) continue;
    const list = byGroup.get(r.groupId) ?? [];
    list.push({
      userId: r.userId,
      fullName: displayName(r.firstName, r.lastName, false),
      closedBusinessCents: cents,
      leadsGiven: r.given,
      wonCount: r.won,
    });
    byGroup.set(r.groupId, list);
  }
  for (const [groupId, list] of byGroup) {
    list.sort(
      (a, b) => b.closedBusinessCents - a.closedBusinessCents || b.leadsGiven - a.leadsGiven || a.userId - b.userId,
    );
    byGroup.set(groupId, list.slice(0, TOP_GIVERS_MAX));
  }
  return byGroup;
}

/** /lead/group_stats: per group its leads, wins, conversion, months and top givers. */
export async function groupLeadStats(deps: AppDeps, userId: number, input: z.output<typeof leadGroupStatsRequest>) {
  const db = deps.db;
  const now = deps.clock.now();
  const groupIds = await resolveCallerGroupIds(db, userId, input.ids);
  const members = new Set((await listVisibleMemberPairs(db, groupIds)).map((p) => key(p.groupId, p.userId)));
  const [counts, won, monthly, ...windows] = await Promise.all([
    countLeadsByGroup(db, groupIds),
    q.groupWonTotals(db, groupIds),
    monthlyOf(db, groupIds, now, false),
    ...TOP_GIVER_WINDOWS_DAYS.map((days) => topGiversOf(db, groupIds, members, now, days)),
  ]);
  const wonBy = new Map(won.map((r) => [r.groupId, r]));
  const [last30, last90] = windows as [Map<number, TopGiver[]>, Map<number, TopGiver[]>];
  return {
    groups: groupIds.map((groupId) => {
      const leadsCount = counts.get(groupId) ?? 0;
      const wonCount = wonBy.get(groupId)?.won ?? 0;
      return {
        groupId,
        leadsCount,
        wonCount,
        wonAmountCents: Number(wonBy.get(groupId)?.cents ?? 0),
        conversion: conversion(wonCount, leadsCount),
        monthly: monthly(groupId, 0),
        topGivers: { last30Days: last30.get(groupId) ?? [], last90Days: last90.get(groupId) ?? [] },
      };
    }),
  };
}

/** /group/member_stats: a member's card in one group (members of the group; the member must be a visible one). */
export async function memberStats(
  deps: AppDeps,
  userId: number,
  input: { group_id: number; user_id: number },
): Promise<MemberStats> {
  await requireGroupMember(deps.db, input.group_id, userId);
  if (!(await isGroupMember(deps.db, input.group_id, input.user_id))) throw notFound('GROUP_MEMBER_NOT_FOUND');
  const [given, received] = await Promise.all([
    q.givenTotals(deps.db, [input.group_id], [input.user_id]),
    q.receivedTotals(deps.db, [input.group_id], [input.user_id]),
  ]);
  return {
    groupId: input.group_id,
    userId: input.user_id,
    leadsGiven: given[0]?.given ?? 0,
    leadsReceived: received[0]?.received ?? 0,
    wonCount: Number(given[0]?.won ?? 0),
    closedBusinessCents: Number(given[0]?.cents ?? 0),
    receivedWonCount: Number(received[0]?.won ?? 0),
  };
}
