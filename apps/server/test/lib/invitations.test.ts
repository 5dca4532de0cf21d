import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database, type DbOrTx, rowsOf } from '../../src/db/client.js';
import { HOUR_MS } from '../../src/lib/clock.js';
import {
  acceptInvitation,
  findOpenInvitation,
  hashInvitationCode,
  type InvitationStore,
  newInvitation,
  type StoredInvitation,
} from '../../src/lib/invitations.js';
import { createTestDatabase, type TestDatabase } from '../test-database.js';

// The invitation kit on a table of its own, stored the way a module stores its invitations.

let testDatabase: TestDatabase;
let database: Database;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = connectDatabase(testDatabase.url, { max: 4 });
  await database.db.execute(sql`
    create table kit_invites (
      id serial primary key,
      email text not null,
      code_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz
    )`);
});
afterAll(async () => {
  await database.close();
  await testDatabase.drop();
});

interface KitInvite extends StoredInvitation {
  id: number;
}

const store: InvitationStore<KitInvite> = {
  async find(db, codeHash) {
    const [row] = rowsOf<{ id: number; email: string; expires_at: Date; used_at: Date | null }>(
      await db.execute(sql`select * from kit_invites where code_hash = ${codeHash}`),
    );
    return row && { id: row.id, email: row.email, expiresAt: new Date(row.expires_at), isSpent: row.used_at !== null };
  },
  async spend(tx, invite, now) {
    const spent = await tx.execute(
      sql`update kit_invites set used_at = ${now.toISOString()} where id = ${invite.id} and used_at is null returning id`,
    );
    return rowsOf(spent).length === 1;
  },
};

const failures = {
  invalid: () => new Error('INVALID'),
  expired: () => new Error('EXPIRED'),
  otherAddress: () => new Error('OTHER_ADDRESS'),
};

const start = new Date('2026-11-22T12:00:00Z');
const later = (ms: number) => new Date(start.getTime() + ms);

async function invite(email: string, validDays = 7) {
  const invitation = newInvitation({ now: start, validDays });
  await database.db.execute(
    sql`insert into kit_invites (email, code_hash, expires_at) values (${email}, ${invitation.codeHash}, ${invitation.expiresAt.toISOString()})`,
  );
  return invitation;
}

const accept = (db: DbOrTx, code: string, address: string | null, now = later(HOUR_MS), from = store) =>
  acceptInvitation(db, from, { code, now, address }, failures);

describe('newInvitation', () => {
  it('makes a 256-bit URL-safe code, stored only as its SHA-256 hex, ending after the given days', () => {
    const invitation = newInvitation({ now: start, validDays: 7 });
    expect(invitation.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(invitation.code, 'base64url')).toHaveLength(32);
    expect(invitation.codeHash).toBe(crypto.createHash('sha256').update(invitation.code).digest('hex'));
    expect(invitation.codeHash).not.toContain(invitation.code);
    expect(invitation.expiresAt).toEqual(later(7 * 24 * HOUR_MS));
    expect(newInvitation({ now: start, validDays: 7 }).code).not.toBe(invitation.code);
  });

  it('hashes a code sent before the kit (24 random bytes) as it was stored then', () => {
    const oldCode = crypto.randomBytes(24).toString('base64url');
    expect(hashInvitationCode(oldCode)).toBe(crypto.createHash('sha256').update(oldCode).digest('hex'));
  });
});

describe('findOpenInvitation', () => {
  it('finds an open invitation without spending it', async () => {
    const { code } = await invite('open@example.com');
    const found = await findOpenInvitation(
      database.db,
      store,
      { code, now: later(HOUR_MS), address: 'open@example.com' },
      failures,
    );
    expect(found).toMatchObject({ email: 'open@example.com', isSpent: false });
    expect((await accept(database.db, code, 'open@example.com')).email).toBe('open@example.com');
  });

  it('refuses a wrong code as invalid', async () => {
    await invite('wrong.code@example.com');
    await expect(
      findOpenInvitation(database.db, store, { code: 'not-the-code', now: later(HOUR_MS) }, failures),
    ).rejects.toThrow('INVALID');
  });
});

describe('acceptInvitation', () => {
  it('accepts once: a second acceptance of the same code is invalid', async () => {
    const { code } = await invite('once@example.com');
    await database.db.transaction((tx) => accept(tx, code, 'once@example.com'));
    await expect(database.db.transaction((tx) => accept(tx, code, 'once@example.com'))).rejects.toThrow('INVALID');
  });

  it('lets exactly one of two concurrent acceptances of one code succeed', async () => {
    const { code } = await invite('race@example.com');
    // Both look the invitation up before either spends it.
    let arrived = 0;
    let release!: () => void;
    const bothFound = new Promise<void>((resolve) => {
      release = resolve;
    });
    const racing: InvitationStore<KitInvite> = {
      ...store,
      async find(db, codeHash) {
        const found = await store.find(db, codeHash);
        arrived += 1;
        if (arrived === 2) release();
        await bothFound;
        return found;
      },
    };
    const results = await Promise.allSettled([
      database.db.transaction((tx) => accept(tx, code, 'race@example.com', later(HOUR_MS), racing)),
      database.db.transaction((tx) => accept(tx, code, 'race@example.com', later(HOUR_MS), racing)),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toEqual(new Error('INVALID'));
  });

  it('refuses an expired invitation, also at the very moment it ends, and does not spend it', async () => {
    const { code } = await invite('late@example.com', 7);
    await expect(accept(database.db, code, 'late@example.com', later(7 * 24 * HOUR_MS))).rejects.toThrow('EXPIRED');
    await expect(accept(database.db, code, 'late@example.com', later(7 * 24 * HOUR_MS - 1))).resolves.toMatchObject({
      email: 'late@example.com',
    });
  });

  it('is bound to the invited address: another address, or none, is refused and the invitation stays open', async () => {
    const { code } = await invite('bound@example.com');
    await expect(accept(database.db, code, 'someone.else@example.com')).rejects.toThrow('OTHER_ADDRESS');
    await expect(accept(database.db, code, null)).rejects.toThrow('OTHER_ADDRESS');
    await expect(accept(database.db, code, 'bound@example.com')).resolves.toMatchObject({ email: 'bound@example.com' });
  });

  it('leaves the address to the link when no acceptor address is given', async () => {
    const { code } = await invite('by.link@example.com');
    const accepted = await acceptInvitation(database.db, store, { code, now: later(HOUR_MS) }, failures);
    expect(accepted.email).toBe('by.link@example.com');
  });

  it('checks in order: a spent code is invalid even when expired and for another address', async () => {
    const { code } = await invite('order@example.com');
    await accept(database.db, code, 'order@example.com');
    await expect(accept(database.db, code, 'other@example.com', later(30 * 24 * HOUR_MS))).rejects.toThrow('INVALID');
    const fresh = await invite('order.two@example.com');
    await expect(accept(database.db, fresh.code, 'other@example.com', later(30 * 24 * HOUR_MS))).rejects.toThrow(
      'EXPIRED',
    );
  });
});
