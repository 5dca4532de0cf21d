import type { DbOrTx } from '../../db/client.js';
import * as q from './billing.queries.js';

// The two billing facts the current user carries (hasPaymentMethod, active). Kept apart
// from billing.service.ts so the users module can read them without a cycle of imports.

export interface BillingFlags {
  /** The business has a default card (a business user's reflects the business's). */
  hasPaymentMethod: boolean;
  /** The business's subscription is active. */
  active: boolean;
}

export const NO_BILLING: BillingFlags = { hasPaymentMethod: false, active: false };

export async function getBillingFlags(db: DbOrTx, businessId: number | null): Promise<BillingFlags> {
  if (businessId === null) return NO_BILLING;
  const account = await q.findAccount(db, businessId);
  return {
    hasPaymentMethod: Boolean(account?.defaultPaymentMethodId),
    active: await q.hasActiveSubscription(db, businessId),
  };
}
