import type { BillingConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { BillingProvider } from './billing-provider.js';
import { createLocalBillingProvider } from './local.js';
import { createStripeBillingProvider } from './stripe.js';

/** Stripe when STRIPE_SECRET_KEY is set, the local provider otherwise. */
export function createBillingProvider(config: BillingConfig, options: { db: Db; clock: Clock }): BillingProvider {
  return config.provider === 'stripe' ? createStripeBillingProvider(config) : createLocalBillingProvider(options);
}
