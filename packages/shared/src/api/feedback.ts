import { z } from 'zod';
import { feedbackForm } from '../forms/feedback.js';
import { defineCall, messageResponse } from './call.js';
import { feedbackCallPaths } from './call-paths.js';

// Feedback to the provider: (subject, content)

export const feedbackSubmitRequest = z.strictObject({
  subject: feedbackForm.shape.subject,
  content: feedbackForm.shape.content,
});

export const feedbackCalls = {
  submit: defineCall({
    ...feedbackCallPaths.submit,
    summary: 'Send feedback to the LeadCircle team (stored and e-mailed to the support address)',
    request: feedbackSubmitRequest,
    response: messageResponse,
  }),
} as const;
