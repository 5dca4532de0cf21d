import { forgetRateLimitHitsOfEmail, pruneRateLimitHits } from '../http/rate-limit.js';
import { HOUR_MS } from '../lib/clock.js';
import { INVITATION_PUSH_TASK, type InvitationPush, PUSH_NOW_TASK } from '../lib/task-queue.js';
import { eraseUser, listUsersDueForErasure } from '../modules/accounts/accounts.service.js';
import { deleteUserTokens } from '../modules/auth/auth.service.js';
import { pruneSocialSignInRecords } from '../modules/auth/social.service.js';
import { runBillingCycle } from '../modules/billing/billing.service.js';
import { CRM_PUSH_TASK, processPush, runCrmSweep } from '../modules/crm/crm-push.service.js';
import { forgetFeedbackOf } from '../modules/feedback/feedback.service.js';
import { forgetGroupInvitesTo } from '../modules/groups/groups.service.js';
import { runLeadImports } from '../modules/lead-imports/lead-imports.service.js';
import { sendFollowUpNudges } from '../modules/leads/outcomes.service.js';
import { sendNotificationEmails, sendPushesNow } from '../modules/notifications/mail.service.js';
import { sendInvitationPush } from '../modules/notifications/push.service.js';
import { pruneMail } from '../modules/notifications/retention.service.js';
import { forgetOpportunityInvitesTo } from '../modules/opportunities/opportunities.service.js';
import { deleteAvatarOf } from '../modules/users/avatars.service.js';
import type { QueuedTask, ScheduledJob } from './queue.js';

/** Erases the personal data of accounts whose deletion was requested 24 hours ago or more. */
export const eraseAccountsJob: ScheduledJob = {
  name: 'erase-accounts',
  cron: '*/10 * * * *',
  async run(deps) {
    for (;;) {
      const due = await listUsersDueForErasure(deps);
      if (due.length === 0) return;
      for (const { id, email } of due) {
        await deleteUserTokens(deps, id);
        // Copies of the address outside the user row go too; the row is erased last so a failed run is retried.
        await deps.mailer.forgetRecipient(email);
        await forgetRateLimitHitsOfEmail(deps.db, email);
        await deleteAvatarOf(deps, id);
        await forgetFeedbackOf(deps, id);
        await forgetGroupInvitesTo(deps, email);
        await forgetOpportunityInvitesTo(deps, email);
        await eraseUser(deps, id);
        deps.log.info({ userId: id }, 'account erased');
      }
    }
  },
};

export const retryMailJob: ScheduledJob = {
  name: 'retry-mail',
  cron: '* * * * *',
  run: (deps) => deps.mailer.retryPending(),
};

export const pruneRateLimitsJob: ScheduledJob = {
  name: 'prune-rate-limits',
  cron: '7 * * * *',
  run: (deps) => pruneRateLimitHits(deps.db, new Date(deps.clock.now().getTime() - 24 * HOUR_MS)),
};

export const pruneSocialSignInJob: ScheduledJob = {
  name: 'prune-social-sign-in',
  cron: '17 * * * *',
  run: (deps) => pruneSocialSignInRecords(deps),
};

/**
 * The local provider's billing cycle (monthly renewals, an invoice per period) and, for both
 * providers, the subscription quantity following the business's active users.
 */
export const billingCycleJob: ScheduledJob = {
  name: 'billing-cycle',
  cron: '27 * * * *',
  run: (deps) => runBillingCycle(deps),
};

/** Notification e-mails that are due: new leads, unread messages, events and the daily digests. */
export const notificationEmailJob: ScheduledJob = {
  name: 'notification-email',
  cron: '* * * * *',
  run: (deps) => sendNotificationEmails(deps),
};

/** Reminds the assignee of a lead with no progress for its group's follow-up days, once per quiet spell. */
export const followUpNudgeJob: ScheduledJob = {
  name: 'lead-follow-up',
  cron: '37 * * * *',
  run: async (deps) => {
    await sendFollowUpNudges(deps);
  },
};

/** Deletes sent e-mails and spent or expired unsubscribe links past their keeping time, once a day. */
export const pruneMailJob: ScheduledJob = {
  name: 'prune-mail',
  cron: '47 3 * * *',
  run: async (deps) => {
    await pruneMail(deps);
  },
};

/**
 * CSV lead imports: the queued ones, and those a stopped instance left half done (each resumes at its first
 * row not done). Started at once by /lead/import/start and when an instance starts; every minute it picks up
 * what a crash left. Not on its own queue: a run a dead instance still holds must not block the next one
 * (each batch locks its import, so two runs at once stand aside for each other).
 */
export const leadImportJob: ScheduledJob = {
  name: 'lead-import',
  cron: '* * * * *',
  ownQueue: false,
  runAtStart: true,
  run: (deps) => runLeadImports(deps),
};

/**
 * The CRM sweep: leads taken in a business that sends them all, leads edited since they were sent, pushes due
 * (a lost task, a restart) and, every CRM_SYNC_INTERVAL_SECONDS per connection, the statuses read back.
 */
export const crmSweepJob: ScheduledJob = {
  name: 'crm-sweep',
  cron: '* * * * *',
  run: (deps) => runCrmSweep(deps),
};

/** One lead's push to its business's CRM (queued by /crm/lead/send with a job key per lead and business). */
export const crmPushTask: QueuedTask = {
  name: CRM_PUSH_TASK,
  run: async (deps, payload) => {
    const pushId = (payload as { pushId?: unknown } | null)?.pushId;
    if (typeof pushId === 'number') await processPush(deps, pushId);
  },
};

/** The pushes of activities just announced (job key PUSH_NOW_TASK: one run for many); the minute job sweeps the rest. */
export const pushNowTask: QueuedTask = {
  name: PUSH_NOW_TASK,
  run: (deps) => sendPushesNow(deps),
};

/** An invitation's push to an invitee with an account (queued by the invite, a job key per invitation). */
export const invitationPushTask: QueuedTask = {
  name: INVITATION_PUSH_TASK,
  run: async (deps, payload) => {
    const p = payload as Partial<InvitationPush> | null;
    if (
      typeof p?.key === 'string' &&
      typeof p.userId === 'number' &&
      typeof p.name === 'string' &&
      typeof p.inviterName === 'string' &&
      typeof p.link === 'string'
    ) {
      await sendInvitationPush(deps, p as InvitationPush);
    }
  },
};

export const ALL_TASKS = [crmPushTask, pushNowTask, invitationPushTask];

export const ALL_JOBS = [
  eraseAccountsJob,
  retryMailJob,
  pruneRateLimitsJob,
  pruneSocialSignInJob,
  billingCycleJob,
  notificationEmailJob,
  followUpNudgeJob,
  pruneMailJob,
  leadImportJob,
  crmSweepJob,
];
