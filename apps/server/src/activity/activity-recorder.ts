import { activityDataKey, SERVER_EVENTS } from '@leadcircle/shared';
import type { DbOrTx } from '../db/client.js';
import { activities, activityRecipients } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';
import { addTask, PUSH_NOW_TASK } from '../lib/task-queue.js';
import type { RealtimePublisher } from '../realtime/publisher.js';
import { userRoom } from '../realtime/rooms.js';
import { activityAudience, inboxAudience } from './activity-audience.js';

// Bottom level: records what happened, inside the writer's transaction. Imports no domain module.

export interface Activity {
  /** What happened, e.g. 'NEW_LEAD'. */
  type: string;
  actorUserId: number;
  groupId?: number | null;
  opportunityId?: number | null;
  /**
   * Stored as is. `recipientUserIds` (an array of user ids), when present, makes the activity reach
   * exactly those users too (their feed, their inbox), whatever its group or opportunity.
   */
  data: Record<string, unknown>;
}

/** `{ newLead: fields }`: the data's sub-object named after the camel-cased type. */
export function activityData(type: string, fields: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { [activityDataKey(type)]: fields, ...extra };
}

/** Writes one activity with the caller's transaction, so it exists exactly when the change does. */
export async function recordActivity(tx: DbOrTx, activity: Activity, at: Date = new Date()): Promise<number> {
  const [row] = await tx
    .insert(activities)
    .values({
      type: activity.type,
      actorUserId: activity.actorUserId,
      groupId: activity.groupId ?? null,
      opportunityId: activity.opportunityId ?? null,
      data: activity.data,
      createdAt: at,
    })
    .returning({ id: activities.id });
  const id = row?.id ?? 0;
  const recipients = Array.isArray(activity.data.recipientUserIds)
    ? [...new Set(activity.data.recipientUserIds.filter((u): u is number => Number.isInteger(u)))]
    : [];
  if (id && recipients.length > 0) {
    await tx.insert(activityRecipients).values(recipients.map((userId) => ({ userId, activityId: id, createdAt: at })));
  }
  return id;
}

/** What services get in AppDeps: recordActivity stamped with the app's clock. */
export interface ActivityRecorder {
  /** Inside the writer's transaction; answers the activity's id for announce. */
  record(tx: DbOrTx, activity: Activity): Promise<number>;
  /**
   * After the transaction committed: tells the open sockets of everyone who may see it, and queues the
   * push task so its pushes go within seconds. Never throws.
   */
  announce(ids: number | number[]): Promise<void>;
}

export function createActivityRecorder(
  clock: Clock,
  db?: DbOrTx,
  realtime?: RealtimePublisher,
  onError: (error: unknown) => void = () => {},
): ActivityRecorder {
  return {
    record: (tx, activity) => recordActivity(tx, activity, clock.now()),
    announce: async (ids) => {
      if (!db || !realtime) return;
      const list = Array.isArray(ids) ? ids : [ids];
      if (list.length > 0) {
        try {
          // One key for all: activities recorded while it waits join the same run, on any instance.
          // The queue's clock is the database's, so the run is due by real time.
          await addTask(db, PUSH_NOW_TASK, {}, { jobKey: PUSH_NOW_TASK, runAt: new Date() });
        } catch (error) {
          onError(error);
        }
      }
      for (const id of list) {
        try {
          const audience = await activityAudience(db, id);
          if (!audience || audience.userIds.length === 0) continue;
          // Two payloads at most, whatever the audience: those it is news to in their inbox, and the others.
          const inbox = new Set(inboxAudience(audience));
          for (const news of [true, false]) {
            const who = audience.userIds.filter((userId) => inbox.has(userId) === news);
            if (who.length === 0) continue;
            realtime.publish({
              rooms: who.map(userRoom),
              event: SERVER_EVENTS.activityNew,
              data: { activityId: id, type: audience.type, inbox: news },
            });
          }
        } catch (error) {
          onError(error);
        }
      }
    },
  };
}
