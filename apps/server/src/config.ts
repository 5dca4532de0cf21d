import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { PROJECT_DIR, SERVER_DIR } from './paths.js';

// The only reader of process.env. Defaults make `npm start` work with no environment at all.

const optionalUrl = z.url().optional();
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const webLink = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' });
const optionalText = z.preprocess(emptyAsUndefined, z.string().optional());

// Store links of the Download app page until the apps have their own listing addresses.
const DEFAULT_IOS_APP_URL = 'https://apps.apple.com/us/search?term=LeadCircle';
const DEFAULT_ANDROID_APP_URL = 'https://play.google.com/store/search?q=LeadCircle&c=apps';

// OpenStreetMap's own tile server: fine for trying the product; its usage policy asks heavy users to
// run or rent a tile server (MAP_TILE_URL).
const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_MAP_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

export type TrustProxy = boolean | string[];

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  // Whose X-Forwarded-For to believe for the client's address (per-IP limits, logs): off unless the
  // server sits behind a proxy that sets it; 'true' (any), or the proxies' addresses/CIDR ranges.
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('false')
      .transform((value, ctx): TrustProxy => {
        if (value === 'true') return true;
        if (value === 'false') return false;
        const list = value.split(',').map((entry) => entry.trim());
        if (list.every(isAddressOrRange)) return list;
        ctx.addIssue({
          code: 'custom',
          message: "must be 'true', 'false', or the proxies' addresses/CIDR ranges separated by commas",
        });
        return z.NEVER;
      }),
  ),
  // Strict-Transport-Security: 'auto' on answers to HTTPS requests (X-Forwarded-Proto counts only
  // from a trusted proxy), 'true' on every answer (TLS ends at a proxy that does not say so), 'false' never.
  HSTS: z.enum(['auto', 'true', 'false'], { error: "must be 'auto', 'true' or 'false'" }).default('auto'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().startsWith('postgres').optional()),
  APP_URL: z.preprocess(emptyAsUndefined, optionalUrl),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: z.string().default('LeadCircle <no-reply@leadcircle.local>'),
  SUPPORT_EMAIL: z.email().default('support@leadcircle.app'),
  SENTRY_DSN: z.preprocess(emptyAsUndefined, optionalUrl),
  // Realtime fan-out across instances (Socket.IO Redis adapter); unset: in-process, one instance.
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
  ),
  // Prefix of the Redis channels, so several deployments (or tests) can share one Redis.
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(100).default('leadcircle'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The access log: the share of requests written as one info line each (errors and slow requests always are).
  ACCESS_LOG_SAMPLE: z.coerce.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1').default(1),
  SLOW_REQUEST_MS: z.coerce.number().int('must be a whole number of milliseconds').min(1).default(1000),
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  // A chat message is e-mailed when it is still unread this long after it was sent.
  CHAT_EMAIL_DELAY_SECONDS: z.coerce.number().int('must be a whole number of seconds').min(0).max(86_400).default(300),
  // Sent e-mails (their bodies hold single-use links) and spent unsubscribe links are deleted this many days on.
  MAIL_RETENTION_DAYS: z.coerce.number().int('must be a whole number of days').min(1).max(3650).default(30),
  JOBS_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  // Files (avatars): disk under DATA_DIR/uploads, or S3-compatible storage when S3_BUCKET is set.
  S3_BUCKET: optionalText,
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, webLink.optional()),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  IOS_APP_URL: z.preprocess(emptyAsUndefined, webLink.default(DEFAULT_IOS_APP_URL)),
  ANDROID_APP_URL: z.preprocess(emptyAsUndefined, webLink.default(DEFAULT_ANDROID_APP_URL)),

  // Social sign-in: a provider is on when its client id is set. The issuers
  // default to the real ones; tests and staging point them at another OpenID provider.
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_ISSUER: z.preprocess(emptyAsUndefined, webLink.default('https://accounts.google.com')),
  APPLE_CLIENT_ID: optionalText,
  APPLE_TEAM_ID: optionalText,
  APPLE_KEY_ID: optionalText,
  APPLE_PRIVATE_KEY: z.preprocess(
    // The .p8 file's text; written on one line, its newlines are often \n.
    (v) => (typeof v === 'string' && v !== '' ? v.replace(/\\n/g, '\n') : undefined),
    z
      .string()
      .refine(isPrivateKey, 'must be the PEM text of the private key (.p8 file) Apple gave for Sign in with Apple')
      .optional(),
  ),
  APPLE_ISSUER: z.preprocess(emptyAsUndefined, webLink.default('https://appleid.apple.com')),
  LINKEDIN_CLIENT_ID: optionalText,
  LINKEDIN_CLIENT_SECRET: optionalText,
  LINKEDIN_ISSUER: z.preprocess(emptyAsUndefined, webLink.default('https://www.linkedin.com/oauth')),

  // Addresses and maps: Google Places autocomplete when a key is set, the US address
  // form with the offline ZIP table otherwise; Leaflet draws maps from MAP_TILE_URL.
  GOOGLE_MAPS_API_KEY: optionalText,
  MAP_TILE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(https?:\/\/|\/)/, 'must be an http(s):// address or a path on this server')
      .refine((v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), 'must contain {z}, {x} and {y}')
      .default(DEFAULT_MAP_TILE_URL),
  ),
  MAP_TILE_ATTRIBUTION: z.preprocess(emptyAsUndefined, z.string().max(300).default(DEFAULT_MAP_TILE_ATTRIBUTION)),

  // Payments: Stripe when STRIPE_SECRET_KEY is set, the local provider otherwise.
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_ID: optionalText,
  // Where the Stripe SDK sends its calls; tests point it at a local server that answers Stripe's routes.
  STRIPE_API_HOST: optionalText,
  STRIPE_API_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  STRIPE_API_PROTOCOL: z.preprocess(emptyAsUndefined, z.enum(['http', 'https']).optional()),

  // Calls to addresses users type (the CRM connection test): a short timeout; loopback addresses only
  // for tests, which run a local server in the third party's place (refused in production).
  // Web Push (VAPID): both keys, or neither and a pair is generated into DATA_DIR on first start.
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  OUTBOUND_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  OUTBOUND_ALLOW_LOOPBACK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),

  // CRM connections: the key of the stored tokens (generated into DATA_DIR when unset), and each CRM's
  // OAuth app; the addresses default to the real ones, tests point them at local servers.
  CRM_TOKEN_KEY: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  CRM_SYNC_INTERVAL_SECONDS: z.coerce
    .number()
    .int('must be a whole number of seconds')
    .min(60)
    .max(86_400)
    .default(900),
  SALESFORCE_LOGIN_URL: z.preprocess(emptyAsUndefined, webLink.default('https://login.salesforce.com')),
  SALESFORCE_CLIENT_ID: optionalText,
  SALESFORCE_CLIENT_SECRET: optionalText,
  HUBSPOT_CLIENT_ID: optionalText,
  HUBSPOT_CLIENT_SECRET: optionalText,
  HUBSPOT_AUTH_URL: z.preprocess(emptyAsUndefined, webLink.default('https://app.hubspot.com/oauth/authorize')),
  HUBSPOT_API_URL: z.preprocess(emptyAsUndefined, webLink.default('https://api.hubapi.com')),
});

