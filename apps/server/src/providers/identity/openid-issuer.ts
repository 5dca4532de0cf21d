import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';
import { z } from 'zod';

// One OpenID Connect issuer (Google, Apple, LinkedIn, or the local provider of the tests): its
// discovery document, its published keys, ID token verification and the authorization-code
// exchange. Plain fetch and jose, so the app's clock decides what "expired" means.

/** The token or code was refused: forged, expired, for someone else, used before… (401 to the caller). */
export class IdentityRejected extends Error {
  constructor(readonly reason: string) {
    super(`identity refused: ${reason}`);
  }
}

/** The issuer could not be reached or answered nonsense (502 to the caller). */
export class IdentityProviderUnavailable extends Error {}

// Asymmetric algorithms only: never `none`, never an HMAC whose key might be public.
const ALLOWED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
// Clocks of the issuer and of this server may disagree a little.
const CLOCK_TOLERANCE_SECONDS = 60;

const discoveryDocument = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url().optional(),
  token_endpoint: z.url().optional(),
  userinfo_endpoint: z.url().optional(),
  jwks_uri: z.url(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
});
export type DiscoveryDocument = z.infer<typeof discoveryDocument>;

const tokenResponse = z.object({ id_token: z.string().min(1), access_token: z.string().min(1).optional() });
const userInfo = z.looseObject({ sub: z.string() });
const tokenError = z.object({ error: z.string() });

export interface VerifyOptions {
  audience: string;
  /** The nonce the token must carry, where one was sent to the provider. */
  nonce?: string;
  now: Date;
}

export interface CodeExchange {
  code: string;
  clientId: string;
  clientSecret: string;
  redirectUri?: string;
  codeVerifier?: string;
}

export interface OpenIdIssuer {
  readonly issuer: string;
  discover(): Promise<DiscoveryDocument>;
  /** The claims of a valid ID token; throws IdentityRejected or IdentityProviderUnavailable. */
  verifyIdToken(token: string, options: VerifyOptions): Promise<JWTPayload & { sub: string; exp: number }>;
  /** The token endpoint's ID token (not yet verified) and access token for an authorization code. */
  exchangeCode(exchange: CodeExchange): Promise<{ idToken: string; accessToken: string | undefined }>;
  /** The UserInfo claims of the person an access token is for; refused unless they are about `subject`. */
  fetchUserInfo(accessToken: string, subject: string): Promise<Record<string, unknown>>;
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

// A network failure or a broken key set is the provider's trouble; anything else about a token is the token's.
function isUnavailable(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout) return true;
  if (error instanceof errors.JOSEError) return error.code === 'ERR_JOSE_GENERIC' || error.code === 'ERR_JWKS_INVALID';
  return true;
}

export function createOpenIdIssuer(
  issuer: string,
  options: { alsoAcceptedIssuers?: string[]; timeoutMs?: number } = {},
): OpenIdIssuer {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const acceptedIssuers = [issuer, ...(options.alsoAcceptedIssuers ?? [])];
  let discovered: Promise<{ document: DiscoveryDocument; keys: ReturnType<typeof createRemoteJWKSet> }> | null = null;

  async function fetchDiscovery() {
    const url = `${withoutTrailingSlash(issuer)}/.well-known/openid-configuration`;
    let body: unknown;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      body = await response.json();
    } catch (cause) {
      throw new IdentityProviderUnavailable(`discovery of ${issuer} failed`, { cause });
    }
    const parsed = discoveryDocument.safeParse(body);
    // OpenID Connect Discovery §4.3: the document must name the issuer it was fetched for.
    if (!parsed.success || withoutTrailingSlash(parsed.data.issuer) !== withoutTrailingSlash(issuer)) {
      throw new IdentityProviderUnavailable(`the discovery document of ${issuer} is not valid or names another issuer`);
    }
    const keys = createRemoteJWKSet(new URL(parsed.data.jwks_uri), {
      timeoutDuration: timeoutMs,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
    });
    return { document: parsed.data, keys };
  }

  async function discovery() {
    // Kept once it worked; after a failure the next sign-in tries again.
    discovered ??= fetchDiscovery().catch((error: unknown) => {
      discovered = null;
      throw error;
    });
    return discovered;
  }

  return {
    issuer,

    async discover() {
      return (await discovery()).document;
    },

    async verifyIdToken(token, { audience, nonce, now }) {
      const { document, keys } = await discovery();
      const offered = document.id_token_signing_alg_values_supported ?? ['RS256'];
      const algorithms = ALLOWED_ALGORITHMS.filter((alg) => offered.includes(alg));
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          algorithms,
          issuer: acceptedIssuers,
          audience,
          currentDate: now,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (error) {
        if (isUnavailable(error))
          throw new IdentityProviderUnavailable(`keys of ${issuer} unavailable`, { cause: error });
        throw new IdentityRejected((error as errors.JOSEError).code);
      }
      if (typeof payload.sub !== 'string' || payload.sub === '' || typeof payload.exp !== 'number') {
        throw new IdentityRejected('claims');
      }
      // OpenID Connect Core §3.1.3.7: with several audiences, the authorized party must be us.
      if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== audience) {
        throw new IdentityRejected('azp');
      }
      if (nonce !== undefined && payload.nonce !== nonce) throw new IdentityRejected('nonce');
      return payload as JWTPayload & { sub: string; exp: number };
    },

    async exchangeCode({ code, clientId, clientSecret, redirectUri, codeVerifier }) {
      const { document } = await discovery();
      if (!document.token_endpoint) throw new IdentityProviderUnavailable(`${issuer} has no token endpoint`);
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        client_secret: clientSecret,
      });
      if (redirectUri) form.set('redirect_uri', redirectUri);
      if (codeVerifier) form.set('code_verifier', codeVerifier);
      let response: Response;
      let body: unknown;
      try {
        response = await fetch(document.token_endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        body = await response.json().catch(() => undefined);
      } catch (cause) {
        throw new IdentityProviderUnavailable(`the token endpoint of ${issuer} did not answer`, { cause });
      }
      if (response.status >= 500) throw new IdentityProviderUnavailable(`${issuer} answered ${response.status}`);
      if (!response.ok) {
        // invalid_grant: a code used twice, expired, or not ours (PKCE, redirect address).
        throw new IdentityRejected(`token endpoint: ${tokenError.safeParse(body).data?.error ?? response.status}`);
      }
      const parsed = tokenResponse.safeParse(body);
      if (!parsed.success) throw new IdentityRejected('token endpoint: no id_token');
      return { idToken: parsed.data.id_token, accessToken: parsed.data.access_token };
    },

    async fetchUserInfo(accessToken, subject) {
      const { document } = await discovery();
      if (!document.userinfo_endpoint) return {};
      let response: Response;
      let body: unknown;
      try {
        response = await fetch(document.userinfo_endpoint, {
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        body = await response.json().catch(() => undefined);
      } catch (cause) {
        throw new IdentityProviderUnavailable(`the userinfo endpoint of ${issuer} did not answer`, { cause });
      }
      if (response.status >= 500) throw new IdentityProviderUnavailable(`${issuer} answered ${response.status}`);
      const parsed = userInfo.safeParse(body);
      if (!response.ok || !parsed.success) throw new IdentityRejected(`userinfo: ${response.status}`);
      // OpenID Connect Core §5.3.2: claims about anyone else are not to be used.
      if (parsed.data.sub !== subject) throw new IdentityRejected('userinfo of another subject');
      return parsed.data;
    },
  };
}
