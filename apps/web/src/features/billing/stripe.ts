import type { Stripe } from '@stripe/stripe-js';
// The pure entry: importing it does not load Stripe.js; only loadStripe does, and only with a key
// (its script host is unreachable offline).
import { loadStripe } from '@stripe/stripe-js/pure';

const loading = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a publishable key, loaded once. */
export function getStripe(publishableKey: string): Promise<Stripe | null> {
  let stripe = loading.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loading.set(publishableKey, stripe);
  }
  return stripe;
}
