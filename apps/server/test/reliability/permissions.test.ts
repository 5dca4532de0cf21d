import { afterAll, describe, expect, it } from 'vitest';
import { createGroup, createPayingUser, GROUP_CODE } from '../groups.js';
import { post } from '../helpers.js';
import { insertLead } from '../leads.js';
import { createTestApp } from '../test-app.js';
import { idFieldsOf, listOperations } from './openapi.js';
import {
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
  return {
    world: {
      groupId: group.groupId,
      groupName: group.name,
      leadId: lead.id,
      leadLastName: lead.lastName,
      roomId: lead.roomId,
      ownerId: owner.userId,
      memberId: member.userId,
      strangerId: stranger.userId,
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
    ]);
    if (checks.every((c) => c.status === 200)) return current;
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
        if (expected !== OK) {
          // A refusal tells nothing about the thing: not its name, not its lead's.
          expect(res.body, said).not.toContain(world.groupName);
          expect(res.body, said).not.toContain(world.leadLastName);
          expect(typeof res.json().message, said).toBe('string');
        }
      }
    });
  }
});
