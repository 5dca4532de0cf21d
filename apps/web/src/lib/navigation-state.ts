import { INVITE_ACTIONS, type InviteAction } from '@leadcircle/shared';

// What screens hand each other in the router's navigation state. History state
// survives reloads and can be anything, so each screen reads it through a reader of its shape.
// The readers are written out rather than zod schemas: the guards and the sign-in screen read them
// in the first load, which zod stays out of (docs/decisions/performance.md).

type Check = (value: unknown) => boolean;

/** Reads one navigation state: the known keys of an object whose keys all pass; null otherwise. */
export interface NavigationStateReader<T> {
  read(state: unknown): T | null;
}

const text =
  (min = 0): Check =>
  (value) =>
    typeof value === 'string' && value.length >= min;
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);

function objectReader<T>(shape: { [K in keyof T]-?: Check }): NavigationStateReader<T> {
  return {
    read(state) {
      if (typeof state !== 'object' || state === null || Array.isArray(state)) return null;
      const record = state as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, check] of Object.entries<Check>(shape)) {
        if (!check(record[key])) return null;
        if (key in record) out[key] = record[key];
      }
      return out as T;
    },
  };
}

// Sign in and sign up: the remembered origin, a pre-filled address and invite data carried forward.
export interface AuthNavigationState {
  from?: string;
  email?: string;
  inviteId?: string;
  inviteCode?: string;
  inviteAction?: InviteAction;
  linkedInLoginError?: string;
}
export const authNavigationState = objectReader<AuthNavigationState>({
  from: optional((value) => typeof value === 'string' && value.startsWith('/')),
  email: optional(text()),
  inviteId: optional(text()),
  inviteCode: optional(text()),
  inviteAction: optional((value) => (INVITE_ACTIONS as readonly unknown[]).includes(value)),
  linkedInLoginError: optional(text()),
});

// Sign-up confirmation and password reset: the e-mailed token (deep links).
export interface EmailTokenState {
  token: string;
  email: string;
  group_id?: string;
  group_invite_code?: string;
  opportunity_id?: string;
  opportunity_invite_code?: string;
}
export const emailTokenState = objectReader<EmailTokenState>({
  token: text(1),
  email: text(1),
  group_id: optional(text()),
  group_invite_code: optional(text()),
  opportunity_id: optional(text()),
  opportunity_invite_code: optional(text()),
});

export function readNavigationState<T>(reader: NavigationStateReader<T>, state: unknown): T | null {
  return reader.read(state ?? {});
}
