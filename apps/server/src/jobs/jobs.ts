import { forgetRateLimitHitsOfEmail, pruneRateLimitHits } from '../http/rate-limit.js';
import { HOUR_MS, MINUTE_MS } from '../lib/clock.js';
import { eraseUser, listUsersDueForErasure } from '../modules/accounts/accounts.service.js';
import { deleteUserTokens } from '../modules/auth/auth.service.js';
import { pruneSocialSignInRecords } from '../modules/auth/social.service.js';
import { runBillingCycle } from '../modules/billing/billing.service.js';
import { forgetFeedbackOf } from '../modules/feedback/feedback.service.js';
import { forgetGroupInvitesTo } from '../modules/groups/groups.service.js';
import { sendFollowUpNudges } from '../modules/leads/outcomes.service.js';
import { forgetOpportunityInvitesTo } from '../modules/opportunities/opportunities.service.js';
import { deleteAvatarOf } from '../modules/users/avatars.service.js';
import type { Job } from './runner.js';

/** Erases the personal data of accounts whose deletion was requested 24 hours ago or more. */
export const eraseAccountsJob: Job = {
  name: 'erase-accounts',
  intervalMs: 10 * MINUTE_MS,
  lockKey: 7_314_101,
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

export const retryMailJob: Job = {
  name: 'retry-mail',
  intervalMs: MINUTE_MS,
  lockKey: 7_314_102,
  run: (deps) => deps.mailer.retryPending(),
};

export const pruneRateLimitsJob: Job = {
  name: 'prune-rate-limits',
  intervalMs: HOUR_MS,
  lockKey: 7_314_103,
  run: (deps) => pruneRateLimitHits(deps.db, new Date(deps.clock.now().getTime() - 24 * HOUR_MS)),
};

export const pruneSocialSignInJob: Job = {
  name: 'prune-social-sign-in',
  intervalMs: HOUR_MS,
  lockKey: 7_314_120,
  run: (deps) => pruneSocialSignInRecords(deps),
};

/**
 * The local provider's billing cycle (monthly renewals, an invoice per period) and, for both
 * providers, the subscription quantity following the business's active users.
 */
export const billingCycleJob: Job = {
  name: 'billing-cycle',
  intervalMs: HOUR_MS,
  lockKey: 7_314_401,
  run: (deps) => runBillingCycle(deps),
};

/** Reminds the assignee of a lead with no progress for its group's follow-up days, once per quiet spell. */
export const followUpNudgeJob: Job = {
  name: 'lead-follow-up',
  intervalMs: HOUR_MS,
  lockKey: 7_314_150,
  run: async (deps) => {
    await sendFollowUpNudges(deps);
  },
};

export const ALL_JOBS = [
  eraseAccountsJob,
  retryMailJob,
  pruneRateLimitsJob,
  pruneSocialSignInJob,
  billingCycleJob,
  followUpNudgeJob,
];
