import { INVITE_ACTIONS } from '@leadcircle/shared';
import { z } from 'zod';

// What screens hand each other in the router's navigation state. History state
// survives reloads and can be anything, so each screen reads it through a schema.

// Sign in and sign up: the remembered origin, a pre-filled address and invite data carried forward.
export const authNavigationState = z.object({
  from: z.string().startsWith('/').optional(),
  email: z.string().optional(),
  inviteId: z.string().optional(),
  inviteCode: z.string().optional(),
  inviteAction: z.enum(INVITE_ACTIONS).optional(),
  linkedInLoginError: z.string().optional(),
});
export type AuthNavigationState = z.infer<typeof authNavigationState>;

// Sign-up confirmation and password reset: the e-mailed token (deep links).
export const emailTokenState = z.object({
  token: z.string().min(1),
  email: z.string().min(1),
  group_id: z.string().optional(),
  group_invite_code: z.string().optional(),
  opportunity_id: z.string().optional(),
  opportunity_invite_code: z.string().optional(),
});
export type EmailTokenState = z.infer<typeof emailTokenState>;

export function readNavigationState<S extends z.ZodType>(schema: S, state: unknown): z.output<S> | null {
  const parsed = schema.safeParse(state ?? {});
  return parsed.success ? parsed.data : null;
}
