import crypto from 'node:crypto';
import { type CryptoKey, exportPKCS8, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { type LocalOpenIdProvider, startLocalOpenIdProvider } from './local-openid-provider.js';

// Three local OpenID providers in the roles of Google, Apple and LinkedIn, registered the way
// each real one is used: Google Identity Services (ID token in the browser), Sign in with Apple JS
// (code and identity token in the browser, code exchanged with an ES256 client secret), LinkedIn
// (authorization code flow back to /oauth_login).

export const GOOGLE_CLIENT_ID = 'leadcircle-web.apps.googleusercontent.test';
// Another app registered at the same Google: its tokens are not for us.
export const OTHER_GOOGLE_CLIENT_ID = 'someone-elses-app.apps.googleusercontent.test';
export const APPLE_CLIENT_ID = 'app.leadcircle.web';
export const APPLE_TEAM_ID = 'TEAM123456';
export const APPLE_KEY_ID = 'KEY7654321';
export const LINKEDIN_CLIENT_ID = 'leadcircle-linkedin';
export const LINKEDIN_CLIENT_SECRET = 'linkedin-secret-known-only-to-the-server';
// Where the browser is sent back by Google and Apple; never followed in the API tests.
export const WEB_REDIRECT_URI = 'https://app.leadcircle.test/signin';

export interface SocialProviders {
  google: LocalOpenIdProvider;
  apple: LocalOpenIdProvider;
  linkedin: LocalOpenIdProvider;
  /** The configuration that points the app at them. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startSocialProviders(appUrl = 'http://localhost:3000'): Promise<SocialProviders> {
  const appleKey = await generateKeyPair('ES256', { extractable: true });
  const browserClient = { redirect_uris: [WEB_REDIRECT_URI], token_endpoint_auth_method: 'none' };
  const [google, apple, linkedin] = await Promise.all([
    startLocalOpenIdProvider({
      clients: [
        { client_id: GOOGLE_CLIENT_ID, response_types: ['id_token'], grant_types: ['implicit'], ...browserClient },
        {
          client_id: OTHER_GOOGLE_CLIENT_ID,
          response_types: ['id_token'],
          grant_types: ['implicit'],
          ...browserClient,
        },
      ],
    }),
    startLocalOpenIdProvider({
      clients: [
        {
          client_id: APPLE_CLIENT_ID,
          response_types: ['code id_token'],
          grant_types: ['authorization_code', 'implicit'],
          redirect_uris: [WEB_REDIRECT_URI],
        },
      ],
      appleStyleClient: {
        clientId: APPLE_CLIENT_ID,
        teamId: APPLE_TEAM_ID,
        keyId: APPLE_KEY_ID,
        publicKey: appleKey.publicKey,
      },
    }),
    startLocalOpenIdProvider({
      clients: [
        {
          client_id: LINKEDIN_CLIENT_ID,
          client_secret: LINKEDIN_CLIENT_SECRET,
          redirect_uris: [`${appUrl}/oauth_login`],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
    }),
  ]);
  return {
    google,
    apple,
    linkedin,
    env: {
      GOOGLE_CLIENT_ID,
      GOOGLE_ISSUER: google.issuer,
      APPLE_CLIENT_ID,
      APPLE_ISSUER: apple.issuer,
      APPLE_TEAM_ID,
      APPLE_KEY_ID,
      APPLE_PRIVATE_KEY: await exportPKCS8(appleKey.privateKey),
      LINKEDIN_CLIENT_ID,
      LINKEDIN_CLIENT_SECRET,
      LINKEDIN_ISSUER: linkedin.issuer,
    },
    async close() {
      await Promise.all([google.close(), apple.close(), linkedin.close()]);
    },
  };
}

function authorizationUrl(op: LocalOpenIdProvider, params: Record<string, string>): URL {
  const url = new URL('/auth', op.issuer);
  for (const [k, v] of Object.entries({ redirect_uri: WEB_REDIRECT_URI, state: 'browser-state', ...params })) {
    url.searchParams.set(k, v);
  }
  return url;
}

/** What Google Identity Services hands the browser: a signed ID token for our client. */
export async function googleIdToken(
  google: LocalOpenIdProvider,
  login: string,
  options: { nonce?: string; clientId?: string } = {},
): Promise<string> {
  const back = await google.authorize(
    authorizationUrl(google, {
      client_id: options.clientId ?? GOOGLE_CLIENT_ID,
      response_type: 'id_token',
      scope: 'openid email profile',
      // A fresh nonce per page, as the web app does: no two tokens are alike.
      nonce: options.nonce ?? crypto.randomUUID(),
    }),
    login,
  );
  const idToken = new URLSearchParams(back.hash.slice(1)).get('id_token');
  if (!idToken) throw new Error(`no id_token in ${back}`);
  return idToken;
}

/** What Sign in with Apple JS hands the browser: an authorization code and an identity token. */
export async function appleAuthorization(
  apple: LocalOpenIdProvider,
  login: string,
  options: { nonce?: string } = {},
): Promise<{ code: string; identityToken: string }> {
  const back = await apple.authorize(
    authorizationUrl(apple, {
      client_id: APPLE_CLIENT_ID,
      response_type: 'code id_token',
      // Apple puts no name in its tokens; the browser gets it once, beside them.
      scope: 'openid email',
      nonce: options.nonce ?? crypto.randomUUID(),
    }),
    login,
  );
  const fragment = new URLSearchParams(back.hash.slice(1));
  const code = fragment.get('code');
  const identityToken = fragment.get('id_token');
  if (!code || !identityToken) throw new Error(`no code or id_token in ${back}`);
  return { code, identityToken };
}

/** A token signed with the provider's own key but saying what the test wants (or signed with `key`). */
export async function craftIdToken(
  op: LocalOpenIdProvider,
  claims: JWTPayload,
  options: { key?: CryptoKey; expiresInSeconds?: number; now?: Date } = {},
): Promise<string> {
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: op.signingKey.kid })
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.expiresInSeconds ?? 3600))
    .sign(options.key ?? op.signingKey.privateKey);
}

let sequence = 0;
/** A fresh address for a person at a provider; its words make the name (see accountFor). */
export function uniqueLogin(first = 'morgan', last = 'lee'): string {
  sequence += 1;
  return `${first}.${last}.${Date.now()}${sequence}@example.com`;
}
