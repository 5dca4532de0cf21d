import crypto from 'node:crypto';
import type { SocialProvider, Tokens } from '@leadcircle/shared';
import { decodeOAuthState, encodeOAuthState, MESSAGES, NAME_MAX } from '@leadcircle/shared';
import type { JWTPayload } from 'jose';
import type { AppDeps } from '../../app-deps.js';
import { AppError, appError, forbidden, unauthorized } from '../../http/errors.js';
import { consumeRateLimits, isRateLimited, RATE_LIMITS, recordHit } from '../../http/rate-limit.js';
import { MINUTE_MS } from '../../lib/clock.js';
import { hashToken, randomToken } from '../../lib/secrets.js';
import type { IdentityProviders } from '../../providers/identity/identity-providers.js';
import { IdentityProviderUnavailable, IdentityRejected } from '../../providers/identity/openid-issuer.js';
import * as users from '../accounts/accounts.service.js';
import { useEmailTokens } from './auth.queries.js';
import { issueSession } from './auth.service.js';
import * as q from './social.queries.js';

// Sign in with Google, Apple or LinkedIn. Accounts are keyed by the provider's
// subject; a first sign-in joins the account of the same e-mail address only when the provider
// says it verified that address. Every refusal of a token, code or state is a 401 with the spec's
// fallback message, and changes nothing.

const LABEL: Record<SocialProvider, string> = { GOOGLE: 'Google', APPLE: 'Apple', LINKEDIN: 'LinkedIn' };
const FAILED: Record<SocialProvider, string> = {
  GOOGLE: MESSAGES.googleLoginFailed,
  APPLE: MESSAGES.appleLoginFailed,
  LINKEDIN: MESSAGES.linkedInLoginFailed,
};

// LinkedIn: the provider sends the browser back to /oauth_login.
export const LINKEDIN_CALLBACK_PATH = '/oauth_login';
const LINKEDIN_SCOPE = 'openid profile email';
// Long enough to sign in at the provider, short enough that a stolen state is soon worthless.
const OAUTH_STATE_TTL_MS = 10 * MINUTE_MS;

const refused = (
  provider: SocialProvider,
  code: 'AUTH_SOCIAL_REFUSED' | 'AUTH_SOCIAL_TOKEN_INVALID' = 'AUTH_SOCIAL_REFUSED',
) => unauthorized(code, FAILED[provider]);

function notConfigured(provider: SocialProvider): AppError {
  return appError('AUTH_PROVIDER_NOT_CONFIGURED', MESSAGES.providerNotConfigured(LABEL[provider]));
}

/** What a verified ID token says about the person. */
interface VerifiedIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string | undefined;
  lastName: string | undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

function identityOf(claims: JWTPayload & { sub: string }): VerifiedIdentity {
  const email = text(claims.email);
  return {
    subject: claims.sub,
    email: email && users.normalizeEmail(email),
    // Apple writes the flag as the string "true".
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
  };
}

/** A replay is the same identity token again; it is remembered by hash until it expires. */
interface UsedToken {
  tokenHash: string;
  expiresAt: Date;
}

const usedToken = (token: string, exp: number): UsedToken => ({
  tokenHash: hashToken(token),
  // Past its expiry (with the verifier's clock tolerance) the token is refused anyway.
  expiresAt: new Date((exp + 120) * 1000),
});

/**
 * Runs one social sign-in: refusals of the provider's answers become 401s with the spec's fallback
 * message and count against the caller's address like failed password sign-ins; an unreachable
 * provider is a 502. Tokens and codes never reach the log.
 */
async function guarded<T>(deps: AppDeps, provider: SocialProvider, ip: string, run: () => Promise<T>): Promise<T> {
  const ipKey = `login-fail:ip:${ip}`;
  if (await isRateLimited(deps.db, ipKey, RATE_LIMITS.failedLoginPerIp, deps.clock.now())) {
    throw appError('AUTH_TOO_MANY_ATTEMPTS');
  }
  try {
    return await run();
  } catch (error) {
    if (error instanceof IdentityRejected) {
      const level = error.reason.includes('invalid_client') ? 'error' : 'warn';
      deps.log[level]({ provider, reason: error.reason }, 'social sign-in refused');
      await recordHit(deps.db, ipKey, deps.clock.now());
      throw refused(provider, 'AUTH_SOCIAL_TOKEN_INVALID');
    }
    if (error instanceof IdentityProviderUnavailable) {
      deps.log.error({ provider, err: error }, 'social sign-in provider unavailable');
      throw appError('AUTH_PROVIDER_UNAVAILABLE', MESSAGES.providerUnavailable(LABEL[provider]));
    }
    if (error instanceof AppError && error.status === 401) await recordHit(deps.db, ipKey, deps.clock.now());
    throw error;
  }
}

/**
 * Signs in the account linked to the provider's subject, or links one: the account of the same
 * verified address, or a new one. One transaction: a refusal leaves everything as it was.
 */
