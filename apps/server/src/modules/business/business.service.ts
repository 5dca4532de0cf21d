import type { Business } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import * as users from '../accounts/accounts.service.js';
import { createBusinessRoom } from '../chat/rooms.service.js';
import * as q from './business.queries.js';

const businessNotFound = () => notFound('BUSINESS_NOT_FOUND');

/** The caller's business (spec: 404 'business not found' when there is none). */
export async function getBusinessByUser(deps: AppDeps, callerId: number, requestedId?: number): Promise<Business> {
  if (requestedId !== undefined && requestedId !== callerId) throw forbidden();
  const user = await users.findUserById(deps, callerId);
  if (!user?.businessId) throw businessNotFound();
  const business = await q.findBusinessById(deps.db, user.businessId);
  if (!business) throw businessNotFound();
  return {
    businessId: business.id,
    name: business.name,
    totalCount: await q.countActiveUsers(deps.db, business.id),
  };
}

/** The operator command: a new business and its first ADMIN, confirmed, without a password yet. */
export async function createBusinessWithAdmin(
  deps: AppDeps,
  input: { businessName: string; email: string; firstName: string; lastName: string },
): Promise<users.UserRow> {
  return deps.db.transaction(async (tx) => {
    const business = await q.insertBusiness(tx, input.businessName);
    await createBusinessRoom(tx, business.id, business.createdAt);
    const admin = await users.createUser(tx, {
      role: 'ADMIN',
      email: users.normalizeEmail(input.email),
      firstName: input.firstName,
      lastName: input.lastName,
      businessId: business.id,
      emailConfirmedAt: deps.clock.now(),
    });
    if (!admin) throw conflict('USER_EMAIL_TAKEN', `An account with ${input.email} already exists.`);
    return admin;
  });
}

/**
 * A business of one for a user who subscribes without one, named after them.
 * Runs in the caller's transaction; the caller has made sure the user has no business yet.
 */
export async function createPersonalBusiness(db: DbOrTx, user: { id: number; firstName: string; lastName: string }) {
  const business = await q.insertBusiness(db, `${user.firstName} ${user.lastName}`.trim());
  await createBusinessRoom(db, business.id, business.createdAt);
  if (!(await users.assignUserToBusiness(db, user.id, business.id))) {
    throw conflict('USER_HAS_BUSINESS');
  }
  return business;
}

export const findBusinessById = (db: DbOrTx, id: number) => q.findBusinessById(db, id);

/** The users of the business who have not asked for their account to be deleted: the subscription's quantity. */
export const countActiveUsers = (db: DbOrTx, businessId: number) => q.countActiveUsers(db, businessId);

/** Holds the business row until the transaction ends (changes of one business's roles run one at a time). */
export const lockBusiness = (db: DbOrTx, businessId: number) => q.lockBusiness(db, businessId);
