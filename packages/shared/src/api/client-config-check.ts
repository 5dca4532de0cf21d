import { BILLING_PROVIDERS } from '../constants.js';
import type { ClientConfig } from './client-config.js';

// `clientConfig`'s check without zod, for the web app, which reads /api/client-config before its first
// render (docs/decisions/performance.md). client-config-check.test.ts holds the two equal.

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown): value is string | null => value === null || isString(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A sign-in provider's settings: `{ clientId }`, or null when it is off. */
function readProvider(value: unknown): { clientId: string } | null | undefined {
  if (value === null) return null;
  return isObject(value) && isString(value.clientId) ? { clientId: value.clientId } : undefined;
}

/** The configuration as `clientConfig.safeParse` reads it (unknown keys left out); null when it is not one. */
export function readClientConfig(value: unknown): ClientConfig | null {
  if (!isObject(value)) return null;
  const { version, environment, sentryDsn, supportEmail, downloadApp, providers, maps, billing } = value;
  if (!isString(version) || !isString(environment) || !isStringOrNull(sentryDsn) || !isString(supportEmail))
    return null;
  if (!isObject(downloadApp) || !isString(downloadApp.iosUrl) || !isString(downloadApp.androidUrl)) return null;
  if (!isObject(providers) || typeof providers.linkedin !== 'boolean') return null;
  const google = readProvider(providers.google);
  const apple = readProvider(providers.apple);
  if (google === undefined || apple === undefined) return null;
  if (!isObject(maps) || !isStringOrNull(maps.googleMapsApiKey) || !isString(maps.tileUrl)) return null;
  if (!isString(maps.tileAttribution)) return null;
  if (!isObject(billing) || !BILLING_PROVIDERS.some((provider) => provider === billing.provider)) return null;
  if (!isStringOrNull(billing.stripePublishableKey) || !isNumber(billing.pricePerUser)) return null;
  return {
    version,
    environment,
    sentryDsn,
    supportEmail,
    downloadApp: { iosUrl: downloadApp.iosUrl, androidUrl: downloadApp.androidUrl },
    providers: { google, apple, linkedin: providers.linkedin },
    maps: { googleMapsApiKey: maps.googleMapsApiKey, tileUrl: maps.tileUrl, tileAttribution: maps.tileAttribution },
    billing: {
      provider: billing.provider as ClientConfig['billing']['provider'],
      stripePublishableKey: billing.stripePublishableKey,
      pricePerUser: billing.pricePerUser,
    },
  };
}
