import crypto from 'node:crypto';
import type { EmailAction, Tokens } from '@leadcircle/shared';
import { MESSAGES } from '@leadcircle/shared';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { appError, badRequest, tooManyRequests, unauthorized } from '../../http/errors.js';
import { consumeRateLimits, isRateLimited, RATE_LIMITS, recordHit } from '../../http/rate-limit.js';
import { HOUR_MS } from '../../lib/clock.js';
import { forgotPasswordLink, passwordResetLink, signupConfirmationLink } from '../../lib/links.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, randomToken } from '../../lib/secrets.js';
import * as users from '../accounts/accounts.service.js';
import { accountExistsEmail, adminWelcomeEmail, confirmationEmail, passwordResetEmail } from './auth.emails.js';
import * as q from './auth.queries.js';
import { deleteUserSocialIdentities } from './social.queries.js';

// Lifetimes: refresh tokens 30 days, sign-up links 72 hours, reset links 1 hour.
const REFRESH_TOKEN_TTL_MS = 30 * 24 * HOUR_MS;
const EMAIL_TOKEN_TTL_MS: Record<EmailAction, number> = {
  SIGNUP_CONFIRMATION: 72 * HOUR_MS,
  RESET_PASSWORD: 1 * HOUR_MS,
};
// A new admin's first link: long enough to be opened after a weekend.
const ADMIN_WELCOME_TTL_MS = 7 * 24 * HOUR_MS;

const invalidCredentials = () => unauthorized('AUTH_INVALID_CREDENTIALS');
const invalidRefresh = () => unauthorized('AUTH_REFRESH_INVALID');
const invalidLink = () => badRequest('AUTH_LINK_INVALID');

/** Starts a session: a new refresh-token family and an access token (every way of signing in ends here). */
export async function issueSession(
  deps: AppDeps,
  db: DbOrTx,
  userId: number,
  familyId: string = crypto.randomUUID(),
): Promise<Tokens> {
  const refreshToken = randomToken();
  await q.insertRefreshToken(db, {
    userId,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(deps.clock.now().getTime() + REFRESH_TOKEN_TTL_MS),
  });
  return { accessToken: await deps.accessTokens.sign({ userId, sessionId: familyId }), refreshToken, userId };
}

async function createEmailToken(
  deps: AppDeps,
  userId: number,
  action: EmailAction,
  passwordHash?: string,
  ttlMs: number = EMAIL_TOKEN_TTL_MS[action],
): Promise<string> {
  const token = randomToken();
  await q.insertEmailToken(deps.db, {
    userId,
    action,
    passwordHash,
    tokenHash: hashToken(token),
    expiresAt: new Date(deps.clock.now().getTime() + ttlMs),
  });
  return token;
}

async function sendConfirmation(
  deps: AppDeps,
  user: users.UserRow,
  passwordHash: string,
  invite: SignupInvite,
): Promise<void> {
  const token = await createEmailToken(deps, user.id, 'SIGNUP_CONFIRMATION', passwordHash);
  const url = signupConfirmationLink(deps.config.appUrl, { token, email: user.email, ...invite });
  await deps.mailer.send(confirmationEmail(user.email, user.firstName, url));
}

/** An invite the person signed up with, carried by the confirmation link. */
interface SignupInvite {
  groupId?: number;
  groupInviteCode?: string;
  opportunityId?: number;
  opportunityInviteCode?: string;
}

export interface SignupInput {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  group_invite_code?: string;
  group_id?: number;
  opportunity_invite_code?: string;
  opportunity_id?: number;
  /** The browser's, for the account this creates. */
  time_zone?: string;
}

/** Always answers the same way, so sign-up does not reveal whether an address has an account. */
export async function signup(deps: AppDeps, input: SignupInput, ip: string): Promise<{ message: string }> {
  const email = users.normalizeEmail(input.email);
  await consumeRateLimits(
    deps.db,
    [
      { key: `signup:ip:${ip}`, rule: RATE_LIMITS.signupPerIp },
      { key: `signup:email:${email}`, rule: RATE_LIMITS.signupPerAddress },
    ],
    deps.clock.now(),
  );
  const invite: SignupInvite = {
    groupId: input.group_id,
    groupInviteCode: input.group_invite_code,
    opportunityId: input.opportunity_id,
    opportunityInviteCode: input.opportunity_invite_code,
  };
  const passwordHash = await hashPassword(input.password);
  const created = await users.createUser(deps.db, {
    role: 'SALES',
    email,
    firstName: input.first_name,
    lastName: input.last_name,
    passwordHash,
    ...(input.time_zone !== undefined && { timeZone: input.time_zone }),
  });
  if (created) {
    await sendConfirmation(deps, created, passwordHash, invite);
  } else {
    const existing = await users.findUserByEmail(deps, email);
    if (existing && !existing.deletionRequestedAt) {
      if (existing.emailConfirmedAt) {
        await deps.mailer.send(
          accountExistsEmail(existing.email, existing.firstName, forgotPasswordLink(deps.config.appUrl)),
        );
      } else {
        await sendConfirmation(deps, existing, passwordHash, invite);
      }
    }
  }
  return { message: MESSAGES.signupSuccess };
}

