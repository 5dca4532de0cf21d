import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

// Payments configuration: Stripe when STRIPE_SECRET_KEY is set, else the local provider.

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  STRIPE_PRICE_ID: 'price_123',
};

const errorOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return '';
};

describe('payments configuration', () => {
  it('uses the local provider with no configuration', () => {
    expect(loadConfig({}).billing).toEqual({ provider: 'local' });
  });

  it('uses Stripe when its keys are set, at Stripe itself unless STRIPE_API_HOST says otherwise', () => {
    expect(loadConfig(STRIPE).billing).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_123',
      publishableKey: 'pk_test_123',
      webhookSecret: 'whsec_123',
      priceId: 'price_123',
      api: null,
    });
    const local = loadConfig({
      ...STRIPE,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '12111',
      STRIPE_API_PROTOCOL: 'http',
    });
    expect(local.billing).toMatchObject({ api: { host: '127.0.0.1', port: 12111, protocol: 'http' } });
  });

  it('names each Stripe setting missing beside STRIPE_SECRET_KEY', () => {
    const message = errorOf({ STRIPE_SECRET_KEY: 'sk_test_123' });
    expect(message).toContain('STRIPE_PUBLISHABLE_KEY: is required with STRIPE_SECRET_KEY');
    expect(message).toContain('STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY');
    expect(message).toContain('STRIPE_PRICE_ID: is required with STRIPE_SECRET_KEY');
  });

  it('refuses Stripe settings without the secret key rather than silently using the local provider', () => {
    expect(errorOf({ STRIPE_PUBLISHABLE_KEY: 'pk_test_123' })).toContain(
      'STRIPE_SECRET_KEY: is required with STRIPE_PUBLISHABLE_KEY',
    );
  });

  it('refuses keys of the wrong kind (a publishable key as the secret, …)', () => {
    const message = errorOf({
      STRIPE_SECRET_KEY: 'pk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'secret',
      STRIPE_PRICE_ID: 'prod_123',
    });
    expect(message).toContain('STRIPE_SECRET_KEY: must be a Stripe secret key');
    expect(message).toContain('STRIPE_PUBLISHABLE_KEY: must be a Stripe publishable key');
    expect(message).toContain('STRIPE_WEBHOOK_SECRET: must be the signing secret');
    expect(message).toContain('STRIPE_PRICE_ID: must be the id of a recurring Stripe price');
  });

  it('refuses an API protocol other than http or https', () => {
    expect(errorOf({ ...STRIPE, STRIPE_API_HOST: 'localhost', STRIPE_API_PROTOCOL: 'ftp' })).toContain(
      'STRIPE_API_PROTOCOL',
    );
  });
});
