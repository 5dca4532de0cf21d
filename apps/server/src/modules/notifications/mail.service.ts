import { type ActivityItem, activityDataKey, describeActivity } from '@leadcircle/shared';
import { activityAudience } from '../../activity/activity-audience.js';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { hashToken, randomToken } from '../../lib/secrets.js';
import { nextLocalHour } from '../../lib/time-zone.js';
import { findUserById } from '../accounts/accounts.service.js';
import { fieldsOf, num, presentActivities } from '../activities/activities.service.js';
import { unreadMessageTexts } from '../chat/unread.service.js';
import * as q from './mail.queries.js';
import { type EmailItem, notificationEmail } from './notifications.emails.js';
import { REMINDER_TYPES } from './notifications.queries.js';
import { pendingActivities } from './push.queries.js';
import { queuePushes, sendDuePushes } from './push.service.js';

// Notification e-mail, derived from activities by the notification-email job (every minute):
// 1. each activity not yet looked at becomes one row per person who should hear of it by e-mail, due
//    at once (events), when it happened (new leads, so within the minute), at the next digest (new
//    leads, daily choice) or a few minutes on (chat, sent only if still unread then);
// 2. the rows due are sent, those of one person, kind and switch together as one e-mail, each e-mail
//    stored in the outbox in the transaction that marks its rows sent: an interrupted run loses and
//    repeats nothing, and instances running at once skip each other's rows.
// Switches and visibility are checked again when sending: a switch turned off or a member removed in
// between stops the e-mail.
// E-mail waits for what push did not deliver: a row of someone being pushed the activity is due no sooner
// than PUSH_GRACE_MS on; when sent, activities a push reached one of their devices with are left out, and
// those whose push is still being tried wait for it. The daily digest, a summary, lists everything.

/** Events e-mailed one each to the people they name. */
const EVENT_TYPES = new Set(['OPPORTUNITY_NEW_USER', 'LEAD_RATED', 'LEAD_WON', 'LEAD_FOLLOW_UP']);

/** An e-mail whose activity is being pushed to the person waits this long for the push. */
const PUSH_GRACE_MS = 2 * 60_000;
/** An e-mail due while its push is still being tried looks again this much later. */
const PUSH_PENDING_RECHECK_MS = 60_000;

/** The daily digest goes out at 07:00 in the person's time zone. */
const DIGEST_HOUR = 7;

export function nextDigestAt(after: Date, timeZone: string): Date {
  return nextLocalHour(after, DIGEST_HOUR, timeZone);
}

/** A person's new time zone: their waiting digest moves to the next 07:00 in it. */
export async function rescheduleDigest(tx: DbOrTx, userId: number, timeZone: string, now: Date): Promise<void> {
  await q.rescheduleWaitingNewLeads(tx, userId, now, nextDigestAt(now, timeZone));
}

const recipientsOf = (row: q.ActivityRow): number[] =>
  Array.isArray(row.data.recipientUserIds) ? row.data.recipientUserIds.filter((id) => num(id) !== undefined) : [];

interface Route {
  kind: 'NEW_LEAD' | 'CHAT' | 'EVENT';
  switchKey: string;
  /** A second switch that must be on too: a group's, for its new leads. */
  groupSwitchKey?: string;
  /** Who may hear of it; 'audience' is everyone who may see the activity. */
  to: number[] | 'audience';
}

/** Who hears of an activity by e-mail, under which switch; undefined for activities never e-mailed. */
function routeOf(row: q.ActivityRow): Route | undefined {
  switch (row.type) {
    case 'NEW_LEAD':
    // A lead import is one new-lead e-mail for the whole file ("Ana Lopez imported 1,940 leads").
    case 'LEADS_IMPORTED':
      // The account's new-lead choice, and the group's switch: a silenced group sends nothing.
      return {
        kind: 'NEW_LEAD',
        switchKey: 'NEW_LEADS',
        ...(row.groupId !== null && { groupSwitchKey: `GROUP:${row.groupId}` }),
        to: 'audience',
      };
    case 'CHAT_MESSAGE_GROUP':
      return row.groupId === null ? undefined : { kind: 'CHAT', switchKey: `GROUP:${row.groupId}`, to: 'audience' };
    case 'CHAT_MESSAGE_LEAD':
      // A comment on a lead reaches its submitter, under the group's Messages switch.
      return row.groupId === null
        ? undefined
        : { kind: 'CHAT', switchKey: `GROUP:${row.groupId}`, to: recipientsOf(row) };
    case 'CHAT_MESSAGE_OPPORTUNITY':
      return row.opportunityId === null
        ? undefined
        : { kind: 'CHAT', switchKey: `OPPORTUNITY:${row.opportunityId}`, to: 'audience' };
    case 'CHAT_MESSAGE_USER':
      return { kind: 'CHAT', switchKey: 'ACCOUNT', to: recipientsOf(row) };
    case 'OPPORTUNITY_NEW_USER': {
      // The person who invited them hears that they joined.
      const inviter = num(fieldsOf(row).invitedById);
      return { kind: 'EVENT', switchKey: 'ACCOUNT', to: inviter === undefined ? [] : [inviter] };
    }
    default:
      return EVENT_TYPES.has(row.type) ? { kind: 'EVENT', switchKey: 'ACCOUNT', to: recipientsOf(row) } : undefined;
  }
}

