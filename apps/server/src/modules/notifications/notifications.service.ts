import type { AppDeps } from '../../app-deps.js';
import { notFound } from '../../http/errors.js';
import { feedCursorOf, presentActivities } from '../activities/activities.service.js';
import * as q from './notifications.queries.js';

// The inbox, derived from activities; only the read marks are its own.

/** The inbox newest first, by cursor (or offset for the spec's callers): one row more tells if more follow. */
export async function listInbox(
  deps: AppDeps,
  userId: number,
  page: { start_position: number; get_next: number; before_id?: number },
) {
  const before =
    page.before_id === undefined ? undefined : await feedCursorOf(deps, page.before_id, { readerId: userId });
  const gone = page.before_id !== undefined && before === undefined;
  const [rows, unreadCount] = await Promise.all([
    gone
      ? Promise.resolve([])
      : q.listInbox(deps.db, userId, { offset: page.start_position, limit: page.get_next + 1, before }),
    q.countUnreadInbox(deps.db, userId),
  ]);
  const shown = rows.slice(0, page.get_next);
  const presented = await presentActivities(
    deps,
    shown.map((r) => r.row),
    userId,
  );
  return {
    notifications: presented.map((activity, i) => ({ activity, read: Boolean(shown[i]?.read) })),
    hasMore: rows.length > page.get_next,
    unreadCount,
  };
}

export async function markRead(deps: AppDeps, userId: number, activityId: number) {
  // Another person's item, or one that is not (or no longer) theirs to see, reads as missing.
  if (!(await q.inInbox(deps.db, userId, activityId))) throw notFound('NOTIFICATION_NOT_FOUND');
  await q.markRead(deps.db, userId, activityId);
  return { unreadCount: await q.countUnreadInbox(deps.db, userId) };
}

export async function markAllRead(deps: AppDeps, userId: number) {
  await q.markAllRead(deps.db, userId);
  return { unreadCount: await q.countUnreadInbox(deps.db, userId) };
}
