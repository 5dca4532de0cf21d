import { z } from 'zod';
import { FEEDBACK_CONTENT_MAX, FEEDBACK_SUBJECT_MAX } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { requiredText } from './fields.js';

// The feedback dialog. Its rules are "not shown": both fields are required and bounded.
export const feedbackForm = z.object({
  subject: requiredText(MESSAGES.feedbackSubjectRequired).max(
    FEEDBACK_SUBJECT_MAX,
    MESSAGES.lessThan(FEEDBACK_SUBJECT_MAX),
  ),
  content: requiredText(MESSAGES.feedbackContentRequired, { multiline: true }).max(
    FEEDBACK_CONTENT_MAX,
    MESSAGES.lessThan(FEEDBACK_CONTENT_MAX),
  ),
});
export type FeedbackForm = z.infer<typeof feedbackForm>;
