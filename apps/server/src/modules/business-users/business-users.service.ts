import { Readable } from 'node:stream';
import type { businessInviteRequest, businessUsersRequest } from '@leadcircle/shared';
import {
  BUSINESS_USERS_CSV_HEADERS,
  type BusinessInviteInfo,
  type BusinessUser,
  type BusinessUsersResponse,
  csvRow,
  MESSAGES,
  type Tokens,
} from '@leadcircle/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict, notFound, unprocessable } from '../../http/errors.js';
import { acceptInvitation, findOpenInvitation, newInvitation } from '../../lib/invitations.js';
import { businessInviteLink } from '../../lib/links.js';
import { hashPassword } from '../../lib/passwords.js';
import * as users from '../accounts/accounts.service.js';
import { issueSession } from '../auth/auth.service.js';
import { syncSubscriptionQuantity } from '../billing/billing.service.js';
import { getBillingFlags } from '../billing/billing-status.service.js';
import { requireBusinessAdmin } from '../business/business.access.js';
import * as business from '../business/business.service.js';
import { businessJoined, businessLeft } from '../chat/chat.membership.js';
import { businessInviteEmail } from './business-users.emails.js';
import * as q from './business-users.queries.js';

// An invite link stays valid for a week.
const INVITE_VALID_DAYS = 7;

const userNotFound = () => notFound('BUSINESS_USER_NOT_FOUND');
const invalidLink = () => badRequest('BUSINESS_INVITE_INVALID', MESSAGES.tokenInvalid);
// The link names the address: a token with another address is no link of ours.
const inviteFailures = {
  invalid: invalidLink,
  expired: () => badRequest('BUSINESS_INVITE_EXPIRED'),
  otherAddress: invalidLink,
};

function present(businessId: number, row: q.ListedBusinessUser): BusinessUser {
  return {
    user: {
      userId: row.userId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      avatarUrl: users.avatarUrlOf(row.avatarKey),
    },
    role: row.role,
    status: row.status,
    startTime: row.startTime.toISOString(),
    business: { businessId },
  };
}

function presentUserRow(businessId: number, u: users.UserRow, status: BusinessUser['status'], startTime: Date) {
  return present(businessId, {
    userId: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    avatarKey: u.avatarKey,
    role: u.role,
    status,
    startTime,
  });
}

/** `/business/get_business_users`: users from start_position_users, then invited people to fill the page. */
export async function listBusinessUsers(
  deps: AppDeps,
  callerId: number,
  input: z.output<typeof businessUsersRequest>,
): Promise<BusinessUsersResponse> {
  await requireBusinessAdmin(deps.db, callerId, input.business_id);
  const filter: q.BusinessUserFilter = {
    businessId: input.business_id,
    role: input.user_role === 'ALL_ROLE' ? null : input.user_role,
    status: input.user_status ?? null,
    search: input.search || null,
  };
  const { usersCount, invitedCount } = await q.countBusinessUsers(deps.db, filter);
  const usersRows = await q.listUsersPage(deps.db, filter, input.start_position_users, input.get_next);
  const invitedRows = await q.listInvitedPage(
    deps.db,
    filter,
    input.start_position_invited,
    input.get_next - usersRows.length,
  );
  return {
    businessUsers: [...usersRows, ...invitedRows].map((r) => present(input.business_id, r)),
    totalCount: usersCount + invitedCount,
    usersCount,
    invitedCount,
  };
}

