import { MESSAGES } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { forbidden } from '../../http/errors.js';
import { HOUR_MS } from '../../lib/clock.js';
import * as q from './accounts.queries.js';

// The account records every module reads: who a user is, their name as others see it, whether the
// account is still active. Bottom level: imports no other module.

export type { NewUser, UserRow } from './accounts.queries.js';

// Closed-account data stops being visible within 24 hours.
export const ERASURE_DELAY_MS = 24 * HOUR_MS;

/** The address of a profile picture: its storage key under /api (served by avatars.routes.ts). */
export const avatarUrlOf = (avatarKey: string | null) => (avatarKey === null ? null : `/api/${avatarKey}`);

/** A person's name as others see it: 'Deleted user' once their account is hidden. */
export function displayName(firstName: string | null, lastName: string | null, isHidden: boolean): string {
  return isHidden ? MESSAGES.deletedUserName : `${firstName ?? ''} ${lastName ?? ''}`.trim();
}

/** Callers may only act on themselves. */
export function assertSelf(callerId: number, requestedId: number | undefined): void {
  if (requestedId !== undefined && requestedId !== callerId) throw forbidden();
}

export const isActiveUser = (deps: AppDeps, userId: number) => q.isActiveUserId(deps.db, userId);
/** The guard's read: the caller's row, or undefined once the account is hidden. */
export const findActiveUser = (deps: AppDeps, userId: number) => q.findActiveUserById(deps.db, userId);
export const findUserById = (deps: AppDeps, userId: number) => q.findUserById(deps.db, userId);
export const findUserByEmail = (deps: AppDeps, email: string) => q.findUserByEmail(deps.db, email);
export const normalizeEmail = q.normalizeEmail;

export async function listUsersDueForErasure(deps: AppDeps, limit = 100) {
  const before = new Date(deps.clock.now().getTime() - ERASURE_DELAY_MS);
  return q.listUsersDueForErasure(deps.db, before, limit);
}

export const eraseUser = (deps: AppDeps, userId: number) => q.eraseUser(deps.db, userId, deps.clock.now());

// Account records for the modules that own credentials, sessions and profiles. They take a
// database handle so a caller can run them inside its own transaction.

/** Creates a user (self sign-up: SALES, unconfirmed); undefined when the address is already taken. */
export async function createUser(db: DbOrTx, values: q.NewUser): Promise<q.UserRow | undefined> {
  try {
    return await q.insertUser(db, values);
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

/** Changes the given fields of a user; undefined when there is no such user. */
export const updateUser = q.updateUser;

/** Sets the password hash; null removes the password (the account then signs in another way or resets it). */
export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string | null): Promise<void> {
  await q.updateUser(db, userId, { passwordHash });
}

export async function markEmailConfirmed(db: DbOrTx, user: q.UserRow, now: Date): Promise<void> {
  if (!user.emailConfirmedAt) await q.updateUser(db, user.id, { emailConfirmedAt: now });
}

export const findUserRowById = q.findUserById;
export const assignUserToBusiness = q.assignUserToBusiness;

// For social sign-in, which creates or finds the account inside its own transaction.
/** Creates a user unless the address is taken (then undefined), without aborting the transaction. */
export const createUserIfAbsent = q.insertUserIfAbsent;
export const findUserRowByEmail = q.findUserByEmail;

// Profile pictures: the users module stores the file, the account row points at it.
export const replaceAvatarKey = q.replaceAvatarKey;
export const findVisibleAvatarKey = q.findVisibleAvatarKey;

/** Sets the business and role of a user (null business: they left it, and are SALES again). */
export async function setUserBusiness(
  db: DbOrTx,
  userId: number,
  businessId: number | null,
  role: 'ADMIN' | 'SALES',
): Promise<void> {
  await q.updateUser(db, userId, { businessId, role });
}
