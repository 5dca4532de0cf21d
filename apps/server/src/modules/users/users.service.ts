import type { CurrentUser, LeadEmailChoice } from '@leadcircle/shared';
import { CHOSEN_UTC_TIME_ZONE, DEFAULT_TIME_ZONE, LEAD_EMAIL_CHOICES, MESSAGES } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import { badRequest, notFound } from '../../http/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { disconnectUser } from '../../realtime/rooms.js';
import * as accounts from '../accounts/accounts.service.js';
import { endOtherSessions } from '../auth/auth.service.js';
import { type BillingFlags, getBillingFlags, NO_BILLING } from '../billing/billing-status.service.js';
import { personRenamed } from '../chat/chat.membership.js';
import { updateGroupNotifications } from '../groups/groups.service.js';
import { rescheduleDigest } from '../notifications/mail.service.js';
import { coversTerritory } from '../territories/territories.access.js';

// The user calls: the caller's own profile, settings and account. Account records live in the
// accounts module; sessions in auth; per-group settings in groups.

export function toCurrentUser(
  row: accounts.UserRow,
  billing: BillingFlags = NO_BILLING,
  hasTerritory = false,
): CurrentUser {
  return {
    userId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    company: row.company,
    title: row.title,
    role: row.role,
    // A business user's payment method and subscription are the business's: see presentUser.
    hasPaymentMethod: billing.hasPaymentMethod,
    active: billing.active,
    business: row.businessId === null ? null : { businessId: row.businessId },
    hasTerritory,
    notificationSetting: { enableEmail: row.enableEmailNotifications, leadEmails: toLeadEmailChoice(row.leadEmails) },
    timeZone: row.timeZone,
    avatarUrl: accounts.avatarUrlOf(row.avatarKey),
  };
}

function toLeadEmailChoice(value: string): LeadEmailChoice {
  return (LEAD_EMAIL_CHOICES as readonly string[]).includes(value) ? (value as LeadEmailChoice) : 'IMMEDIATE';
}

/** The current user with the billing facts of their business, and whether they cover one of its territories. */
export async function presentUser(deps: AppDeps, row: accounts.UserRow): Promise<CurrentUser> {
  const [billing, hasTerritory] = await Promise.all([
    getBillingFlags(deps.db, row.businessId),
    row.businessId === null ? false : coversTerritory(deps.db, row.id, row.businessId),
  ]);
  return toCurrentUser(row, billing, hasTerritory);
}

/**
 * Callers read only themselves (other people through the group and chat calls). `caller`: the row the
 * guard read for this call, when there is one.
 */
export async function getCurrentUser(
  deps: AppDeps,
  callerId: number,
  requestedId?: number,
  caller?: unknown,
): Promise<CurrentUser> {
  accounts.assertSelf(callerId, requestedId);
  const row = isUserRow(caller, callerId) ? caller : await accounts.findUserById(deps, callerId);
  if (!row) throw notFound('USER_NOT_FOUND');
  return presentUser(deps, row);
}

/** A new password ends the caller's other sessions. */
export async function updateCurrentUser(
  deps: AppDeps,
  callerId: number,
  sessionId: string,
  input: { first_name: string; last_name: string; password?: string; company?: string | null; title?: string | null },
): Promise<CurrentUser> {
  const before = await accounts.findUserById(deps, callerId);
  const row = await accounts.updateUser(deps.db, callerId, {
    firstName: input.first_name,
    lastName: input.last_name,
    // Absent means unchanged; an empty string clears the optional field.
    ...(input.company !== undefined && { company: input.company || null }),
    ...(input.title !== undefined && { title: input.title || null }),
    ...(input.password !== undefined && { passwordHash: await hashPassword(input.password) }),
  });
  if (!row) throw notFound('USER_NOT_FOUND');
  if (before && (before.firstName !== row.firstName || before.lastName !== row.lastName)) {
    await personRenamed(deps, callerId);
  }
  const updated = await presentUser(deps, row);
  if (input.password !== undefined) await endOtherSessions(deps, callerId, sessionId);
  return updated;
}

/** With group_id: the caller's Messages toggle in that group; without: their e-mail notifications. */
export async function updateNotifications(
  deps: AppDeps,
  callerId: number,
  input: { user_id?: number; group_id?: number; enableEmail: boolean; leadEmails?: LeadEmailChoice },
): Promise<CurrentUser> {
  const { group_id: groupId, leadEmails, ...rest } = input;
  if (groupId !== undefined) {
    // leadEmails is account-wide: a group's call must not change it.
    if (leadEmails !== undefined) throw badRequest('VALIDATION_FAILED', 'leadEmails is set without group_id');
    await updateGroupNotifications(deps, callerId, { ...rest, group_id: groupId });
    return getCurrentUser(deps, callerId);
  }
  accounts.assertSelf(callerId, rest.user_id);
  const row = await accounts.updateUser(deps.db, callerId, {
    enableEmailNotifications: rest.enableEmail,
    ...(leadEmails !== undefined && { leadEmails }),
  });
  if (!row) throw notFound('USER_NOT_FOUND');
  return presentUser(deps, row);
}

/**
 * The caller's time zone; their waiting digest moves to 07:00 in it. UTC chosen here is stored as Etc/UTC:
 * the default 'UTC' stays the sign that the person never chose (the web app then offers the browser's).
 */
export async function updateTimeZone(deps: AppDeps, callerId: number, timeZone: string): Promise<CurrentUser> {
  const zone = timeZone === DEFAULT_TIME_ZONE ? CHOSEN_UTC_TIME_ZONE : timeZone;
  const row = await deps.db.transaction(async (tx) => {
    const updated = await accounts.updateUser(tx, callerId, { timeZone: zone });
    if (updated) await rescheduleDigest(tx, callerId, zone, deps.clock.now());
    return updated;
  });
  if (!row) throw notFound('USER_NOT_FOUND');
  return presentUser(deps, row);
}

/** Hides the account at once (no sign-in, tokens refused); the erasure job runs 24 h later. */
export async function scheduleDeletion(deps: AppDeps, callerId: number): Promise<{ message: string }> {
  await accounts.updateUser(deps.db, callerId, { deletionRequestedAt: deps.clock.now() });
  // Open realtime connections close too.
  disconnectUser(deps.realtime, callerId);
  return { message: MESSAGES.accountDeletionRequested };
}

const isUserRow = (value: unknown, id: number): value is accounts.UserRow =>
  typeof value === 'object' && value !== null && (value as { id?: unknown }).id === id;
