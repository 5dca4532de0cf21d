import { z } from 'zod';
import { defineCall, idField } from './call.js';

export const businessGetByUserRequest = z.strictObject({ user_id: idField.optional() });

export const business = z.object({
  businessId: z.number().int(),
  name: z.string(),
  // Active users of the business (read as totalCount).
  totalCount: z.number().int(),
});
export type Business = z.infer<typeof business>;

export const businessCalls = {
  getByUser: defineCall({
    path: '/business/get_by_user',
    auth: true,
    summary: "The signed-in user's business; 404 'business not found' when there is none",
    request: businessGetByUserRequest,
    response: business,
  }),
} as const;