async function emailsFor(deps: AppDeps, tx: DbOrTx, row: q.ActivityRow) {
  const route = routeOf(row);
  if (!route) return [];
  const candidates = route.to === 'audience' ? ((await activityAudience(tx, row.id))?.userIds ?? []) : route.to;
  const wanting = await q.usersWanting(
    tx,
    candidates.filter((id) => id !== row.actorUserId || REMINDER_TYPES.includes(row.type)),
    route.groupSwitchKey ? [route.switchKey, route.groupSwitchKey] : [route.switchKey],
  );
  const pushed = await queuePushes(
    deps,
    tx,
    row,
    route.kind,
    wanting.map((user) => user.id),
  );
  const at = (ms: number) => new Date(row.createdAt.getTime() + ms);
  return wanting.map((user) => {
    const digest = route.kind === 'NEW_LEAD' && user.leadEmails === 'DAILY';
    // A person being pushed the activity is e-mailed only after the push had its chance.
    const hold = pushed.has(user.id) && !digest ? PUSH_GRACE_MS : 0;
    return {
      userId: user.id,
      activityId: row.id,
      kind: route.kind,
      switchKey: route.switchKey,
      dueAt: digest
        ? nextDigestAt(row.createdAt, user.timeZone)
        : at(Math.max(hold, route.kind === 'CHAT' ? deps.config.chatEmailDelayMs : 0)),
    };
  });
}

/** Step 1: the activities not yet looked at become e-mails to send, 100 at a time. */
export async function lookAtNewActivities(deps: AppDeps): Promise<void> {
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const rows = await q.claimPendingActivities(tx, 100);
      for (const row of rows) await q.insertNotificationEmails(tx, await emailsFor(deps, tx, row));
      await q.markActivitiesLookedAt(
        tx,
        rows.map((r) => r.id),
      );
      return rows.length;
    });
    if (count < 100) return;
  }
}

const messageIdOf = (row: q.ActivityRow) => num(fieldsOf(row).messageId);

/** Of the activities, those whose group's switch (where one governs them too) is still on. */
async function withGroupSwitchesOn(tx: DbOrTx, userId: number, rows: q.ActivityRow[]): Promise<q.ActivityRow[]> {
  const keys = [...new Set(rows.map((r) => routeOf(r)?.groupSwitchKey).filter((k) => k !== undefined))];
  const off = new Set<string>();
  for (const key of keys) if (!(await q.isSwitchOn(tx, userId, key))) off.add(key);
  return rows.filter((r) => !off.has(routeOf(r)?.groupSwitchKey ?? ''));
}

/** The groups a new-lead e-mail speaks of, each of which its reader may silence from it. */
function groupsOf(kind: string, rows: q.ActivityRow[], presented: ActivityItem[]) {
  if (kind !== 'NEW_LEAD') return [];
  const groups = new Map<number, string>();
  rows.forEach((row, i) => {
    const shown = presented[i];
    const groupName = shown?.data[activityDataKey(shown.type)]?.groupName;
    if (row.groupId !== null) groups.set(row.groupId, groupName ?? 'this group');
  });
  return [...groups].map(([groupId, groupName]) => ({ groupId, groupName }));
}

/**
 * Of the rows, those left to e-mail: a row whose activity was pushed to one of the person's devices is
 * deleted, one whose push is still being tried waits (the digest, a summary, does not ask).
 */
async function leaveOutPushed(
  tx: DbOrTx,
  userId: number,
  rows: q.NotificationEmailRow[],
  now: Date,
): Promise<q.NotificationEmailRow[]> {
  await q.deleteNotificationEmails(
    tx,
    rows.filter((r) => r.pushedAt !== null).map((r) => r.id),
  );
  const open = rows.filter((r) => r.pushedAt === null);
  const pending = await pendingActivities(
    tx,
    userId,
    open.map((r) => r.activityId),
  );
  const waiting = open.filter((r) => pending.has(r.activityId));
  await q.postponeNotificationEmails(
    tx,
    waiting.map((r) => r.id),
    new Date(now.getTime() + PUSH_PENDING_RECHECK_MS),
  );
  return open.filter((r) => !pending.has(r.activityId));
}

