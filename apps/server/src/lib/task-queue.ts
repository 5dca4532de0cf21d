import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

// One-off background tasks on graphile-worker (jobs/queue.ts runs them): a task with a job key is queued once,
// a second add with the same key moves it instead, so two clicks or two instances make one job.

/** Sends the pushes of activities just recorded, within seconds (the notification job's minute sweep stays). */
export const PUSH_NOW_TASK = 'push-now';

/** An invitation's push to the invitee's devices (its link holds the invite code, kept only in the task). */
export const INVITATION_PUSH_TASK = 'invitation-push';

export interface InvitationPush {
  /** One per invitation (`group-<activity id>`, `opportunity-<invite id>`): its job key and tag. */
  key: string;
  userId: number;
  /** The group's or opportunity's name. */
  name: string;
  inviterName: string;
  /** The invitation page, as the e-mail links it. */
  link: string;
}

export interface TaskOptions {
  jobKey: string;
  runAt: Date;
  /** Tries of the task itself (a task that keeps its own retries in our tables says 1). */
  maxAttempts?: number;
}

/**
 * Queues the task; false when the queue is not installed in this database (no instance has run the jobs yet):
 * the task's own table still says what is due, and the scheduled sweep takes it up.
 */
export async function addTask(db: DbOrTx, task: string, payload: object, options: TaskOptions): Promise<boolean> {
  try {
    await db.execute(
      sql`select graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json, run_at => ${options.runAt.toISOString()}::timestamptz, max_attempts => ${options.maxAttempts ?? 1}, job_key => ${options.jobKey})`,
    );
    return true;
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    // 3F000: no graphile_worker schema; 42883: no add_job function.
    if (code === '3F000' || code === '42883') return false;
    throw error;
  }
}

/** Queues an invitation's push to run now, once (its key is the job key). */
export async function queueInvitationPush(db: DbOrTx, push: InvitationPush): Promise<void> {
  await addTask(db, INVITATION_PUSH_TASK, push, { jobKey: `${INVITATION_PUSH_TASK}-${push.key}`, runAt: new Date() });
}
