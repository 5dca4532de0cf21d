import { z } from 'zod';
import { BILLING_PROVIDERS } from '../constants.js';

/** `GET /api/client-config`: what the browser needs to know of the server's configuration. */
export const clientConfig = z.object({
  version: z.string(),
  environment: z.string(),
  sentryDsn: z.string().nullable(),
  supportEmail: z.string(),
  // Store links of the Download app page, configurable on the server.
  downloadApp: z.object({ iosUrl: z.string(), androidUrl: z.string() }),
  providers: z.object({
    google: z.object({ clientId: z.string() }).nullable(),
    apple: z.object({ clientId: z.string() }).nullable(),
    linkedin: z.boolean(),
  }),
  // The card payment provider: Stripe Elements with the publishable key when it is
  // 'stripe' (the key is null otherwise, and Stripe.js is never loaded), our card fields when 'local'.
  // Addresses and maps: Google Places autocomplete when a key is configured (null:
  // the US address form with the server's ZIP lookup); Leaflet draws maps from this tile server.
  maps: z.object({
    googleMapsApiKey: z.string().nullable(),
    tileUrl: z.string(),
    tileAttribution: z.string(),
  }),
  billing: z.object({
    provider: z.enum(BILLING_PROVIDERS),
    stripePublishableKey: z.string().nullable(),
    pricePerUser: z.number(),
  }),
});
export type ClientConfig = z.infer<typeof clientConfig>;
