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

/**
 * Counts one attempt against every rule, or answers 429 when any is used up (then it counts against none).
 * One database call (`lc_consume_rate_limits`, made by the migrations): it locks each key until the
 * transaction ends, in key order (no deadlock), and counts the hits after the locks are granted, so two
 * requests never share the last slot.
 */
export async function consumeRateLimits(
  db: DbOrTx,
  checks: { key: string; rule: RateLimitRule }[],
  now: Date,
): Promise<void> {
  if (checks.length === 0) return;
  // Each array is one parameter (node-postgres writes a JS array as a Postgres array literal).
  const keys = checks.map((c) => c.key);
  const limits = checks.map((c) => c.rule.limit);
  const since = checks.map((c) => new Date(now.getTime() - c.rule.windowMs));
  const { rows } = await db.execute<{ counted: boolean }>(sql`
    select lc_consume_rate_limits(${sql.param(keys)}::text[], ${sql.param(limits)}::integer[],
      ${sql.param(since)}::timestamptz[], ${now}) as counted`);
  if (!rows[0]?.counted) throw tooManyRequests();
}

/** Deletes the records keyed by an e-mail address (`…:email:<address>`), when its account is erased. */
export async function forgetRateLimitHitsOfEmail(db: DbOrTx, email: string): Promise<void> {
  const escaped = email.replace(/[\\%_]/g, '\\$&');
  await db.delete(rateLimitHits).where(like(rateLimitHits.key, `%:email:${escaped}`));
}

export async function pruneRateLimitHits(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.createdAt, before));
}
