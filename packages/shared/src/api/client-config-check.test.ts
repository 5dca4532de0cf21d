import { describe, expect, it } from 'vitest';
import { clientConfig } from './client-config.js';
import { SAMPLE_CLIENT_CONFIG } from './client-config.sample.js';
import { readClientConfig } from './client-config-check.js';

const valid = SAMPLE_CLIENT_CONFIG;

/** `valid` with one field (a dotted path) replaced, or removed when `to` is `undefined`. */
function withField(path: string, to: unknown): unknown {
  const copy = JSON.parse(JSON.stringify(valid)) as Record<string, unknown>;
  const keys = path.split('.');
  let target = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  if (to === undefined) delete target[keys.at(-1)!];
  else target[keys.at(-1)!] = to;
  return copy;
}

describe('readClientConfig', () => {
  const samples: unknown[] = [
    valid,
    { ...valid, extra: 1, providers: { ...valid.providers, extra: true } },
    withField('sentryDsn', 'https://key@sentry/1'),
    withField('providers.apple', { clientId: 'a', team: 'x' }),
    withField('maps.googleMapsApiKey', 'key'),
    withField('billing.provider', 'local'),
    withField('billing.stripePublishableKey', null),
    withField('version', 1),
    withField('environment', undefined),
    withField('sentryDsn', undefined),
    withField('supportEmail', null),
    withField('downloadApp', null),
    withField('downloadApp.iosUrl', 5),
    withField('providers', []),
    withField('providers.google', { clientId: 5 }),
    withField('providers.google', undefined),
    withField('providers.apple', 'a'),
    withField('providers.linkedin', 'yes'),
    withField('maps.tileUrl', null),
    withField('maps.tileAttribution', undefined),
    withField('billing.provider', 'paypal'),
    withField('billing.stripePublishableKey', undefined),
    withField('billing.pricePerUser', '49.99'),
    withField('billing.pricePerUser', Number.NaN),
    withField('billing.pricePerUser', Number.POSITIVE_INFINITY),
    withField('billing', undefined),
    [],
    'config',
    null,
    undefined,
  ];
  it.each(samples.map((sample, index) => [index, sample]))('reads sample %i as clientConfig does', (_index, sample) => {
    const parsed = clientConfig.safeParse(sample);
    expect(readClientConfig(sample)).toEqual(parsed.success ? parsed.data : null);
  });
});
