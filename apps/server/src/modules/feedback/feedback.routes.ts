import { feedbackCalls } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { CallRegistrar } from '../../http/call.js';
import { submitFeedback } from './feedback.service.js';

export function registerFeedbackRoutes(call: CallRegistrar, deps: AppDeps): void {
  call(feedbackCalls.submit, ({ userId, body }) => submitFeedback(deps, userId, body));
}
