import type { AppDeps } from '../../app-deps.js';
import { notFound } from '../../http/errors.js';
import { presentActivities } from '../activities/activities.service.js';
import * as q from './notifications.queries.js';

// The inbox, derived from activities; only the read marks are its own.

export async function listInbox(deps: AppDeps, userId: number, page: { start_position: number; get_next: number }) {
  const [rows, totalCount, unreadCount] = await Promise.all([
    q.listInbox(deps.db, userId, { offset: page.start_position, limit: page.get_next }),
    q.countInbox(deps.db, userId, false),
    q.countInbox(deps.db, userId, true),
  ]);
  const presented = await presentActivities(
    deps,
    rows.map((r) => r.row),
    userId,
  );
  return {
    notifications: presented.map((activity, i) => ({ activity, read: Boolean(rows[i]?.read) })),
    totalCount,
    unreadCount,
  };
}

export async function markRead(deps: AppDeps, userId: number, activityId: number) {
  // Another person's item, or one that is not (or no longer) theirs to see, reads as missing.
  if (!(await q.inInbox(deps.db, userId, activityId))) throw notFound('NOTIFICATION_NOT_FOUND');
  await q.markRead(deps.db, userId, activityId);
  return { unreadCount: await q.countInbox(deps.db, userId, true) };
}

export async function markAllRead(deps: AppDeps, userId: number) {
  await q.markAllRead(deps.db, userId);
  return { unreadCount: await q.countInbox(deps.db, userId, true) };
}