// Stripe settings that only work together; each missing one is named.
function checkBillingSettings(e: z.output<typeof envSchema>, ctx: z.RefinementCtx): void {
  const issue = (name: string, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
  const others = {
    STRIPE_PUBLISHABLE_KEY: e.STRIPE_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_ID: e.STRIPE_PRICE_ID,
  };
  if (!e.STRIPE_SECRET_KEY) {
    for (const [name, value] of Object.entries(others)) {
      if (value !== undefined) issue('STRIPE_SECRET_KEY', `is required with ${name}`);
    }
    return;
  }
  for (const [name, value] of Object.entries(others)) {
    if (value === undefined) issue(name, 'is required with STRIPE_SECRET_KEY');
  }
  if (!/^(sk|rk)_/.test(e.STRIPE_SECRET_KEY)) issue('STRIPE_SECRET_KEY', 'must be a Stripe secret key (sk_… or rk_…)');
  if (e.STRIPE_PUBLISHABLE_KEY && !e.STRIPE_PUBLISHABLE_KEY.startsWith('pk_')) {
    issue('STRIPE_PUBLISHABLE_KEY', 'must be a Stripe publishable key (pk_…)');
  }
  if (e.STRIPE_WEBHOOK_SECRET && !e.STRIPE_WEBHOOK_SECRET.startsWith('whsec_')) {
    issue('STRIPE_WEBHOOK_SECRET', 'must be the signing secret of the webhook endpoint (whsec_…)');
  }
  if (e.STRIPE_PRICE_ID && !e.STRIPE_PRICE_ID.startsWith('price_')) {
    issue('STRIPE_PRICE_ID', 'must be the id of a recurring Stripe price (price_…)');
  }
}

function isPrivateKey(pem: string): boolean {
  try {
    return crypto.createPrivateKey(pem).type === 'private';
  } catch {
    return false;
  }
}

// Social sign-in settings that only work together; each missing one is named.
function checkSocialSettings(e: z.output<typeof envSchema>, ctx: z.RefinementCtx): void {
  const require = (name: string, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
  if (e.LINKEDIN_CLIENT_ID && !e.LINKEDIN_CLIENT_SECRET) {
    require('LINKEDIN_CLIENT_SECRET', 'is required with LINKEDIN_CLIENT_ID');
  }
  if (e.LINKEDIN_CLIENT_SECRET && !e.LINKEDIN_CLIENT_ID) {
    require('LINKEDIN_CLIENT_ID', 'is required with LINKEDIN_CLIENT_SECRET');
  }
  const appleKey = {
    APPLE_TEAM_ID: e.APPLE_TEAM_ID,
    APPLE_KEY_ID: e.APPLE_KEY_ID,
    APPLE_PRIVATE_KEY: e.APPLE_PRIVATE_KEY,
  };
  if (Object.values(appleKey).some((v) => v !== undefined)) {
    for (const [name, value] of Object.entries(appleKey)) {
      if (value === undefined) require(name, 'is required with the other APPLE_ key settings');
    }
    if (!e.APPLE_CLIENT_ID) require('APPLE_CLIENT_ID', 'is required with the APPLE_ key settings');
  }
  if (e.NODE_ENV === 'production') {
    for (const name of ['GOOGLE_ISSUER', 'APPLE_ISSUER', 'LINKEDIN_ISSUER'] as const) {
      if (!e[name].startsWith('https://')) require(name, 'must be an https:// address in production');
    }
  }
}

const checkedEnvSchema = envSchema.superRefine((e, ctx) => {
  if (e.OUTBOUND_ALLOW_LOOPBACK && e.NODE_ENV === 'production') {
    ctx.addIssue({
      code: 'custom',
      path: ['OUTBOUND_ALLOW_LOOPBACK'],
      message: 'is for tests only, never in production',
    });
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with the other VAPID_ key' });
  }
  for (const [id, secret] of [
    ['SALESFORCE_CLIENT_ID', 'SALESFORCE_CLIENT_SECRET'],
    ['HUBSPOT_CLIENT_ID', 'HUBSPOT_CLIENT_SECRET'],
  ] as const) {
    if (e[id] && !e[secret]) ctx.addIssue({ code: 'custom', path: [secret], message: `is required with ${id}` });
    if (e[secret] && !e[id]) ctx.addIssue({ code: 'custom', path: [id], message: `is required with ${secret}` });
  }
  const hasOtherS3 = Boolean(e.S3_ENDPOINT || e.S3_REGION || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY);
  if (!e.S3_BUCKET && hasOtherS3) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when other S3_ settings are set' });
  }
  if (e.S3_ACCESS_KEY_ID && !e.S3_SECRET_ACCESS_KEY) {
    ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'is required with S3_ACCESS_KEY_ID' });
  }
  if (e.S3_SECRET_ACCESS_KEY && !e.S3_ACCESS_KEY_ID) {
    ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'is required with S3_SECRET_ACCESS_KEY' });
  }
});

