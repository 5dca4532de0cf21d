import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  billingSubscriptions,
  chatMessages,
  opportunityShares,
  territories,
  users,
} from '../../src/db/schema/index.js';
import { runLeadImports } from '../../src/modules/lead-imports/lead-imports.service.js';
import { PNG_1X1, send, uploadAttachment } from '../chat/chat.js';
import { createGroup, createPayingUser, GROUP_CODE } from '../groups.js';
import { post } from '../helpers.js';
import { IMPORT_HEADER, importLine, uploadAndPreview } from '../lead-imports.js';
import { insertLead } from '../leads.js';
import { createContact, createOpportunity } from '../opportunities/support.js';
import { createTestApp } from '../test-app.js';
import { idFieldsOf, listOperations } from './openapi.js';
import {
  contactFields,
  DENIED,
  type Expectation,
  type MatrixEntry,
  OK,
  PERMISSION_MATRIX,
  ROLES,
  type Role,
  type World,
} from './permission-matrix.js';

// The permission matrix: every call of the OpenAPI document that takes an id, called as anonymous,
// a stranger, a member and the owner, against the lines of permission-matrix.ts.

const t = await createTestApp();
afterAll(() => t.close());
const operations = listOperations(t.app);
const withIds = operations.filter((op) => idFieldsOf(op).length > 0);

type Tokens = Record<Exclude<Role, 'anonymous'>, string>;
let current: { world: World; tokens: Tokens } | undefined;

async function createWorld(): Promise<{ world: World; tokens: Tokens }> {
  const owner = await createPayingUser(t);
  const group = await createGroup(t, owner.token);
  const member = await createPayingUser(t);
  const joined = await post(
    t,
    '/group/add',
    { groupName: group.name, privateCode: GROUP_CODE },
    { token: member.token },
  );
  if (joined.status !== 200) throw new Error(`group/add: ${joined.status}`);
  const stranger = await createPayingUser(t);
  const lead = await insertLead(t, { groupId: group.groupId, createdBy: owner.userId });

  // Chat: the group's room with a message and a file of the owner's, and a direct room owner–member.
  const rooms = await post(
    t,
    '/chat/room/list',
    { grouping_level: 'GROUP', grouping_level_id: group.groupId },
    { token: owner.token },
  );
  const chatRoomId = rooms.body?.rooms?.[0]?.roomId as number | undefined;
  if (rooms.status !== 200 || chatRoomId === undefined) throw new Error(`room/list: ${rooms.status}`);
  const sent = await send(t, owner.token, chatRoomId, 'Hello group');
  if (sent.status !== 200) throw new Error(`message/send: ${sent.status}`);
  const upload = await uploadAttachment(t, owner.token, [
    { name: 'room_id', data: String(chatRoomId) },
    { name: 'file', filename: 'dot.png', contentType: 'image/png', data: PNG_1X1 },
  ]);
  if (upload.status !== 200) throw new Error(`attachment/upload: ${upload.status}`);
  const direct = await post(t, '/chat/room/direct', { user_id: member.userId }, { token: owner.token });
  if (direct.status !== 200) throw new Error(`room/direct: ${direct.status}`);

  // An opportunity of the owner's shared with the member (the share row, as an accepted invite leaves it).
  const opportunity = await createOpportunity(t, owner.token);
  const contact = await createContact(t, owner.token, opportunity.opportunityId, contactFields);
  await t.db.insert(opportunityShares).values({ opportunityId: opportunity.opportunityId, userId: member.userId });

  // A business: the owner's (made with its billing customer) with the owner as ADMIN, an active
  // subscription, the member as an active SALES user, and a territory. The stranger stays in their own.
  const [ownerRow] = await t.db.select().from(users).where(eq(users.id, owner.userId));
  const businessId = ownerRow?.businessId;
  if (!businessId) throw new Error('the owner has no business');
  await t.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, owner.userId));
  await t.db.update(users).set({ businessId, role: 'SALES' }).where(eq(users.id, member.userId));
  const now = new Date();
  await t.db.insert(billingSubscriptions).values({
    businessId,
    providerSubscriptionId: `sub_matrix_${businessId}_${now.getTime()}`,
    status: 'active',
    quantity: 2,
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    providerUpdatedAt: now,
  });
  const [territory] = await t.db
    .insert(territories)
    .values({ businessId, name: `Matrix territory ${businessId}`, states: ['CA'] })
    .returning({ id: territories.id });

  // A finished CSV import of the owner's.
  const imported = await uploadAndPreview(t, owner.token, group.groupId, `${IMPORT_HEADER}\r\n${importLine()}\r\n`);
  const started = await post(t, '/lead/import/start', { import_id: imported.importId }, { token: owner.token });
  if (started.status !== 200) throw new Error(`lead/import/start: ${started.status}`);
  await runLeadImports(t.deps);

  return {
    world: {
      importId: imported.importId,
      groupId: group.groupId,
      groupName: group.name,
      leadId: lead.id,
      leadLastName: lead.lastName,
      roomId: lead.roomId,
      ownerId: owner.userId,
      memberId: member.userId,
      strangerId: stranger.userId,
      chatRoomId,
      messageId: sent.body.messageId,
      attachmentId: upload.body.attachment.attachmentId,
      directRoomId: direct.body.roomId,
      opportunityId: opportunity.opportunityId,
      opportunityName: opportunity.name,
      opportunityRoomId: opportunity.roomId,
      contactId: contact.contactId,
      contactLastName: contact.lastName,
      businessId,
      territoryId: territory!.id,
    },
    tokens: { owner: owner.token, member: member.token, stranger: stranger.token },
  };
}

