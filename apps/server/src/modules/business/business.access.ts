import type { DbOrTx } from '../../db/client.js';
import { forbidden } from '../../http/errors.js';
import * as users from '../accounts/accounts.service.js';

/**
 * The caller must be an ADMIN of the business named in the request. Anyone else (a SALES user, an
 * admin of another business, a user without one) gets the same 403, so a business id tells a
 * stranger nothing.
 */
export async function requireBusinessAdmin(db: DbOrTx, callerId: number, businessId: number) {
  const caller = await users.findUserRowById(db, callerId);
  if (!caller || caller.businessId !== businessId || caller.role !== 'ADMIN' || caller.deletionRequestedAt) {
    throw forbidden('BUSINESS_ADMIN_ONLY');
  }
  return caller;
}

/** The caller's business when they are its ADMIN (the CRM page), or 403. */
export async function requireAdminOfOwnBusiness(db: DbOrTx, callerId: number) {
  const caller = await users.findUserRowById(db, callerId);
  if (!caller?.businessId || caller.role !== 'ADMIN') throw forbidden('BUSINESS_ADMIN_ONLY');
  return { caller, businessId: caller.businessId };
}
