import { z } from 'zod';
import { text } from '../text.js';
import { defineCall, idField } from './call.js';

// Opportunities: only the invite acceptance is declared so far (the web app's redirect
// screen accepts a stored opportunity invite after sign-in); the rest comes with the opportunities issue.

export const opportunityInviteAcceptRequest = z.strictObject({
  opportunity_id: idField,
  invite_code: text().trim().min(1).max(200),
});

export const opportunityCalls = {
  inviteAccept: defineCall({
    path: '/opportunity/user/invite_accept',
    auth: true,
    summary: 'Accept an opportunity invite with the e-mailed invite code',
    request: opportunityInviteAcceptRequest,
    // Response shape: not shown in the spec; the web app reads nothing from it.
    response: z.object({}),
  }),
} as const;