/** Sends one batch; answers the stored e-mail's id, or undefined when nothing was left to send. */
async function sendBatch(deps: AppDeps, batch: q.DueBatch): Promise<number | undefined> {
  const user = await findUserById(deps, batch.userId);
  if (!user) return undefined;
  const digest = batch.kind === 'NEW_LEAD' && user.leadEmails === 'DAILY';
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const locked = await q.lockUnsent(tx, batch.ids);
    const rows = digest ? locked : await leaveOutPushed(tx, batch.userId, locked, now);
    if (rows.length === 0) return undefined;
    const switchOn = await q.isSwitchOn(tx, batch.userId, batch.switchKey);
    const visible = switchOn
      ? await withGroupSwitchesOn(
          tx,
          batch.userId,
          await q.stillVisible(
            tx,
            batch.userId,
            rows.map((r) => r.activityId),
          ),
        )
      : [];
    const unread = await unreadMessageTexts(
      tx,
      batch.userId,
      visible.map(messageIdOf).filter((id) => id !== undefined),
    );
    const keep = visible.filter((a) => !a.type.startsWith('CHAT_MESSAGE_') || unread.has(messageIdOf(a) ?? 0));
    const keptIds = new Set(keep.map((a) => a.id));
    await q.deleteNotificationEmails(
      tx,
      rows.filter((r) => !keptIds.has(r.activityId)).map((r) => r.id),
    );
    if (keep.length === 0) return undefined;

    const token = randomToken();
    await q.insertUnsubscribeLink(tx, {
      tokenHash: hashToken(token),
      userId: batch.userId,
      switchKey: batch.switchKey,
      createdAt: now,
    });
    const presented: ActivityItem[] = await presentActivities(deps, keep, batch.userId);
    const groupLinks = [];
    for (const group of groupsOf(batch.kind, keep, presented)) {
      const groupToken = randomToken();
      await q.insertUnsubscribeLink(tx, {
        tokenHash: hashToken(groupToken),
        userId: batch.userId,
        switchKey: `GROUP:${group.groupId}`,
        createdAt: now,
      });
      groupLinks.push({ groupName: group.groupName, unsubscribeToken: groupToken });
    }
    const items: EmailItem[] = presented.map((activity, i) => {
      const { text, to } = describeActivity(activity);
      const messageId = messageIdOf(keep[i]!);
      return { text, path: to, message: messageId === undefined ? undefined : unread.get(messageId) };
    });
    const mailId = await deps.mailer.store(
      tx,
      notificationEmail({
        to: user.email,
        firstName: user.firstName,
        kind: batch.kind,
        digest,
        switchKey: batch.switchKey,
        items,
        appUrl: deps.config.appUrl,
        unsubscribeToken: token,
        groupLinks,
      }),
    );
    await q.markSent(
      tx,
      rows.filter((r) => keptIds.has(r.activityId)).map((r) => r.id),
      now,
    );
    return mailId;
  });
}

/**
 * Step 2: sends what is due, one e-mail per batch. `maxEmails` stops early (as a stopped process would);
 * what is left waits for the next run.
 */
export async function sendDueEmails(deps: AppDeps, options: { maxEmails?: number } = {}): Promise<number> {
  let sent = 0;
  const tried = new Set<number>();
  for (;;) {
    // A batch another instance holds comes back until it is sent; each is tried once per run.
    const batches = (await q.dueBatches(deps.db, deps.clock.now(), 50)).filter((b) => !tried.has(b.ids[0]!));
    if (batches.length === 0) return sent;
    for (const batch of batches) {
      if (options.maxEmails !== undefined && sent >= options.maxEmails) return sent;
      tried.add(batch.ids[0]!);
      const mailId = await sendBatch(deps, batch);
      if (mailId !== undefined) {
        deps.mailer.deliver([mailId]);
        sent += 1;
      }
    }
  }
}

/**
 * The push task (queued as activities are announced): the new activities looked at and the pushes due sent
 * now, not at the next minute; their e-mails wait for the job as before.
 */
export async function sendPushesNow(deps: AppDeps): Promise<void> {
  await lookAtNewActivities(deps);
  const pushed = await sendDuePushes(deps);
  if (pushed > 0) deps.log.info({ pushed }, 'push notifications sent');
}

/** The notification-email job. */
export async function sendNotificationEmails(deps: AppDeps): Promise<void> {
  await lookAtNewActivities(deps);
  // Pushes first: they are the quick way.
  const pushed = await sendDuePushes(deps);
  if (pushed > 0) deps.log.info({ pushed }, 'push notifications sent');
  const sent = await sendDueEmails(deps);
  if (sent > 0) deps.log.info({ sent }, 'notification e-mails sent');
}
