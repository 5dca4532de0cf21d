import { type ActivityItem, describeActivity, type PushKind, type PushPayload } from '@leadcircle/shared';
import webPush from 'web-push';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, notFound } from '../../http/errors.js';
import { isAllowedAddress, OutboundError, outboundRequest } from '../../lib/outbound.js';
import { loadVapidKeys } from '../../lib/secrets.js';
import type { InvitationPush } from '../../lib/task-queue.js';
import { fieldsOf, num, presentActivities } from '../activities/activities.service.js';
import { unreadMessageTexts } from '../chat/unread.service.js';
import { findLeadRow } from '../leads/leads.access.js';
import { type ActivityRow, markEmailsPushed } from './mail.queries.js';
import * as q from './push.queries.js';

// Web Push: a person's devices, and the pushes made from the same activities and switches as the
// notification e-mails (mail.service.ts hands each activity here when it looks at it), each also under
// the person's push switch for its kind. The job sends them: once each, never to a device where the app
// is open and visible (the socket tells it there), several of one thread due together as one, a
// subscription the push service no longer knows (404/410) deleted, 429 and 5xx tried again later. A push
// the service accepted marks the person's e-mail row of the activity, which the e-mail then leaves out.

const MINUTE_MS = 60_000;
/** The page renews its "visible" report every minute; a device is visible for this long after one. */
export const VISIBLE_FOR_MS = 2 * MINUTE_MS;
const MAX_ATTEMPTS = 5;
const BACKOFF_BASE_MS = 10_000;
const TTL_SECONDS = 24 * 60 * 60;
const MAX_BODY = 160;

const vapidKeys = new Map<string, { publicKey: string; privateKey: string }>();
function vapidOf(deps: AppDeps) {
  let keys = vapidKeys.get(deps.config.dataDir);
  if (!keys) {
    keys = loadVapidKeys(deps.config.vapid, deps.config.dataDir);
    vapidKeys.set(deps.config.dataDir, keys);
  }
  return keys;
}

export async function publicKey(deps: AppDeps) {
  return { publicKey: vapidOf(deps).publicKey };
}

const presentDevice = (row: q.PushSubscriptionRow) => ({
  id: row.id,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
});

/** The endpoint under the outbound rules, as far as they can be checked before DNS: https in production, no private address. */
function checkEndpoint(deps: AppDeps, endpoint: string): void {
  const url = new URL(endpoint);
  const allowed = deps.config.outbound.requireHttps ? ['https:'] : ['https:', 'http:'];
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const isIp = /^[\d.]+$/.test(host) || host.includes(':');
  if (!allowed.includes(url.protocol) || url.username || url.password) throw badRequest('PUSH_ENDPOINT_REFUSED');
  if (isIp && !isAllowedAddress(host, deps.config.outbound)) throw badRequest('PUSH_ENDPOINT_REFUSED');
  if (host === 'localhost' && !deps.config.outbound.allowLoopback) throw badRequest('PUSH_ENDPOINT_REFUSED');
}

export async function subscribe(
  deps: AppDeps,
  userId: number,
  input: { endpoint: string; keys: { p256dh: string; auth: string }; label?: string },
) {
  checkEndpoint(deps, input.endpoint);
  const row = await q.upsertSubscription(deps.db, {
    userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    label: input.label?.trim() || 'This device',
    createdAt: deps.clock.now(),
  });
  return presentDevice(row);
}

export async function listDevices(deps: AppDeps, userId: number) {
  return { devices: (await q.listSubscriptions(deps.db, userId)).map(presentDevice) };
}

export async function removeDevice(deps: AppDeps, userId: number, deviceId: number) {
  // Another person's device reads as missing.
  if (!(await q.deleteSubscription(deps.db, userId, deviceId))) throw notFound('PUSH_DEVICE_NOT_FOUND');
  return { message: 'Push is off on that device.' };
}

export async function reportVisibility(deps: AppDeps, userId: number, deviceId: number, visible: boolean) {
  const until = visible ? new Date(deps.clock.now().getTime() + VISIBLE_FOR_MS) : null;
  if (!(await q.setVisibleUntil(deps.db, userId, deviceId, until))) throw notFound('PUSH_DEVICE_NOT_FOUND');
  return { message: 'OK' };
}