async function signInWithIdentity(
  deps: AppDeps,
  provider: SocialProvider,
  identity: VerifiedIdentity,
  given: { firstName?: string; lastName?: string; timeZone?: string },
  used?: UsedToken,
): Promise<Tokens> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (used && !(await q.recordUsedIdentityToken(tx, { ...used, provider }))) {
      throw new IdentityRejected('replayed');
    }

    const linked = await q.findSocialIdentity(tx, provider, identity.subject);
    if (linked) {
      const user = await users.findUserRowById(tx, linked.userId);
      // Hidden by a deletion request: refused like a password sign-in (docs/decisions/social-sign-in.md).
      if (!user || user.deletionRequestedAt) throw refused(provider);
      await q.touchSocialIdentity(tx, linked.id, now);
      return issueSession(deps, tx, user.id);
    }

    // A first sign-in needs an address the provider vouches for, to join an account or to make one.
    if (!identity.email) {
      throw forbidden('AUTH_SOCIAL_EMAIL_MISSING', MESSAGES.socialEmailMissing(LABEL[provider]));
    }
    if (!identity.emailVerified) {
      throw forbidden('AUTH_SOCIAL_EMAIL_UNVERIFIED', MESSAGES.socialEmailUnverified(LABEL[provider]));
    }
    const email = identity.email;
    const user =
      (await users.findUserRowByEmail(tx, email)) ??
      (await users.createUserIfAbsent(tx, {
        role: 'SALES',
        email,
        firstName: nameOf(identity.firstName ?? given.firstName) ?? email.split('@')[0]!.slice(0, NAME_MAX),
        lastName: nameOf(identity.lastName ?? given.lastName) ?? '',
        emailConfirmedAt: now,
        // The browser's zone, for the account this first sign-in creates.
        ...(given.timeZone !== undefined && { timeZone: given.timeZone }),
      })) ??
      // Someone else's sign-in created it a moment ago.
      (await users.findUserRowByEmail(tx, email));
    if (!user || user.deletionRequestedAt) throw refused(provider);

    if (!user.emailConfirmedAt) {
      // The provider has proven the address; whoever signed up with it by e-mail never did. Their
      // password, and the sign-up links waiting in the mailbox with one, die now (account pre-hijacking).
      await users.setPasswordHash(tx, user.id, null);
      await useEmailTokens(tx, user.id, 'SIGNUP_CONFIRMATION', now);
      await users.markEmailConfirmed(tx, user, now);
    }

    const inserted = await q.insertSocialIdentity(tx, { userId: user.id, provider, subject: identity.subject, now });
    if (!inserted) {
      // The same first sign-in ran twice at once; the other one linked it.
      const other = await q.findSocialIdentity(tx, provider, identity.subject);
      if (other?.userId !== user.id) throw refused(provider);
    }
    deps.log.info({ provider, userId: user.id }, 'social identity linked');
    return issueSession(deps, tx, user.id);
  });
}

const nameOf = (value: string | undefined) => text(value)?.slice(0, NAME_MAX);

// The profile claims of a UserInfo answer (its subject was checked to be the ID token's).
function pickProfile(userInfo: Record<string, unknown>): JWTPayload {
  const { email, email_verified, given_name, family_name } = userInfo;
  return Object.fromEntries(
    Object.entries({ email, email_verified, given_name, family_name }).filter(([, v]) => v !== undefined),
  );
}

export interface GoogleSignupInput {
  id_token: string;
  first_name?: string;
  last_name?: string;
  nonce?: string;
  time_zone?: string;
}

export async function signInWithGoogle(
  deps: AppDeps,
  providers: IdentityProviders,
  input: GoogleSignupInput,
  ip: string,
): Promise<Tokens> {
  const google = providers.google;
  if (!google) throw notConfigured('GOOGLE');
  return guarded(deps, 'GOOGLE', ip, async () => {
    const claims = await google.issuer.verifyIdToken(input.id_token, {
      audience: google.clientId,
      nonce: input.nonce,
      now: deps.clock.now(),
    });
    return signInWithIdentity(
      deps,
      'GOOGLE',
      identityOf(claims),
      { firstName: input.first_name, lastName: input.last_name, timeZone: input.time_zone },
      usedToken(input.id_token, claims.exp),
    );
  });
}

export interface AppleSignupInput {
  code: string;
  identity_token: string;
  first_name?: string;
  last_name?: string;
  user_identifier?: string;
  redirect_uri?: string;
  nonce?: string;
  time_zone?: string;
}

