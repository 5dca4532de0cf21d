import { describe, expect, it } from 'vitest';
import { FEEDBACK_CONTENT_MAX, FEEDBACK_SUBJECT_MAX } from '../constants.js';
import { MESSAGES } from '../messages.js';
import { feedbackForm } from './feedback.js';

const messages = (value: unknown) => feedbackForm.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('feedback form', () => {
  it('needs a subject and a message, trimmed', () => {
    expect(messages({ subject: ' ', content: '' })).toEqual([
      MESSAGES.feedbackSubjectRequired,
      MESSAGES.feedbackContentRequired,
    ]);
    expect(feedbackForm.parse({ subject: ' Hi ', content: ' Great app \n' })).toEqual({
      subject: 'Hi',
      content: 'Great app',
    });
  });

  it('bounds both fields', () => {
    expect(messages({ subject: 's'.repeat(FEEDBACK_SUBJECT_MAX + 1), content: 'ok' })).toEqual([
      `Must be less than ${FEEDBACK_SUBJECT_MAX} characters long`,
    ]);
    expect(messages({ subject: 'ok', content: 'c'.repeat(FEEDBACK_CONTENT_MAX + 1) })).toEqual([
      `Must be less than ${FEEDBACK_CONTENT_MAX} characters long`,
    ]);
  });
});
