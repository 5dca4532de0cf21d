import type { DbOrTx } from '../db/client.js';
import { HOUR_MS } from './clock.js';
import { hashToken, randomToken } from './secrets.js';

// One way to invite (to a group, an opportunity, a business): a random code of 256 bits that only the
// e-mail carries, stored as its SHA-256 hex, open until it expires, spent by its first acceptance, and
// accepted only by the address it was sent to. Each module keeps its table (a store), its e-mail and
// what acceptance does.

/** What the kit reads of a stored invitation. */
export interface StoredInvitation {
  /** The invited address, lower-cased and trimmed as users.email. */
  email: string;
  /** No end stored reads as expired. */
  expiresAt: Date | null;
  /** Accepted already, or no longer open for another reason. */
  isSpent: boolean;
}

/** A module's table of invitations. */
export interface InvitationStore<T extends StoredInvitation> {
  /** The invitation stored under this code hash, within what the link names (its group, its address). */
  find(db: DbOrTx, codeHash: string): Promise<T | undefined>;
  /** Spends it in one conditional write: true for the first caller only, however many race. */
  spend(tx: DbOrTx, invitation: T, now: Date): Promise<boolean>;
}

/** The module's errors for a code that cannot be accepted. */
export interface InvitationFailures {
  /** No such code here, or it was spent. */
  invalid: () => Error;
  expired: () => Error;
  /** Someone other than the invited address. */
  otherAddress: () => Error;
}

/** A code someone presents. */
export interface PresentedCode {
  code: string;
  now: Date;
  /** The acceptor's address (null: they have none); left out where the link itself proves the address. */
  address?: string | null;
}

export interface NewInvitation {
  /** Goes into the e-mail only. */
  code: string;
  codeHash: string;
  expiresAt: Date;
}

/** The stored form of a code: SHA-256 hex, as every code sent so far was stored. */
export const hashInvitationCode = (code: string): string => hashToken(code);

/** A new invitation's code, the hash to store and its end. */
export function newInvitation(options: { now: Date; validDays: number }): NewInvitation {
  const code = randomToken();
  return {
    code,
    codeHash: hashInvitationCode(code),
    expiresAt: new Date(options.now.getTime() + options.validDays * 24 * HOUR_MS),
  };
}

/** The open invitation a code names, checked in this order: known and unspent, not expired, this address. */
export async function findOpenInvitation<T extends StoredInvitation>(
  db: DbOrTx,
  store: InvitationStore<T>,
  presented: PresentedCode,
  fail: InvitationFailures,
): Promise<T> {
  const invitation = await store.find(db, hashInvitationCode(presented.code));
  if (!invitation || invitation.isSpent) throw fail.invalid();
  if (!invitation.expiresAt || invitation.expiresAt.getTime() <= presented.now.getTime()) throw fail.expired();
  if (presented.address !== undefined && presented.address !== invitation.email) throw fail.otherAddress();
  return invitation;
}

/**
 * Accepts once, in the caller's transaction (what acceptance does follows in it): checks as
 * findOpenInvitation, then spends it. Of two acceptances at once one wins; the other is told the code is invalid.
 */
export async function acceptInvitation<T extends StoredInvitation>(
  tx: DbOrTx,
  store: InvitationStore<T>,
  presented: PresentedCode,
  fail: InvitationFailures,
): Promise<T> {
  const invitation = await findOpenInvitation(tx, store, presented, fail);
  if (!(await store.spend(tx, invitation, presented.now))) throw fail.invalid();
  return invitation;
}
