import type { BillingConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { BillingProvider } from './billing-provider.js';
import { createLocalBillingProvider } from './local.js';

/** Stripe when STRIPE_SECRET_KEY is set, the local provider otherwise. Stripe's SDK loads only then. */
export async function createBillingProvider(
  config: BillingConfig,
  options: { db: Db; clock: Clock },
): Promise<BillingProvider> {
  if (config.provider !== 'stripe') return createLocalBillingProvider(options);
  const { createStripeBillingProvider } = await import('./stripe.js');
  return createStripeBillingProvider(config);
}
