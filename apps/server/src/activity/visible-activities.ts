import { type SQL, sql } from 'drizzle-orm';

// The activities a person may see (the rule of activity-audience.ts), found through indexes rather than by
// testing every row: their groups' activities, their opportunities', their own and their business's of
// neither, and those naming them as a recipient (activity_recipients). With `limit`, each source gives only its newest `limit`,
// which always holds the newest `limit` of them all, so a page costs what the page needs, not the table.

export interface VisibleSource {
  userId: number;
  /** Only these types. */
  types?: string[];
  /** Only new leads of their groups and what names them as recipient, not their own acts: the inbox. */
  inboxOnly?: boolean;
  /** With inboxOnly: types that reach the person even when they are its actor (reminders). */
  ownTypesKept?: readonly string[];
  /** The newest this many of each source; undefined for all (a count). */
  limit?: number;
  /** Only activities older than this one (a cursor: its exact created_at, as text, and id). */
  before?: FeedCursor;
  /**
   * With inboxOnly, for a capped count: only what the person has not read, read newest id first from the
   * person's read-all mark (ids at or below it are read), so a count stops at the mark. The rule is the
   * notifications module's, passed in as SQL (its tables are its own).
   */
  unread?: { mark: SQL; isRead: (id: SQL) => SQL };
}

/** Where a page ends: the last activity held, its created_at kept as PostgreSQL's text (microseconds). */
export interface FeedCursor {
  createdAt: string;
  id: number;
}

/** SQL: `(at, id)` comes after the cursor, newest first. */
export function olderThan(cursor: FeedCursor | undefined, at: SQL, id: SQL): SQL {
  return cursor === undefined ? sql`` : sql` AND (${at}, ${id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`;
}

// NULLS LAST as the indexes are built (the columns are never null), so each source stops after `limit`.
const newestFirst = sql`ORDER BY a.created_at DESC NULLS LAST, a.id DESC NULLS LAST`;

/** SQL: the activities `userId` may see as rows (id, created_at), each once (a UNION). */
function visibleRows(source: VisibleSource): SQL {
  const { userId } = source;
  const types =
    source.types && source.types.length > 0
      ? sql` AND a.type IN (${sql.join(
          source.types.map((t) => sql`${t}`),
          sql`, `,
        )})`
      : sql``;
  const limit = source.limit === undefined ? sql`` : sql` LIMIT ${source.limit}`;
  const before = olderThan(source.before, sql`a.created_at`, sql`a.id`);
  const kept = source.ownTypesKept ?? [];
  const notOwn = source.inboxOnly
    ? sql` AND (a.actor_user_id <> ${userId}${
        kept.length > 0
          ? sql` OR a.type IN (${sql.join(
              kept.map((t) => sql`${t}`),
              sql`, `,
            )})`
          : sql``
      })`
    : sql``;
  // Unread (inbox counts only): above the person's read-all mark, newest id first. A group's new leads then come
  // through activities_group_new_lead_idx (NULLS LAST as it is built, so the primary key, walked backwards NULLS
  // FIRST, cannot serve the order and walk every newer activity of other kinds), what names the person through
  // activity_recipients' key.
  const unread = source.inboxOnly ? source.unread : undefined;
  const unreadOf = (id: SQL) => (unread ? sql` AND ${id} > ${unread.mark} AND NOT ${unread.isRead(id)}` : sql``);
  const groupOrder = unread ? sql`ORDER BY a.id DESC NULLS LAST` : newestFirst;
  const recipientOrder = unread
    ? sql`ORDER BY r.activity_id DESC`
    : sql`ORDER BY r.created_at DESC NULLS LAST, r.activity_id DESC NULLS LAST`;
  const groupPart = sql`(SELECT a.id, a.created_at FROM public_group_members gm
    CROSS JOIN LATERAL (SELECT a.id, a.created_at FROM activities a
      WHERE a.group_id = gm.group_id${source.inboxOnly ? sql` AND a.type = 'NEW_LEAD'` : sql``}${types}${notOwn}${before}${unreadOf(sql`a.id`)}
      ${groupOrder}${limit}) a
    WHERE gm.user_id = ${userId})`;
  // Read in the index's order, one activity per recipient row (OFFSET 0 keeps the planner from turning it
  // into a join that reads every older row before the limit).
  const recipientPart = sql`(SELECT a.id, a.created_at FROM activity_recipients r
    CROSS JOIN LATERAL (SELECT a.id, a.created_at FROM activities a
      WHERE a.id = r.activity_id${types}${notOwn} OFFSET 0) a
    WHERE r.user_id = ${userId}${olderThan(source.before, sql`r.created_at`, sql`r.activity_id`)}${unreadOf(sql`r.activity_id`)}
    ${recipientOrder}${limit})`;
  if (source.inboxOnly) return sql`${groupPart} UNION ${recipientPart}`;
  const opportunityPart = sql`(SELECT a.id, a.created_at FROM (
      SELECT o.id FROM public_opportunities o WHERE o.created_by = ${userId}
      UNION SELECT s.opportunity_id FROM public_opportunity_shares s WHERE s.user_id = ${userId}) mine
    CROSS JOIN LATERAL (SELECT a.id, a.created_at FROM activities a
      WHERE a.opportunity_id = mine.id${types}${before} ${newestFirst}${limit}) a)`;
  const ownPart = sql`(SELECT a.id, a.created_at FROM activities a
    WHERE a.group_id IS NULL AND a.opportunity_id IS NULL AND a.actor_user_id = ${userId}${types}${before}
    ${newestFirst}${limit})`;
  const businessPart = sql`(SELECT a.id, a.created_at FROM activities a
    JOIN public_users u ON u.id = ${userId} AND u.business_id IS NOT NULL
    WHERE a.group_id IS NULL AND a.opportunity_id IS NULL AND (a.data->>'businessId') = u.business_id::text${types}${before}
    ${newestFirst}${limit})`;
  return sql`${groupPart} UNION ${opportunityPart} UNION ${ownPart} UNION ${businessPart} UNION ${recipientPart}`;
}

/** SQL: the ids of one page of what `userId` may see, newest first (after `source.before` when given). */
export function visiblePageIds(source: Omit<VisibleSource, 'limit'>, page: { offset: number; limit: number }): SQL {
  const rows = visibleRows({ ...source, limit: page.offset + page.limit });
  return sql`SELECT v.id FROM (${rows}) v ORDER BY v.created_at DESC, v.id DESC OFFSET ${page.offset} LIMIT ${page.limit}`;
}

/** SQL: every id `userId` may see (as `v.id`), to count; with `cap`, enough to count up to it (each source its newest `cap`). */
export function allVisibleIds(source: Omit<VisibleSource, 'limit'>, cap?: number): SQL {
  return sql`SELECT v.id FROM (${visibleRows({ ...source, limit: cap })}) v`;
}