/** `/business/invite_user`: a new person starts INVITED and gets the BUSINESS_INVITE e-mail. */
export async function inviteBusinessUser(
  deps: AppDeps,
  callerId: number,
  input: z.output<typeof businessInviteRequest>,
): Promise<BusinessUser> {
  const caller = await requireBusinessAdmin(deps.db, callerId, input.business_id);
  if (input.status !== 'INVITED') {
    throw badRequest('BUSINESS_INVITE_STATUS');
  }
  // Seats are paid for: adding users needs the business's subscription to be active.
  if (!(await getBillingFlags(deps.db, input.business_id)).active) {
    throw unprocessable(
      'BUSINESS_SUBSCRIPTION_REQUIRED',
      'Subscribe first: every active user of your business is a paid seat.',
    );
  }
  const email = users.normalizeEmail(input.email);
  const existing = await users.findUserByEmail(deps, email);
  if (existing && existing.businessId === input.business_id && !existing.deletionRequestedAt) {
    throw conflict('BUSINESS_USER_EXISTS', `${email} is already a user of your business.`);
  }
  const prior = await q.findByEmail(deps.db, input.business_id, email);
  if (prior?.state === 'INVITED' && prior.tokenExpiresAt && prior.tokenExpiresAt > deps.clock.now()) {
    throw conflict('BUSINESS_USER_INVITED', `${email} has already been invited.`);
  }
  const now = deps.clock.now();
  const { code: token, codeHash, expiresAt } = newInvitation({ now, validDays: INVITE_VALID_DAYS });
  const row = await q.upsertBusinessUser(deps.db, {
    businessId: input.business_id,
    email,
    firstName: input.first_name,
    lastName: input.last_name,
    role: input.role,
    state: 'INVITED',
    userId: existing && !existing.deletionRequestedAt ? existing.id : null,
    tokenHash: codeHash,
    tokenExpiresAt: expiresAt,
    invitedBy: caller.id,
    addedAt: now,
  });
  const biz = await business.findBusinessById(deps.db, input.business_id);
  await deps.mailer.send(
    businessInviteEmail(email, {
      firstName: input.first_name,
      businessName: biz?.name ?? 'your business',
      inviterName: `${caller.firstName} ${caller.lastName}`.trim(),
      url: businessInviteLink(deps.config.appUrl, { token, email }),
      validDays: INVITE_VALID_DAYS,
    }),
  );
  deps.log.info({ businessId: input.business_id, businessUserId: row.id }, 'business invite sent');
  return present(input.business_id, {
    userId: row.userId ?? 0,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    avatarKey: null,
    role: row.role,
    status: 'INVITED',
    startTime: row.addedAt,
  });
}

/** The active user of a business, or 404. */
async function requireActiveUser(db: DbOrTx, businessId: number, userId: number) {
  const target = await users.findUserRowById(db, userId);
  if (!target || target.businessId !== businessId || target.deletionRequestedAt) throw userNotFound();
  return target;
}

/** `/business/update_user`: a new role; the last admin stays an admin, and an admin does not demote themselves. */
export async function updateBusinessUser(
  deps: AppDeps,
  callerId: number,
  input: { business_id: number; user_id: number; role: 'ADMIN' | 'SALES' },
): Promise<BusinessUser> {
  await requireBusinessAdmin(deps.db, callerId, input.business_id);
  const updated = await deps.db.transaction(async (tx) => {
    await business.lockBusiness(tx, input.business_id);
    const target = await requireActiveUser(tx, input.business_id, input.user_id);
    if (target.role === input.role) return target;
    if (target.role === 'ADMIN' && input.role !== 'ADMIN') {
      if (target.id === callerId) {
        throw unprocessable('BUSINESS_SELF_DEMOTION');
      }
      if ((await q.countAdmins(tx, input.business_id)) <= 1) {
        throw unprocessable('BUSINESS_LAST_ADMIN');
      }
    }
    await users.setUserBusiness(tx, target.id, input.business_id, input.role);
    return { ...target, role: input.role };
  });
  return presentUserRow(input.business_id, updated, 'ACTIVE', updated.createdAt);
}

/** `/business/remove_user`: the user becomes INACTIVE and leaves the business (their seat with them). */
export async function removeBusinessUser(
  deps: AppDeps,
  callerId: number,
  input: { business_id: number; user_id: number },
): Promise<BusinessUser> {
  await requireBusinessAdmin(deps.db, callerId, input.business_id);
  const removed = await deps.db.transaction(async (tx) => {
    await business.lockBusiness(tx, input.business_id);
    const target = await requireActiveUser(tx, input.business_id, input.user_id);
    if (target.id === callerId) {
      throw unprocessable(
        'BUSINESS_SELF_REMOVAL',
        'You cannot remove yourself from your business. Ask another admin to do it.',
      );
    }
    if (target.role === 'ADMIN' && (await q.countAdmins(tx, input.business_id)) <= 1) {
      throw unprocessable('BUSINESS_LAST_ADMIN');
    }
    const prior = await q.findByEmail(tx, input.business_id, target.email);
    const row = await q.upsertBusinessUser(tx, {
      businessId: input.business_id,
      email: target.email,
      firstName: target.firstName,
      lastName: target.lastName,
      role: target.role,
      state: 'INACTIVE',
      userId: target.id,
      tokenHash: null,
      tokenExpiresAt: null,
      addedAt: prior?.addedAt ?? target.createdAt,
    });
    await users.setUserBusiness(tx, target.id, null, 'SALES');
    return { target, row };
  });
  await syncSeats(deps, input.business_id);
  // Out of the business's chat room at once, also on an open socket.
  await businessLeft(deps, input.business_id, removed.target.id);
  return presentUserRow(input.business_id, removed.target, 'INACTIVE', removed.row.addedAt);
}

