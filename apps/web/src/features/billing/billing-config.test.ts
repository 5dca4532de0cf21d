import { describe, expect, it } from 'vitest';
import { stripeKeyOf } from './billing-config';

describe('stripeKeyOf', () => {
  it('gives the publishable key only when Stripe is the provider', () => {
    expect(stripeKeyOf({ provider: 'stripe', stripePublishableKey: 'pk_test_1', pricePerUser: 49.99 })).toBe(
      'pk_test_1',
    );
  });

  it('never loads Stripe.js without a key, or with the local provider', () => {
    expect(stripeKeyOf({ provider: 'stripe', stripePublishableKey: null, pricePerUser: 49.99 })).toBeNull();
    expect(stripeKeyOf({ provider: 'local', stripePublishableKey: 'pk_test_1', pricePerUser: 49.99 })).toBeNull();
  });
});
