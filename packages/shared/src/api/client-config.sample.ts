import type { ClientConfig } from './client-config.js';

/** A configuration as a server with Google sign-in and Stripe answers it, for tests. */
export const SAMPLE_CLIENT_CONFIG = {
  version: '1.1.1',
  environment: 'production',
  sentryDsn: null,
  supportEmail: 'support@leadcircle.test',
  downloadApp: { iosUrl: 'https://apps.apple.com/x', androidUrl: 'https://play.google.com/x' },
  providers: { google: { clientId: 'g' }, apple: null, linkedin: true },
  maps: { googleMapsApiKey: null, tileUrl: 'https://tiles/{z}/{x}/{y}.png', tileAttribution: '© OSM' },
  billing: { provider: 'stripe', stripePublishableKey: 'pk_test', pricePerUser: 49.99 },
} as const satisfies ClientConfig;