/** The subscription's quantity follows active users; the billing job catches up if this fails. */
async function syncSeats(deps: AppDeps, businessId: number): Promise<void> {
  try {
    await syncSubscriptionQuantity(deps, businessId);
  } catch (error) {
    deps.log.error({ err: error, businessId }, 'business: seat count update failed; the billing job retries');
  }
}

/** The invitations of the address the link names. */
const linkStore = (email: string) => q.businessInviteStore(users.normalizeEmail(email));

/** An account that can sign in already: confirmed, and not hidden by a deletion request. */
const canSignIn = (u: users.UserRow | undefined): boolean => Boolean(u?.emailConfirmedAt && !u.deletionRequestedAt);

/** `/business/get_invite`: what the link is for, so the page asks for a password only when needed. */
export async function getBusinessInvite(
  deps: AppDeps,
  input: { token: string; email: string },
): Promise<BusinessInviteInfo> {
  const presented = { code: input.token, now: deps.clock.now() };
  const row = await findOpenInvitation(deps.db, linkStore(input.email), presented, inviteFailures);
  const biz = await business.findBusinessById(deps.db, row.businessId);
  const account = await users.findUserByEmail(deps, row.email);
  return {
    businessName: biz?.name ?? '',
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    hasAccount: canSignIn(account),
  };
}

/**
 * `/business/accept_invite`: the link proves the address. A new person gets an account with the
 * password they chose and a session; an existing account joins and signs in as usual.
 */
export async function acceptBusinessInvite(
  deps: AppDeps,
  input: { token: string; email: string; password?: string },
): Promise<{ message: string; session: Tokens | null }> {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await acceptInvitation(tx, linkStore(input.email), { code: input.token, now }, inviteFailures);
    let account = await users.findUserRowByEmail(tx, row.email);
    let session: Tokens | null = null;
    if (account?.deletionRequestedAt) throw invalidLink();
    if (account && account.businessId !== null && account.businessId !== row.businessId) {
      throw conflict('BUSINESS_USER_IN_OTHER_BUSINESS');
    }
    if (!canSignIn(account)) {
      if (!passwordHash) throw badRequest('BUSINESS_INVITE_PASSWORD', MESSAGES.passwordRequired);
      if (!account) {
        account = await users.createUserIfAbsent(tx, {
          email: row.email,
          firstName: row.firstName,
          lastName: row.lastName,
          role: row.role,
          businessId: row.businessId,
          passwordHash,
          emailConfirmedAt: now,
        });
        if (!account) throw conflict('BUSINESS_INVITE_RETRY');
      } else {
        // An unconfirmed sign-up: the link proves the address; the invitee's password stands.
        await users.markEmailConfirmed(tx, account, now);
        await users.setPasswordHash(tx, account.id, passwordHash);
      }
      session = await issueSession(deps, tx, account.id);
    }
    if (!account) throw invalidLink();
    await users.setUserBusiness(tx, account.id, row.businessId, row.role);
    await q.updateBusinessUser(tx, row.id, { state: 'ACCEPTED', userId: account.id });
    const biz = await business.findBusinessById(tx, row.businessId);
    return { businessId: row.businessId, userId: account.id, businessName: biz?.name ?? 'the business', session };
  });
  await syncSeats(deps, outcome.businessId);
  // The business's chat room reaches the newcomer's open sockets from now on.
  await businessJoined(deps, outcome.businessId, outcome.userId);
  return { message: `You have joined ${outcome.businessName}.`, session: outcome.session };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YYYY HH:mm in the given time zone (UTC when it is unknown). */
export function formatAddedAt(date: Date, timeZone?: string): string {
  let zone = 'UTC';
  if (timeZone) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      zone = timeZone;
    } catch {
      zone = 'UTC';
    }
  }
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year} ${pad(Number(parts.hour))}:${parts.minute}`;
}

/** The Users page's CSV (ADMINs of the business): Name, Email Address, Role, Status, Added At. */
export async function exportBusinessUsers(
  deps: AppDeps,
  callerId: number,
  input: { business_id: number; time_zone?: string },
): Promise<{ filename: string; stream: Readable }> {
  await requireBusinessAdmin(deps.db, callerId, input.business_id);
  async function* lines() {
    yield csvRow(BUSINESS_USERS_CSV_HEADERS);
    for await (const u of q.streamAllBusinessUsers(deps.db, input.business_id)) {
      yield csvRow([
        `${u.firstName} ${u.lastName}`.trim(),
        u.email,
        u.role,
        u.status,
        formatAddedAt(u.startTime, input.time_zone),
      ]);
    }
  }
  return { filename: 'business-users.csv', stream: Readable.from(lines()) };
}