export type FilesConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      // Without keys the AWS SDK's own chain applies (an instance or task role).
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export type HstsMode = 'auto' | 'always' | 'never';

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  trustProxy: TrustProxy;
  hsts: HstsMode;
  dataDir: string;
  databaseUrl: string | undefined;
  appUrl: string;
  jwtSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  sentryDsn: string | undefined;
  redis: { url: string; keyPrefix: string } | null;
  logLevel: string;
  accessLog: { sample: number; slowMs: number };
  webDistDir: string;
  jobsEnabled: boolean;
  chatEmailDelayMs: number;
  mailRetentionDays: number;
  files: FilesConfig;
  downloadApp: { iosUrl: string; androidUrl: string };
  social: SocialConfig;
  billing: BillingConfig;
  maps: MapsConfig;
  outbound: OutboundConfig;
  /** Web Push's VAPID key pair, when both are configured (else generated into DATA_DIR). */
  vapid: { publicKey: string; privateKey: string } | null;
  crm: CrmConfig;
}

/** The CRM connections (modules/crm): OAuth apps, their addresses, the token key and the sync interval. */
export interface CrmConfig {
  tokenKey: string | undefined;
  syncIntervalMs: number;
  salesforce: { loginUrl: string; oauth: { clientId: string; clientSecret: string } | null };
  hubspot: { authUrl: string; apiUrl: string; oauth: { clientId: string; clientSecret: string } | null };
}

