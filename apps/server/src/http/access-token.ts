import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../lib/clock.js';
import { unauthorized } from './errors.js';

// Access tokens: HS256 JWTs, 15 minutes, subject = user id.
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'leadcircle';

/** Who a valid access token speaks for: the user and the session (refresh-token family) it came from. */
export interface AccessTokenClaims {
  userId: number;
  sessionId: string;
}

export interface AccessTokens {
  sign(claims: AccessTokenClaims): Promise<string>;
  /** The claims of a valid token; throws 401 otherwise. */
  verify(token: string): Promise<AccessTokenClaims>;
}

// Tokens already verified by this process, with their expiry: a token's signature never changes its
// answer, so a repeat is a map lookup instead of an HMAC (the expiry is still checked every time).
// A cache that may be lost: the least recently added go first.
const VERIFIED_CACHE_SIZE = 10_000;

export function createAccessTokens(secret: string, clock: Clock): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
  const verified = new Map<string, AccessTokenClaims & { expiresAtMs: number }>();
  return {
    sign({ userId, sessionId }) {
      const iat = nowSeconds();
      return new SignJWT({ typ: 'access', sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (clock.now().getTime() < known.expiresAtMs) return { userId: known.userId, sessionId: known.sessionId };
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          currentDate: clock.now(),
        });
        const userId = Number(payload.sub);
        if (payload.typ !== 'access' || !Number.isInteger(userId) || userId <= 0 || typeof payload.sid !== 'string') {
          throw new Error('bad claims');
        }
        if (typeof payload.exp === 'number') {
          if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
          verified.set(token, { userId, sessionId: payload.sid, expiresAtMs: payload.exp * 1000 });
        }
        return { userId, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthorized('AUTH_TOKEN_EXPIRED');
        throw unauthorized('AUTH_TOKEN_INVALID');
      }
    },
  };
}
