import { importPKCS8, SignJWT } from 'jose';
import type { SocialConfig } from '../../config.js';
import { createOpenIdIssuer, type OpenIdIssuer } from './openid-issuer.js';

// The configured social sign-in providers, each an OpenID issuer with our client registration.

const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface IdentityProviders {
  google: { issuer: OpenIdIssuer; clientId: string } | null;
  apple: {
    issuer: OpenIdIssuer;
    clientId: string;
    /** Apple's client secret for the code exchange (a short-lived ES256 JWT); null when no key is set. */
    clientSecret: ((now: Date) => Promise<string>) | null;
  } | null;
  linkedin: { issuer: OpenIdIssuer; clientId: string; clientSecret: string } | null;
}

export function createIdentityProviders(config: SocialConfig): IdentityProviders {
  const { google, apple, linkedin } = config;
  return {
    google: google && {
      // Google's ID tokens name their issuer with or without the scheme.
      issuer: createOpenIdIssuer(google.issuer, {
        alsoAcceptedIssuers: google.issuer === GOOGLE_ISSUER ? ['accounts.google.com'] : [],
      }),
      clientId: google.clientId,
    },
    apple: apple && {
      issuer: createOpenIdIssuer(apple.issuer),
      clientId: apple.clientId,
      clientSecret:
        apple.codeExchange &&
        appleClientSecret({ ...apple.codeExchange, clientId: apple.clientId, audience: apple.issuer }),
    },
    linkedin: linkedin && {
      issuer: createOpenIdIssuer(linkedin.issuer),
      clientId: linkedin.clientId,
      clientSecret: linkedin.clientSecret,
    },
  };
}

const APPLE_SECRET_TTL_SECONDS = 5 * 60;

// Sign in with Apple's client secret: a JWT signed with the team's key (ES256), issued by the team,
// about the client id, for Apple's issuer. Made afresh for each exchange; it lives five minutes.
function appleClientSecret(key: {
  teamId: string;
  keyId: string;
  privateKey: string;
  clientId: string;
  audience: string;
}): (now: Date) => Promise<string> {
  let signingKey: ReturnType<typeof importPKCS8> | undefined;
  return async (now) => {
    signingKey ??= importPKCS8(key.privateKey, 'ES256');
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: key.keyId })
      .setIssuer(key.teamId)
      .setSubject(key.clientId)
      .setAudience(key.audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + APPLE_SECRET_TTL_SECONDS)
      .sign(await signingKey);
  };
}
