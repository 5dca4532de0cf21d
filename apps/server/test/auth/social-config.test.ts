import net from 'node:net';
import { MESSAGES } from '@leadcircle/shared';
import { exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { redactUrl } from '../../src/http/logging.js';
import { post } from '../helpers.js';
import { type SocialProviders, startSocialProviders } from '../social.js';
import { createTestApp, type TestApp } from '../test-app.js';

// What configuration switches on: the calls, the browser's client config and its CSP.

let providers: SocialProviders;
let unconfigured: TestApp;
let configured: TestApp;
beforeAll(async () => {
  providers = await startSocialProviders();
  [unconfigured, configured] = await Promise.all([createTestApp(), createTestApp({ env: providers.env })]);
});
afterAll(async () => {
  await Promise.all([unconfigured.close(), configured.close()]);
  await providers.close();
});

const CALLS = {
  google: ['/user/google_signup', { id_token: 'x.y.z' }],
  apple: ['/user/apple_signup', { code: 'c', identity_token: 'x.y.z' }],
  linkedinUrl: ['/user/linkedin_url', {}],
  linkedinSignup: ['/user/linkedin_signup', { code: 'c', state: 's' }],
} as const;

describe('a provider that is not configured', () => {
  it.each([
    ['google', 'Google'],
    ['apple', 'Apple'],
    ['linkedinUrl', 'LinkedIn'],
    ['linkedinSignup', 'LinkedIn'],
  ] as const)('%s answers 503 saying %s sign-in is not configured', async (call, label) => {
    const [path, body] = CALLS[call];
    const res = await post(unconfigured, path, body);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: `${label} sign-in is not configured.`, code: 'AUTH_PROVIDER_NOT_CONFIGURED' });
    expect(res.body.message).toBe(MESSAGES.providerNotConfigured(label));
  });

  it('is absent from the client config and from the Content-Security-Policy', async () => {
    const config = (await unconfigured.app.inject('/api/client-config')).json();
    expect(config.providers).toEqual({ google: null, apple: null, linkedin: false });
    const csp = String((await unconfigured.app.inject('/signin')).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/google|apple/);
  });
});

describe('configured providers', () => {
  it('are named in the client config with their public client ids, and no secret', async () => {
    const res = await configured.app.inject('/api/client-config');
    const config = res.json();
    expect(config.providers).toEqual({
      google: { clientId: providers.env.GOOGLE_CLIENT_ID },
      apple: { clientId: providers.env.APPLE_CLIENT_ID },
      linkedin: true,
    });
    expect(res.body).not.toContain(providers.env.LINKEDIN_CLIENT_SECRET);
    expect(res.body).not.toContain('PRIVATE KEY');
  });

  it("let the sign-in page load Google's and Apple's scripts, and nothing else from them", async () => {
    const csp = String((await configured.app.inject('/signin')).headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .find((d) => d.trim().startsWith(`${name} `))
        ?.trim();
    expect(directive('script-src')).toBe(
      "script-src 'self' https://accounts.google.com/gsi/client https://appleid.cdn-apple.com",
    );
    expect(directive('frame-src')).toBe("frame-src 'self' https://accounts.google.com/gsi/ https://appleid.apple.com");
    expect(directive('connect-src')).toBe(
      "connect-src 'self' https://accounts.google.com/gsi/ https://appleid.apple.com",
    );
    expect(directive('style-src')).toBe("style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style");
  });

  it('answer 502 with a clear message, never a 500, when the provider cannot be reached', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const nowhere = `http://127.0.0.1:${closedPort}`;
    const app = await createTestApp({
      env: { ...providers.env, GOOGLE_ISSUER: nowhere, APPLE_ISSUER: nowhere, LINKEDIN_ISSUER: nowhere },
    });
    try {
      for (const [call, label] of [
        ['google', 'Google'],
        ['apple', 'Apple'],
        ['linkedinUrl', 'LinkedIn'],
      ] as const) {
        const [path, body] = CALLS[call];
        const res = await post(app, path, body);
        expect(res.status).toBe(502);
        expect(res.body).toEqual({ message: MESSAGES.providerUnavailable(label), code: 'AUTH_PROVIDER_UNAVAILABLE' });
      }
    } finally {
      await app.close();
    }
  });
});

describe('social sign-in configuration', () => {
  function configErrorOf(env: Record<string, string>): string {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).message;
    }
    throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
  }

  it('is off with no environment, with the real issuers as defaults', () => {
    expect(loadConfig({}).social).toEqual({ google: null, apple: null, linkedin: null });
    expect(
      loadConfig({ GOOGLE_CLIENT_ID: 'g', APPLE_CLIENT_ID: 'a', LINKEDIN_CLIENT_ID: 'l', LINKEDIN_CLIENT_SECRET: 's' })
        .social,
    ).toEqual({
      google: { clientId: 'g', issuer: 'https://accounts.google.com' },
      apple: { clientId: 'a', issuer: 'https://appleid.apple.com', codeExchange: null },
      linkedin: { clientId: 'l', clientSecret: 's', issuer: 'https://www.linkedin.com/oauth' },
    });
  });

  it('reads the Apple key written on one line with \\n for its newlines', async () => {
    const pem = await exportPKCS8((await generateKeyPair('ES256', { extractable: true })).privateKey);
    const config = loadConfig({
      APPLE_CLIENT_ID: 'a',
      APPLE_TEAM_ID: 't',
      APPLE_KEY_ID: 'k',
      APPLE_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
    });
    expect(config.social.apple?.codeExchange).toEqual({ teamId: 't', keyId: 'k', privateKey: pem });
  });

  it.each([
    ['LINKEDIN_CLIENT_SECRET', { LINKEDIN_CLIENT_ID: 'l' }],
    ['LINKEDIN_CLIENT_ID', { LINKEDIN_CLIENT_SECRET: 's' }],
    ['APPLE_PRIVATE_KEY', { APPLE_CLIENT_ID: 'a', APPLE_TEAM_ID: 't', APPLE_KEY_ID: 'k' }],
    [
      'APPLE_PRIVATE_KEY',
      { APPLE_CLIENT_ID: 'a', APPLE_TEAM_ID: 't', APPLE_KEY_ID: 'k', APPLE_PRIVATE_KEY: 'not a key' },
    ],
    ['GOOGLE_ISSUER', { GOOGLE_ISSUER: 'not a url' }],
    ['LINKEDIN_ISSUER', { NODE_ENV: 'production', LINKEDIN_ISSUER: 'http://staging-idp.internal' }],
  ])('names %s when it is missing or wrong', (name, env) => {
    expect(configErrorOf(env)).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });
});

describe('logs', () => {
  it('never carry the code or the state LinkedIn sends back to /oauth_login', () => {
    expect(redactUrl('/oauth_login?code=secret-code&state=eyJpbnZpdGVDb2RlIjoieCJ9&iss=https%3A%2F%2Fidp')).toBe(
      '/oauth_login?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fidp',
    );
  });
});