/** Calls to user-given addresses (lib/outbound.ts). */
export interface OutboundConfig {
  requireHttps: boolean;
  allowLoopback: boolean;
  timeoutMs: number;
}

export interface MapsConfig {
  googleMapsApiKey: string | null;
  tileUrl: string;
  tileAttribution: string;
}

export interface StripeBillingConfig {
  provider: 'stripe';
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  priceId: string;
  /** Another address for the Stripe API (tests); null for Stripe's own. */
  api: { host: string; port: number | undefined; protocol: 'http' | 'https' } | null;
}

/** The card payment provider: the local one (records in PostgreSQL) unless Stripe is configured. */
export type BillingConfig = { provider: 'local' } | StripeBillingConfig;

function readBillingConfig(e: z.output<typeof envSchema>): BillingConfig {
  if (!e.STRIPE_SECRET_KEY) return { provider: 'local' };
  return {
    provider: 'stripe',
    secretKey: e.STRIPE_SECRET_KEY,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
    priceId: e.STRIPE_PRICE_ID!,
    api: e.STRIPE_API_HOST
      ? { host: e.STRIPE_API_HOST, port: e.STRIPE_API_PORT, protocol: e.STRIPE_API_PROTOCOL ?? 'https' }
      : null,
  };
}

/** Social sign-in providers; null when not configured. */
export interface SocialConfig {
  google: { clientId: string; issuer: string } | null;
  apple: {
    clientId: string;
    issuer: string;
    // With the key, the authorization code is exchanged too: Apple confirms the sign-in once more.
    codeExchange: { teamId: string; keyId: string; privateKey: string } | null;
  } | null;
  linkedin: { clientId: string; clientSecret: string; issuer: string } | null;
}

export class ConfigError extends Error {}

