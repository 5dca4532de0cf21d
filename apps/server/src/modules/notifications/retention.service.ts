import type { AppDeps } from '../../app-deps.js';
import { deleteInBatches } from '../../db/delete-in-batches.js';
import { DAY_MS } from '../../lib/clock.js';
import * as q from './mail.queries.js';
import { UNSUBSCRIBE_LINK_DAYS } from './settings.service.js';

// What e-mail leaves behind is kept for MAIL_RETENTION_DAYS: sent messages (their bodies hold
// single-use links), the notification rows they were sent for, and unsubscribe links once spent.
// An unsubscribe link nobody uses goes when it expires. Deleted 1,000 rows at a time.
const BATCH_SIZE = 1000;

export async function pruneMail(deps: AppDeps, batchSize = BATCH_SIZE) {
  const now = deps.clock.now().getTime();
  const before = new Date(now - deps.config.mailRetentionDays * DAY_MS);
  const expired = new Date(now - UNSUBSCRIBE_LINK_DAYS * DAY_MS);
  const mails = await deleteInBatches((limit) => deps.mailer.pruneDelivered(before, limit), batchSize);
  const notifications = await deleteInBatches(
    (limit) => q.deleteSentNotificationEmails(deps.db, before, limit),
    batchSize,
  );
  const links = await deleteInBatches(
    (limit) => q.deleteSpentOrExpiredUnsubscribeLinks(deps.db, { spentBefore: before, madeBefore: expired }, limit),
    batchSize,
  );
  deps.log.info({ mails, notifications, links }, 'old e-mail pruned');
  return { mails, notifications, links };
}
