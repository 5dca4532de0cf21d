import type { ClientConfig } from '@leadcircle/shared';
import { useClientConfig } from '../../lib/client-config';

// The server's billing configuration (GET /api/client-config: billing). With no configuration the
// local provider stands in for Stripe.
export type BillingClientConfig = ClientConfig['billing'];

export function useBillingConfig(): BillingClientConfig {
  return useClientConfig().billing;
}

/** Stripe Elements only with Stripe configured and a publishable key to load Stripe.js with. */
export function stripeKeyOf(billing: BillingClientConfig): string | null {
  return billing.provider === 'stripe' ? billing.stripePublishableKey : null;
}
