import { type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../db/client.js';
import { activities } from '../db/schema/index.js';

// Who may see an activity, decided when it is read: a group's activity its members, an opportunity's
// its owner and the users it is shared with; one of neither its actor and its data.recipientUserIds
// (and, with data.businessId, that business's users). recipientUserIds reach those users in every case
// (kept one row per person in activity_recipients by the recorder).

/** SQL condition: the activity row `activities` is visible to `userId`. */
export function visibleTo(userId: number): SQL {
  return sql`(
    (${activities.groupId} IS NOT NULL AND EXISTS (
      SELECT 1 FROM public_group_members gm WHERE gm.group_id = ${activities.groupId} AND gm.user_id = ${userId}))
    OR (${activities.opportunityId} IS NOT NULL AND (
      EXISTS (SELECT 1 FROM public_opportunities o WHERE o.id = ${activities.opportunityId} AND o.created_by = ${userId})
      OR EXISTS (SELECT 1 FROM public_opportunity_shares s
        WHERE s.opportunity_id = ${activities.opportunityId} AND s.user_id = ${userId})))
    OR (${activities.groupId} IS NULL AND ${activities.opportunityId} IS NULL AND (
      ${activities.actorUserId} = ${userId}
      OR EXISTS (SELECT 1 FROM public_users u WHERE u.id = ${userId}
        AND u.business_id IS NOT NULL AND u.business_id::text = ${activities.data}->>'businessId')))
    OR EXISTS (SELECT 1 FROM activity_recipients r WHERE r.user_id = ${userId} AND r.activity_id = ${activities.id})
  )`;
}

/** Reminders reach their recipient's inbox even when the lead they are about, and so their actor, is the recipient's own. */
export const REMINDER_TYPES: readonly string[] = ['LEAD_FOLLOW_UP'];

/**
 * Of an activity's audience, those it is news to in their inbox: not their own (reminders aside), and a new
 * lead or naming them as recipient (the inbox's rule, notifications.queries.ts).
 */
export function inboxAudience(audience: {
  type: string;
  actorUserId: number;
  userIds: number[];
  recipientIds: number[];
}) {
  const own = (userId: number) => userId === audience.actorUserId && !REMINDER_TYPES.includes(audience.type);
  const named = new Set(audience.recipientIds);
  return audience.userIds.filter((userId) => !own(userId) && (audience.type === 'NEW_LEAD' || named.has(userId)));
}

/**
 * Everyone who may see activity `id` now, its type, its actor and the people it names as recipients;
 * undefined when there is no such activity.
 */
export async function activityAudience(
  db: DbOrTx,
  id: number,
): Promise<{ type: string; actorUserId: number; userIds: number[]; recipientIds: number[] } | undefined> {
  // Each source read through its own index (the group's members, the opportunity's people, the business's
  // users, the recipients), never the whole users table.
  const rows = await db.execute(sql`
    SELECT a.type, a.actor_user_id, x.user_id, x.recipient
    FROM activities a
    CROSS JOIN LATERAL (
      SELECT gm.user_id, false AS recipient FROM public_group_members gm WHERE gm.group_id = a.group_id
      UNION SELECT o.created_by, false FROM public_opportunities o WHERE o.id = a.opportunity_id
      UNION SELECT s.user_id, false FROM public_opportunity_shares s WHERE s.opportunity_id = a.opportunity_id
      UNION SELECT a.actor_user_id, false WHERE a.group_id IS NULL AND a.opportunity_id IS NULL
      UNION SELECT u.id, false FROM public_users u
        WHERE a.group_id IS NULL AND a.opportunity_id IS NULL
          AND u.business_id = (CASE WHEN a.data->>'businessId' ~ '^[0-9]{1,9}$' THEN (a.data->>'businessId')::int END)
      UNION SELECT r.user_id, true FROM activity_recipients r WHERE r.activity_id = a.id
    ) x
    WHERE a.id = ${id}`);
  const list = rowsOf<{ type: string; actor_user_id: number; user_id: number; recipient: boolean }>(rows);
  if (list.length === 0) return undefined;
  return {
    type: list[0]?.type ?? '',
    actorUserId: Number(list[0]?.actor_user_id),
    userIds: [...new Set(list.map((r) => Number(r.user_id)))],
    recipientIds: list.filter((r) => r.recipient).map((r) => Number(r.user_id)),
  };
}
