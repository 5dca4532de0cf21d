import type { CurrentUser } from '@leadcircle/shared';
import { MESSAGES } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { forbidden, notFound } from '../../http/errors.js';
import { HOUR_MS } from '../../lib/clock.js';
import { hashPassword } from '../auth/passwords.js';
import { type BillingFlags, getBillingFlags, NO_BILLING } from '../billing/billing-status.service.js';
import * as q from './users.queries.js';

export type { UserRow } from './users.queries.js';

// Closed-account data stops being visible within 24 hours (spec 000 §9).
export const ERASURE_DELAY_MS = 24 * HOUR_MS;

/** The address of a profile picture: its storage key under /api (served by avatars.routes.ts). */
export const avatarUrlOf = (avatarKey: string | null) => (avatarKey === null ? null : `/api/${avatarKey}`);

/** A person's name as others see it: 'Deleted user' once their account is hidden (ARCHITECTURE §5). */
export function displayName(firstName: string | null, lastName: string | null, isHidden: boolean): string {
  return isHidden ? MESSAGES.deletedUserName : `${firstName ?? ''} ${lastName ?? ''}`.trim();
}

export function toCurrentUser(row: q.UserRow, billing: BillingFlags = NO_BILLING): CurrentUser {
  return {
    userId: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    company: row.company,
    title: row.title,
    role: row.role,
    // The business's payment method and subscription (ARCHITECTURE §5): see presentUser.
    hasPaymentMethod: billing.hasPaymentMethod,
    active: billing.active,
    business: row.businessId === null ? null : { businessId: row.businessId },
    notificationSetting: { enableEmail: row.enableEmailNotifications },
    avatarUrl: avatarUrlOf(row.avatarKey),
  };
}

/** The current user with the billing facts of their business. */
export async function presentUser(deps: AppDeps, row: q.UserRow): Promise<CurrentUser> {
  return toCurrentUser(row, await getBillingFlags(deps.db, row.businessId));
}

/** Callers may only read themselves for now; group members' profiles come with the groups issue. */
function assertSelf(callerId: number, requestedId: number | undefined) {
  if (requestedId !== undefined && requestedId !== callerId) throw forbidden();
}

export async function getCurrentUser(deps: AppDeps, callerId: number, requestedId?: number): Promise<CurrentUser> {
  assertSelf(callerId, requestedId);
  const row = await q.findUserById(deps.db, callerId);
  if (!row) throw notFound('USER_NOT_FOUND', MESSAGES.userFetchFailed);
  return presentUser(deps, row);
}

export async function updateCurrentUser(
  deps: AppDeps,
  callerId: number,
  input: { first_name: string; last_name: string; password?: string; company?: string | null; title?: string | null },
): Promise<CurrentUser> {
  const row = await q.updateUser(deps.db, callerId, {
    firstName: input.first_name,
    lastName: input.last_name,
    // Absent means unchanged; an empty string clears the optional field.
    ...(input.company !== undefined && { company: input.company || null }),
    ...(input.title !== undefined && { title: input.title || null }),
    ...(input.password !== undefined && { passwordHash: await hashPassword(input.password) }),
  });
  if (!row) throw notFound('USER_NOT_FOUND', MESSAGES.userFetchFailed);
  return presentUser(deps, row);
}

export async function updateNotifications(
  deps: AppDeps,
  callerId: number,
  input: { user_id?: number; enableEmail: boolean },
): Promise<CurrentUser> {
  assertSelf(callerId, input.user_id);
  const row = await q.updateUser(deps.db, callerId, { enableEmailNotifications: input.enableEmail });
  if (!row) throw notFound('USER_NOT_FOUND', MESSAGES.userFetchFailed);
  return presentUser(deps, row);
}

/** Hides the account at once (no sign-in, tokens refused); the erasure job runs 24 h later. */
export async function scheduleDeletion(deps: AppDeps, callerId: number): Promise<void> {
  await q.updateUser(deps.db, callerId, { deletionRequestedAt: deps.clock.now() });
}

export const isActiveUser = (deps: AppDeps, userId: number) => q.isActiveUserId(deps.db, userId);
export const findUserById = (deps: AppDeps, userId: number) => q.findUserById(deps.db, userId);
export const findUserByEmail = (deps: AppDeps, email: string) => q.findUserByEmail(deps.db, email);
export const normalizeEmail = q.normalizeEmail;

export async function listUsersDueForErasure(deps: AppDeps, limit = 100) {
  const before = new Date(deps.clock.now().getTime() - ERASURE_DELAY_MS);
  return q.listUsersDueForErasure(deps.db, before, limit);
}

export const eraseUser = (deps: AppDeps, userId: number) => q.eraseUser(deps.db, userId, deps.clock.now());

// Account records for the auth module, which owns credentials and sessions. They take a
// database handle so auth can run them inside its own transactions.

/** Creates a user (self sign-up: SALES, unconfirmed); undefined when the address is already taken. */
export async function createUser(db: DbOrTx, values: q.NewUser): Promise<q.UserRow | undefined> {
  try {
    return await q.insertUser(db, values);
  } catch (error) {
    if ((error as { cause?: { code?: string }; code?: string }).cause?.code === '23505') return undefined;
    if ((error as { code?: string }).code === '23505') return undefined;
    throw error;
  }
}

/** Sets the password hash; null removes the password (the account then signs in another way or resets it). */
export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string | null): Promise<void> {
  await q.updateUser(db, userId, { passwordHash });
}

export async function markEmailConfirmed(db: DbOrTx, user: q.UserRow, now: Date): Promise<void> {
  if (!user.emailConfirmedAt) await q.updateUser(db, user.id, { emailConfirmedAt: now });
}

export const findUserRowById = q.findUserById;

// For social sign-in, which creates or finds the account inside its own transaction.
/** Creates a user unless the address is taken (then undefined), without aborting the transaction. */
export const createUserIfAbsent = q.insertUserIfAbsent;
export const findUserRowByEmail = q.findUserByEmail;

// For the business module: which business a user belongs to and their role in it.
/** Sets the business and role of a user (null business: they left it, and are SALES again). */
export async function setUserBusiness(
  db: DbOrTx,
  userId: number,
  businessId: number | null,
  role: 'ADMIN' | 'SALES',
): Promise<void> {
  await q.updateUser(db, userId, { businessId, role });
}