const KIND_OF_EMAIL: Record<string, PushKind> = { NEW_LEAD: 'NEW_LEAD', CHAT: 'CHAT', EVENT: 'EVENT' };

export async function listSwitches(deps: AppDeps, userId: number) {
  const off = await q.switchesOff(deps.db, [userId]);
  return { switches: Object.values(KIND_OF_EMAIL).map((kind) => ({ kind, enabled: !off.has(`${userId}:${kind}`) })) };
}

export async function setSwitch(deps: AppDeps, userId: number, kind: PushKind, enabled: boolean) {
  await q.setSwitch(deps.db, userId, kind, enabled);
  return { kind, enabled };
}

const clip = (s: string, max = MAX_BODY) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** What the notification of an activity shows, as `readerId` would see it. */
async function payloadOf(
  deps: AppDeps,
  tx: DbOrTx,
  row: ActivityRow,
  kind: PushKind,
  readerId: number,
): Promise<PushPayload | undefined> {
  const [presented]: ActivityItem[] = await presentActivities(deps, [row], readerId);
  if (!presented) return undefined;
  const { text, to } = describeActivity(presented);
  const url = to ?? '/activities';
  if (row.type === 'NEW_LEAD') {
    const leadId = num(fieldsOf(row).leadId);
    const lead = leadId === undefined ? undefined : await findLeadRow(tx, leadId);
    if (!lead) return undefined;
    const groupName = (presented.data.newLead as { groupName?: string } | undefined)?.groupName;
    // The lead's first name and initial, title and company: enough to act on, no more.
    const who = `${lead.firstName} ${lead.lastName.slice(0, 1)}`.trim();
    return {
      title: clip(`New lead in ${groupName ?? 'your group'}`, 100),
      body: clip(`${who} — ${lead.title} at ${lead.company}`),
      url,
      tag: `lead-${lead.id}`,
    };
  }
  if (kind === 'CHAT') {
    const messageId = num(fieldsOf(row).messageId);
    const texts = messageId === undefined ? new Map() : await unreadMessageTexts(tx, readerId, [messageId]);
    return {
      title: clip(text, 100),
      body: clip(String(texts.get(messageId) ?? '')),
      url,
      tag: `chat-${url}`.slice(0, 100),
    };
  }
  return { title: clip(text, 100), body: '', url, tag: `activity-${row.id}` };
}

/**
 * Pushes for an activity, to the people its e-mail route reaches (`userIds`, switches already checked),
 * each on every device, unless their push switch for the kind is off. Inside the look-at transaction.
 * Answers the people a push was queued for.
 */
export async function queuePushes(
  deps: AppDeps,
  tx: DbOrTx,
  row: ActivityRow,
  emailKind: string,
  userIds: number[],
): Promise<Set<number>> {
  const kind = KIND_OF_EMAIL[emailKind];
  if (!kind || userIds.length === 0) return new Set();
  const subscriptions = await q.subscriptionsOfUsers(tx, userIds);
  if (subscriptions.length === 0) return new Set();
  const off = await q.switchesOff(tx, userIds, kind);
  const wanted = subscriptions.filter((s) => !off.has(`${s.userId}:${kind}`));
  const payloads = new Map<number, PushPayload>();
  for (const userId of new Set(wanted.map((s) => s.userId))) {
    const payload = await payloadOf(deps, tx, row, kind, userId);
    if (payload) payloads.set(userId, payload);
  }
  // Due at once; chat pushes of one room due together (the job runs every minute) go as one.
  const dueAt = row.createdAt;
  await q.insertDeliveries(
    tx,
    wanted.flatMap((s) => {
      const payload = payloads.get(s.userId);
      return payload ? [{ subscriptionId: s.id, activityId: row.id, tag: payload.tag, payload, dueAt }] : [];
    }),
  );
  return new Set(payloads.keys());
}

/**
 * An invitation (to a group or an opportunity) of a person who has an account: "Invitation to <name>" on each
 * of their devices, opening the invitation page, under their EVENT push switch; sent at once (the
 * invitation-push task).
 */