export async function signInWithApple(
  deps: AppDeps,
  providers: IdentityProviders,
  input: AppleSignupInput,
  ip: string,
): Promise<Tokens> {
  const apple = providers.apple;
  if (!apple) throw notConfigured('APPLE');
  return guarded(deps, 'APPLE', ip, async () => {
    const now = deps.clock.now();
    const claims = await apple.issuer.verifyIdToken(input.identity_token, {
      audience: apple.clientId,
      nonce: input.nonce,
      now,
    });
    if (input.user_identifier && input.user_identifier !== claims.sub) throw new IdentityRejected('user_identifier');
    const used = usedToken(input.identity_token, claims.exp);
    // Refused before the code is spent at Apple; the transaction below records it for good.
    if (await q.isIdentityTokenUsed(deps.db, used.tokenHash)) throw new IdentityRejected('replayed');
    if (apple.clientSecret) {
      // Apple confirms the sign-in once more: the code is single use and belongs to the same person.
      const { idToken } = await apple.issuer.exchangeCode({
        code: input.code,
        clientId: apple.clientId,
        clientSecret: await apple.clientSecret(now),
        redirectUri: input.redirect_uri,
      });
      const exchanged = await apple.issuer.verifyIdToken(idToken, { audience: apple.clientId, now });
      if (exchanged.sub !== claims.sub) throw new IdentityRejected('code of another subject');
    }
    // Apple gives the name only to the browser, only on the first sign-in.
    return signInWithIdentity(
      deps,
      'APPLE',
      identityOf(claims),
      { firstName: input.first_name, lastName: input.last_name, timeZone: input.time_zone },
      used,
    );
  });
}

const linkedInRedirectUri = (deps: AppDeps) => `${deps.config.appUrl}${LINKEDIN_CALLBACK_PATH}`;

/** The LinkedIn authorization address; its state carries the invite data and is remembered by hash. */
export async function linkedInAuthorizationUrl(
  deps: AppDeps,
  providers: IdentityProviders,
  clientState: string | undefined,
  ip: string,
): Promise<{ url: string }> {
  const linkedin = providers.linkedin;
  if (!linkedin) throw notConfigured('LINKEDIN');
  const now = deps.clock.now();
  await consumeRateLimits(deps.db, [{ key: `oauth-start:ip:${ip}`, rule: RATE_LIMITS.oauthStartPerIp }], now);
  // Validated by the request schema.
  const invite = decodeOAuthState(clientState ?? '') ?? {};
  let document: Awaited<ReturnType<typeof linkedin.issuer.discover>>;
  try {
    document = await linkedin.issuer.discover();
  } catch (error) {
    deps.log.error({ provider: 'LINKEDIN', err: error }, 'social sign-in provider unavailable');
    throw appError('AUTH_PROVIDER_UNAVAILABLE', MESSAGES.providerUnavailable(LABEL.LINKEDIN));
  }
  if (!document.authorization_endpoint) {
    throw appError('AUTH_PROVIDER_UNAVAILABLE', MESSAGES.providerUnavailable(LABEL.LINKEDIN));
  }

  // The random key makes each state unguessable and unique; the invite stays readable to the web app.
  const state = encodeOAuthState(invite, { key: randomToken() });
  const codeVerifier = randomToken();
  const nonce = randomToken();
  await q.insertOAuthState(deps.db, {
    provider: 'LINKEDIN',
    stateHash: hashToken(state),
    codeVerifier,
    nonce,
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
    now,
  });

  const url = new URL(document.authorization_endpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', linkedin.clientId);
  url.searchParams.set('redirect_uri', linkedInRedirectUri(deps));
  url.searchParams.set('scope', LINKEDIN_SCOPE);
  url.searchParams.set('state', state);
  url.searchParams.set('nonce', nonce);
  url.searchParams.set('code_challenge', crypto.createHash('sha256').update(codeVerifier).digest('base64url'));
  url.searchParams.set('code_challenge_method', 'S256');
  return { url: url.toString() };
}

/** Completes the LinkedIn sign-in with the code and state the provider sent to /oauth_login. */
export async function signInWithLinkedIn(
  deps: AppDeps,
  providers: IdentityProviders,
  input: { code: string; state: string; time_zone?: string },
  ip: string,
): Promise<Tokens> {
  const linkedin = providers.linkedin;
  if (!linkedin) throw notConfigured('LINKEDIN');
  return guarded(deps, 'LINKEDIN', ip, async () => {
    const now = deps.clock.now();
    // Single use: a changed, unknown, expired or used state matches nothing.
    const started = await q.consumeOAuthState(deps.db, 'LINKEDIN', hashToken(input.state), now);
    if (!started) throw new IdentityRejected('state');
    const { idToken, accessToken } = await linkedin.issuer.exchangeCode({
      code: input.code,
      clientId: linkedin.clientId,
      clientSecret: linkedin.clientSecret,
      redirectUri: linkedInRedirectUri(deps),
      codeVerifier: started.codeVerifier,
    });
    const claims = await linkedin.issuer.verifyIdToken(idToken, {
      audience: linkedin.clientId,
      nonce: started.nonce,
      now,
    });
    // The address and name belong in the ID token; when it has none, the UserInfo endpoint answers.
    const profile =
      text(claims.email) === undefined && accessToken
        ? await linkedin.issuer.fetchUserInfo(accessToken, claims.sub)
        : {};
    return signInWithIdentity(deps, 'LINKEDIN', identityOf({ ...claims, ...pickProfile(profile) }), {
      timeZone: input.time_zone,
    });
  });
}

/** Forgets LinkedIn states and used identity tokens once they have expired. */
export const pruneSocialSignInRecords = (deps: AppDeps) => q.pruneSocialSignInRecords(deps.db, deps.clock.now());
