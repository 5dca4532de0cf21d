import type { BillingConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { BillingProvider } from './billing-provider.js';
import { createLocalBillingProvider, type LocalBillingProvider } from './local.js';
import { createStripeBillingProvider, type StripeBillingProvider } from './stripe.js';

/** Stripe when STRIPE_SECRET_KEY is set, the local provider otherwise (ARCHITECTURE §4). */
export function createBillingProvider(config: BillingConfig, options: { db: Db; clock: Clock }): BillingProvider {
  return config.provider === 'stripe' ? createStripeBillingProvider(config) : createLocalBillingProvider(options);
}

export const isLocalProvider = (provider: BillingProvider): provider is LocalBillingProvider =>
  provider.name === 'local';
export const isStripeProvider = (provider: BillingProvider): provider is StripeBillingProvider =>
  provider.name === 'stripe';