/** The world, made again when a probe deleted, left or hid something in it. */
async function liveWorld() {
  if (current) {
    const { world, tokens } = current;
    const checks = await Promise.all([
      post(t, '/group/get', { group_id: world.groupId }, { token: tokens.owner }),
      post(t, '/group/get', { group_id: world.groupId }, { token: tokens.member }),
      post(t, '/lead/get', { lead_id: world.leadId }, { token: tokens.owner }),
      post(t, '/user/get', {}, { token: tokens.stranger }),
      post(t, '/opportunity/get', { opportunity_id: world.opportunityId }, { token: tokens.member }),
      post(t, '/opportunity/contact/get', { contact_id: world.contactId }, { token: tokens.member }),
    ]);
    const [message] = await t.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, world.messageId), isNull(chatMessages.deletedAt)));
    const [territory] = await t.db
      .select({ id: territories.id })
      .from(territories)
      .where(eq(territories.id, world.territoryId));
    const [member] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, world.memberId), eq(users.businessId, world.businessId)));
    if (checks.every((c) => c.status === 200) && message && territory && member) return current;
  }
  current = await createWorld();
  return current;
}

function describeExpectation(e: Expectation) {
  return e === OK ? 'a 2xx' : e === DENIED ? '403 or 404' : String(e);
}

describe('the permission matrix', () => {
  it('has a line for every call of the OpenAPI document that takes an id, and none for calls that are gone', () => {
    const keys = new Set(operations.map((op) => op.key));
    const missing = withIds.map((op) => op.key).filter((key) => !(key in PERMISSION_MATRIX));
    const stale = Object.keys(PERMISSION_MATRIX).filter((key) => !keys.has(key));
    expect(missing, 'calls without a line in test/reliability/permission-matrix.ts').toEqual([]);
    expect(stale, 'lines of calls the app no longer has').toEqual([]);
  });

  const probed = Object.entries(PERMISSION_MATRIX).filter(
    (entry): entry is [string, Exclude<MatrixEntry, { notOwned: string }>] => !('notOwned' in entry[1]),
  );
  for (const [key, entry] of probed) {
    const op = operations.find((o) => o.key === key);
    it(`${key}: ${ROLES.filter((r) => r in entry || r === 'anonymous').join(', ')}`, async () => {
      expect(op, `${key} is not in the OpenAPI document`).toBeDefined();
      for (const role of ROLES) {
        const expected = entry[role] ?? (role === 'anonymous' && op!.auth ? 401 : undefined);
        if (expected === undefined) continue;
        const { world, tokens } = await liveWorld();
        const query = entry.query
          ? new URLSearchParams(Object.entries(entry.query(world)).map(([k, v]): [string, string] => [k, String(v)]))
          : undefined;
        const res = await t.app.inject({
          method: op!.method,
          url: `${op!.path}${query ? `?${query}` : ''}`,
          ...(op!.method !== 'GET' && { payload: JSON.stringify(entry.body?.(world) ?? {}) }),
          headers: {
            ...(op!.method !== 'GET' && { 'content-type': 'application/json' }),
            ...(role !== 'anonymous' && { authorization: `Bearer ${tokens[role]}` }),
          },
        });
        const said = `${key} as ${role}: expected ${describeExpectation(expected)}, got ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (expected === OK) expect(res.statusCode >= 200 && res.statusCode < 300, said).toBe(true);
        else if (expected === DENIED) expect([403, 404], said).toContain(res.statusCode);
        else expect(res.statusCode, said).toBe(expected);
        if (expected !== OK || entry.silentTo?.includes(role)) {
          // A refusal (or a search's answer to a stranger) tells nothing about the thing: not its name, not its lead's.
          expect(res.body, said).not.toContain(world.groupName);
          expect(res.body, said).not.toContain(world.leadLastName);
          expect(res.body, said).not.toContain(world.opportunityName);
          expect(res.body, said).not.toContain(world.contactLastName);
          if (expected !== OK) expect(typeof res.json().message, said).toBe('string');
        }
      }
    });
  }
});
