import { z } from 'zod';

// The group scoreboard's numbers (/group/stats, /lead/group_stats, /lead/user_stats). Won leads and
// closed business are credited to the member who submitted the lead; a month is a UTC calendar month
// 'YYYY-MM', the current one and the 11 before, oldest first (STATS_MONTHS). Leads count in the month
// they were submitted, wins in the month the lead was marked Won. Amounts are integer cents.

export const statsMonth = z.object({
  month: z.string(),
  // Leads submitted that month.
  submitted: z.number().int(),
  // Leads marked Won that month (still Won now), and their amounts.
  wonCount: z.number().int(),
  wonAmountCents: z.number().int(),
});
export type StatsMonth = z.infer<typeof statsMonth>;

/** A member's numbers in one group (the scoreboard's per-member row). */
export const memberScoreFields = {
  userId: z.number().int(),
  // Leads they submitted to the group (all time).
  leadsSubmitted: z.number().int(),
  // Leads of the group assigned to them.
  leadsReceived: z.number().int(),
  // Leads they submitted that are Won now, and the business closed from them.
  wonCount: z.number().int(),
  closedBusinessCents: z.number().int(),
  // wonCount / leadsSubmitted, 0 to 1 (three decimals); null while they submitted none.
  conversion: z.number().nullable(),
  // Their last 12 months, oldest first.
  monthly: z.array(statsMonth),
};

/** A top giver over the last N days: business closed from their leads won in the window, then leads given in it. */
export const topGiver = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  closedBusinessCents: z.number().int(),
  leadsGiven: z.number().int(),
  wonCount: z.number().int(),
});
export type TopGiver = z.infer<typeof topGiver>;