export async function login(deps: AppDeps, input: { email: string; password: string }, ip: string): Promise<Tokens> {
  const email = users.normalizeEmail(input.email);
  const now = deps.clock.now();
  const accountKey = `login-fail:email:${email}`;
  const ipKey = `login-fail:ip:${ip}`;
  if (
    (await isRateLimited(deps.db, accountKey, RATE_LIMITS.failedLoginPerAccount, now)) ||
    (await isRateLimited(deps.db, ipKey, RATE_LIMITS.failedLoginPerIp, now))
  ) {
    throw tooManyRequests('AUTH_TOO_MANY_ATTEMPTS');
  }
  const user = await users.findUserByEmail(deps, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk || user.deletionRequestedAt) {
    await recordHit(deps.db, accountKey, now);
    await recordHit(deps.db, ipKey, now);
    throw invalidCredentials();
  }
  if (!user.emailConfirmedAt) {
    // Only someone who knows the password learns this. No new link is sent from here: whoever set
    // that password must not be able to make the address's owner confirm it (sign up again instead).
    throw appError('AUTH_EMAIL_NOT_CONFIRMED');
  }
  return issueSession(deps, deps.db, user.id);
}

/** Rotates a refresh token; a rotated one presented again revokes its whole family. */
export async function refresh(deps: AppDeps, refreshToken: string): Promise<Tokens> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await q.findRefreshTokenForUpdate(tx, hashToken(refreshToken));
    if (!row || row.revokedAt || row.expiresAt <= now) return 'invalid' as const;
    if (row.rotatedAt) {
      await q.revokeRefreshTokenFamily(tx, row.familyId, now);
      return 'reused' as const;
    }
    if (!(await users.isActiveUser(deps, row.userId))) return 'invalid' as const;
    await q.markRefreshTokenRotated(tx, row.id, now);
    return issueSession(deps, tx, row.userId, row.familyId);
  });
  if (outcome === 'invalid') throw invalidRefresh();
  if (outcome === 'reused') {
    deps.log.warn('a rotated refresh token was presented again; its family is revoked');
    throw unauthorized('AUTH_REFRESH_REUSED');
  }
  return outcome;
}

/** Forgot password: the same answer whether or not the address has an account. */
export async function requestPasswordReset(
  deps: AppDeps,
  emailInput: string,
  ip: string,
): Promise<{ message: string }> {
  const email = users.normalizeEmail(emailInput);
  await consumeRateLimits(
    deps.db,
    [
      { key: `reset:ip:${ip}`, rule: RATE_LIMITS.resetPerIp },
      { key: `reset:email:${email}`, rule: RATE_LIMITS.resetPerAddress },
    ],
    deps.clock.now(),
  );
  const user = await users.findUserByEmail(deps, email);
  if (user && !user.deletionRequestedAt) {
    const token = await createEmailToken(deps, user.id, 'RESET_PASSWORD');
    const url = passwordResetLink(deps.config.appUrl, { token, email: user.email });
    await deps.mailer.send(passwordResetEmail(user.email, user.firstName, url));
  }
  return { message: MESSAGES.forgotPasswordSuccess };
}

export interface EmailActionInput {
  token: string;
  action: EmailAction;
  password?: string;
}

/** Uses a single-use e-mail token: confirms a sign-up or sets a new password, then signs in. */
export async function performEmailAction(deps: AppDeps, pathToken: string, input: EmailActionInput): Promise<Tokens> {
  if (pathToken !== input.token) throw invalidLink();
  const now = deps.clock.now();
  const passwordHash = input.action === 'RESET_PASSWORD' ? await hashPassword(input.password!) : undefined;
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await q.findEmailTokenForUpdate(tx, hashToken(input.token));
    if (!row || row.action !== input.action || row.usedAt) return 'invalid' as const;
    if (row.expiresAt <= now) return 'expired' as const;
    const user = await users.findUserRowById(tx, row.userId);
    if (!user || user.deletionRequestedAt) return 'invalid' as const;
    await q.useEmailTokens(tx, user.id, input.action, now);
    // Following either link proves the address is theirs.
    await users.markEmailConfirmed(tx, user, now);
    if (row.passwordHash) await users.setPasswordHash(tx, user.id, row.passwordHash);
    if (passwordHash) {
      await users.setPasswordHash(tx, user.id, passwordHash);
      // A new password ends every other session.
      await q.revokeUserRefreshTokens(tx, user.id, now);
    }
    return issueSession(deps, tx, user.id);
  });
  if (outcome === 'invalid') throw invalidLink();
  if (outcome === 'expired') throw badRequest('AUTH_LINK_EXPIRED');
  return outcome;
}

/** Ends every session of a user but one: a changed password signs out the other devices. */
export async function endOtherSessions(deps: AppDeps, userId: number, keepSessionId: string): Promise<void> {
  await q.revokeUserRefreshTokens(deps.db, userId, deps.clock.now(), keepSessionId);
}

/** Welcomes an admin created by an operator, with a 7-day link to choose a password; returns the link. */
export async function sendAdminWelcome(deps: AppDeps, user: users.UserRow, businessName: string): Promise<string> {
  const token = await createEmailToken(deps, user.id, 'RESET_PASSWORD', undefined, ADMIN_WELCOME_TTL_MS);
  const url = passwordResetLink(deps.config.appUrl, { token, email: user.email });
  await deps.mailer.send(adminWelcomeEmail(user.email, user.firstName, businessName, url));
  return url;
}

/** Removes every session, e-mail token and linked social identity of a user (account erasure). */
export async function deleteUserTokens(deps: AppDeps, userId: number): Promise<void> {
  await q.deleteUserTokens(deps.db, userId);
  await deleteUserSocialIdentities(deps.db, userId);
}
