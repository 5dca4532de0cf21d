import { MESSAGES } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import { notFound } from '../../http/errors.js';
import { consumeRateLimits, RATE_LIMITS } from '../../http/rate-limit.js';
import { findUserById } from '../accounts/accounts.service.js';
import { feedbackEmail } from './feedback.emails.js';
import * as q from './feedback.queries.js';

/** Stores the feedback and e-mails it to the support address (SUPPORT_EMAIL). */
export async function submitFeedback(
  deps: AppDeps,
  userId: number,
  input: { subject: string; content: string },
): Promise<{ message: string }> {
  const now = deps.clock.now();
  await consumeRateLimits(deps.db, [{ key: `feedback:user:${userId}`, rule: RATE_LIMITS.feedbackPerUser }], now);
  const author = await findUserById(deps, userId);
  if (!author) throw notFound('USER_NOT_FOUND');
  await q.insertFeedback(deps.db, { userId, subject: input.subject, content: input.content, createdAt: now });
  await deps.mailer.send(feedbackEmail(deps.config.supportEmail, author, input));
  return { message: MESSAGES.feedbackSent };
}

/** The erasure job: feedback is the user's own text and goes with the rest of their data. */
export const forgetFeedbackOf = (deps: AppDeps, userId: number) => q.deleteFeedbackOfUser(deps.db, userId);
