import type { DbOrTx } from '../db/client.js';
import { activities } from '../db/schema/index.js';
import type { Clock } from '../lib/clock.js';

// Bottom level: records what happened, inside the writer's transaction. Imports no domain module.

export interface Activity {
  /** What happened, e.g. 'NEW_LEAD'. */
  type: string;
  actorUserId: number;
  groupId?: number | null;
  opportunityId?: number | null;
  data: Record<string, unknown>;
}

/** Writes one activity with the caller's transaction, so it exists exactly when the change does. */
export async function recordActivity(tx: DbOrTx, activity: Activity, at: Date = new Date()): Promise<void> {
  await tx.insert(activities).values({
    type: activity.type,
    actorUserId: activity.actorUserId,
    groupId: activity.groupId ?? null,
    opportunityId: activity.opportunityId ?? null,
    data: activity.data,
    createdAt: at,
  });
}

/** What services get in AppDeps: recordActivity stamped with the app's clock. */
export interface ActivityRecorder {
  record(tx: DbOrTx, activity: Activity): Promise<void>;
}

export function createActivityRecorder(clock: Clock): ActivityRecorder {
  return { record: (tx, activity) => recordActivity(tx, activity, clock.now()) };
}