export async function sendInvitationPush(deps: AppDeps, invitation: InvitationPush): Promise<void> {
  const subscriptions = await q.subscriptionsOfUsers(deps.db, [invitation.userId]);
  if (subscriptions.length === 0) return;
  if ((await q.switchesOff(deps.db, [invitation.userId], 'EVENT')).size > 0) return;
  const link = new URL(invitation.link);
  const payload: PushPayload = {
    title: clip(`Invitation to ${invitation.name}`, 100),
    body: clip(`${invitation.inviterName} invited you`),
    // The page the e-mail opens, on this app's own address.
    url: `${link.pathname}${link.search}`,
    tag: `invite-${invitation.key}`,
  };
  const dueAt = deps.clock.now();
  await q.insertDeliveries(
    deps.db,
    subscriptions.map((s) => ({
      subscriptionId: s.id,
      tag: payload.tag,
      payload,
      dueAt,
    })),
  );
  await sendDuePushes(deps);
}

type Outcome = 'sent' | 'gone' | 'retry' | 'failed';

async function sendOne(
  deps: AppDeps,
  subscription: q.PushSubscriptionRow,
  payload: PushPayload,
): Promise<{ outcome: Outcome; retryAfterMs?: number }> {
  const keys = vapidOf(deps);
  const details = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: `mailto:${deps.config.supportEmail}`, ...keys },
      TTL: TTL_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    },
  );
  try {
    const response = await outboundRequest(
      { ...deps.config.outbound, maxRedirects: 0, maxResponseBytes: 64 * 1024 },
      details.endpoint,
      {
        method: 'POST',
        headers: Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)])),
        body: details.body ?? undefined,
      },
    );
    if (response.status >= 200 && response.status < 300) return { outcome: 'sent' };
    if (response.status === 404 || response.status === 410) return { outcome: 'gone' };
    if (response.status === 429 || response.status >= 500) {
      const retryAfter = Number(response.headers['retry-after']);
      return { outcome: 'retry', ...(retryAfter > 0 && { retryAfterMs: Math.min(retryAfter, 3600) * 1000 }) };
    }
    return { outcome: 'failed' };
  } catch (error) {
    // An address the rules refuse is not tried again; a network failure is.
    if (error instanceof OutboundError && (error.reason === 'protocol' || error.reason === 'address')) {
      return { outcome: 'failed' };
    }
    return { outcome: 'retry' };
  }
}

/** The push job's work: every push due, 50 at a time. Answers how many notifications went out. */
export async function sendDuePushes(deps: AppDeps): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const rows = await q.claimDue(tx, now, 50);
      // One notification per device and thread: the newest of those due together.
      const groups = new Map<string, typeof rows>();
      for (const row of rows) {
        const key = `${row.subscriptionId}:${row.tag}`;
        groups.set(key, [...(groups.get(key) ?? []), row]);
      }
      for (const group of groups.values()) {
        const newest = group[group.length - 1]!;
        const ids = group.map((r) => r.id);
        // The app is open there: the socket delivered it.
        if (q.isVisible(newest.subscription, now)) {
          await q.deleteDeliveries(tx, ids);
          continue;
        }
        const payload =
          group.length > 1 && newest.tag.startsWith('chat-')
            ? { ...newest.payload, body: `${group.length} new messages` }
            : newest.payload;
        const result = await sendOne(deps, newest.subscription, payload);
        if (result.outcome === 'sent') {
          sent += 1;
          // Delivered: their e-mail leaves these out.
          await markEmailsPushed(
            tx,
            newest.subscription.userId,
            group.map((r) => r.activityId).filter((id) => id !== null),
            now,
          );
        }
        if (result.outcome === 'gone') await q.deleteSubscriptionById(tx, newest.subscriptionId);
        else if (result.outcome === 'retry' && newest.attempts + 1 < MAX_ATTEMPTS) {
          const wait = result.retryAfterMs ?? BACKOFF_BASE_MS * 2 ** newest.attempts;
          await q.postponeDeliveries(tx, ids, new Date(now.getTime() + wait));
        } else await q.deleteDeliveries(tx, ids);
      }
      return rows.length;
    });
    if (claimed < 50) return sent;
  }
}
