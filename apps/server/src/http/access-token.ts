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

export function createAccessTokens(secret: string, clock: Clock): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);
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
        return { userId, sessionId: payload.sid };
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw unauthorized('AUTH_TOKEN_EXPIRED');
        throw unauthorized('AUTH_TOKEN_INVALID');
      }
    },
  };
}
