import { CHAT_SEND_PER_MINUTE } from '@leadcircle/shared';
import { and, count, eq, gt, like, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { rateLimitHits } from '../db/schema/index.js';
import { tooManyRequests } from './errors.js';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

// Sign-in, sign-up and forgot-password limits; feedback and
// profile pictures per user.
export const RATE_LIMITS = {
  failedLoginPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  failedLoginPerIp: { limit: 100, windowMs: 15 * 60_000 },
  signupPerAddress: { limit: 5, windowMs: 60 * 60_000 },
  signupPerIp: { limit: 30, windowMs: 60 * 60_000 },
  resetPerAddress: { limit: 5, windowMs: 60 * 60_000 },
  resetPerIp: { limit: 30, windowMs: 60 * 60_000 },
  // Starting a LinkedIn sign-in stores a state: bounded per address.
  oauthStartPerIp: { limit: 60, windowMs: 15 * 60_000 },
  feedbackPerUser: { limit: 10, windowMs: 60 * 60_000 },
  avatarUploadPerUser: { limit: 20, windowMs: 60 * 60_000 },
  // Wrong group passwords per user and group name; invitations sent per user.
  groupJoinFailuresPerUserAndGroup: { limit: 5, windowMs: 15 * 60_000 },
  groupInvitePerUser: { limit: 50, windowMs: 60 * 60_000 },
  // Chat messages (lead comments included) and files sent per user, over all rooms.
  chatMessagePerUser: { limit: CHAT_SEND_PER_MINUTE, windowMs: 60_000 },
  opportunityInvitePerUser: { limit: 50, windowMs: 60 * 60_000 },
  // The public CRM connection test calls out for a stranger: a few tries per address.
  crmTestPerIp: { limit: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export async function isRateLimited(db: DbOrTx, key: string, rule: RateLimitRule, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .select({ hits: count() })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.createdAt, since)));
  return (row?.hits ?? 0) >= rule.limit;
}

export async function recordHit(db: DbOrTx, key: string, now: Date): Promise<void> {
  await db.insert(rateLimitHits).values({ key, createdAt: now });
}

// The advisory-lock space of rate-limit keys (the two-number form, apart from single-number locks).
const RATE_LIMIT_LOCKS = 7301;

/**
 * Counts one attempt against every rule, or answers 429 when any is used up. Each key is locked from
 * its check to its insert, so two requests never share the last slot (in key order: no deadlock). Two
 * statements whatever the number of rules: the locks, then the check and the inserts (a statement of its own,
 * so that it sees every hit committed before the locks were granted).
 */
export async function consumeRateLimits(
  db: DbOrTx,
  checks: { key: string; rule: RateLimitRule }[],
  now: Date,
): Promise<void> {
  if (checks.length === 0) return;
  await db.transaction(async (tx) => {
    const keys = [...new Set(checks.map((c) => c.key))].sort();
    await tx.execute(sql`
      select pg_advisory_xact_lock(${RATE_LIMIT_LOCKS}, hashtext(k))
      from unnest(array[${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}]::text[]) with ordinality as locks(k, n)
      order by n`);
    const rows = sql.join(
      checks.map(
        ({ key, rule }) =>
          sql`(${key}::text, ${rule.limit}::int, ${new Date(now.getTime() - rule.windowMs)}::timestamptz)`,
      ),
      sql`, `,
    );
    const recorded = await tx.execute(sql`
      with checks (key, lim, since) as (values ${rows}),
      used as (
        select c.key, c.lim,
          (select count(*) from rate_limit_hits h where h.key = c.key and h.created_at > c.since) as hits
        from checks c)
      insert into rate_limit_hits (key, created_at)
      select key, ${now} from used where (select bool_and(hits < lim) from used)
      returning id`);
    if ((recorded.rowCount ?? 0) === 0) throw tooManyRequests();
  });
}

/** Deletes the records keyed by an e-mail address (`…:email:<address>`), when its account is erased. */
export async function forgetRateLimitHitsOfEmail(db: DbOrTx, email: string): Promise<void> {
  const escaped = email.replace(/[\\%_]/g, '\\$&');
  await db.delete(rateLimitHits).where(like(rateLimitHits.key, `%:email:${escaped}`));
}

export async function pruneRateLimitHits(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, before));
}