/** The project folder's .env file, if there is one, under the real environment (which wins), as npm start reads it. */
export function loadProjectEnvFile(): void {
  const file = path.join(PROJECT_DIR, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

/** Parses the environment once; a wrong value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnvSchema.superRefine(checkSocialSettings).superRefine(checkBillingSettings).safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(PROJECT_DIR, e.DATA_DIR);
  const files: FilesConfig = e.S3_BUCKET
    ? {
        kind: 's3',
        bucket: e.S3_BUCKET,
        region: e.S3_REGION ?? 'us-east-1',
        endpoint: e.S3_ENDPOINT,
        credentials:
          e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
            ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
            : undefined,
      }
    : { kind: 'disk', dir: path.join(dataDir, 'uploads') };
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    trustProxy: e.TRUST_PROXY,
    hsts: e.HSTS === 'true' ? 'always' : e.HSTS === 'false' ? 'never' : 'auto',
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    sentryDsn: e.SENTRY_DSN,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : null,
    logLevel: e.LOG_LEVEL,
    accessLog: { sample: e.ACCESS_LOG_SAMPLE, slowMs: e.SLOW_REQUEST_MS },
    webDistDir: path.resolve(PROJECT_DIR, e.WEB_DIST_DIR ?? path.join(SERVER_DIR, '../web/dist')),
    jobsEnabled: e.JOBS_ENABLED,
    chatEmailDelayMs: e.CHAT_EMAIL_DELAY_SECONDS * 1000,
    mailRetentionDays: e.MAIL_RETENTION_DAYS,
    files,
    downloadApp: { iosUrl: e.IOS_APP_URL, androidUrl: e.ANDROID_APP_URL },
    billing: readBillingConfig(e),
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    outbound: {
      requireHttps: e.NODE_ENV === 'production',
      allowLoopback: e.OUTBOUND_ALLOW_LOOPBACK,
      timeoutMs: e.OUTBOUND_TIMEOUT_MS,
    },
    crm: {
      tokenKey: e.CRM_TOKEN_KEY,
      syncIntervalMs: e.CRM_SYNC_INTERVAL_SECONDS * 1000,
      salesforce: {
        loginUrl: e.SALESFORCE_LOGIN_URL.replace(/\/$/, ''),
        oauth:
          e.SALESFORCE_CLIENT_ID && e.SALESFORCE_CLIENT_SECRET
            ? { clientId: e.SALESFORCE_CLIENT_ID, clientSecret: e.SALESFORCE_CLIENT_SECRET }
            : null,
      },
      hubspot: {
        authUrl: e.HUBSPOT_AUTH_URL,
        apiUrl: e.HUBSPOT_API_URL.replace(/\/$/, ''),
        oauth:
          e.HUBSPOT_CLIENT_ID && e.HUBSPOT_CLIENT_SECRET
            ? { clientId: e.HUBSPOT_CLIENT_ID, clientSecret: e.HUBSPOT_CLIENT_SECRET }
            : null,
      },
    },
    maps: {
      googleMapsApiKey: e.GOOGLE_MAPS_API_KEY ?? null,
      tileUrl: e.MAP_TILE_URL,
      tileAttribution: e.MAP_TILE_ATTRIBUTION,
    },
    social: {
      google: e.GOOGLE_CLIENT_ID ? { clientId: e.GOOGLE_CLIENT_ID, issuer: e.GOOGLE_ISSUER } : null,
      apple: e.APPLE_CLIENT_ID
        ? {
            clientId: e.APPLE_CLIENT_ID,
            issuer: e.APPLE_ISSUER,
            codeExchange:
              e.APPLE_TEAM_ID && e.APPLE_KEY_ID && e.APPLE_PRIVATE_KEY
                ? { teamId: e.APPLE_TEAM_ID, keyId: e.APPLE_KEY_ID, privateKey: e.APPLE_PRIVATE_KEY }
                : null,
          }
        : null,
      linkedin:
        e.LINKEDIN_CLIENT_ID && e.LINKEDIN_CLIENT_SECRET
          ? { clientId: e.LINKEDIN_CLIENT_ID, clientSecret: e.LINKEDIN_CLIENT_SECRET, issuer: e.LINKEDIN_ISSUER }
          : null,
    },
  };
}
